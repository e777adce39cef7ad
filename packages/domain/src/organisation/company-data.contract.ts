import { z } from 'zod';
import { NIT_MSG, nitSchema } from '../reference/nit.ts';
import { containsLink, LINK_REFUSED_MSG } from '../user-links.ts';

/**
 * A company account's own data (issue 37): its razón social and NIT, set and edited by an administrador of its
 * organisation, and quoted as "Razón social (NIT 900123456-8)" on the fleet PDF, the invitation and the exports
 * (decision 123).
 */
export const COMPANY_DATA_PATH = '/api/togo/empresa/datos/';

export const COMPANY_DATA_MSG = {
  nameRequired: 'Escribe la razón social de la empresa.',
  nameTooLong: 'La razón social admite como máximo 200 caracteres.',
  nameInvalid: 'La razón social contiene caracteres no permitidos.',
  adminOnly: 'Solo un administrador de la empresa puede cambiar sus datos.',
} as const;

/** Control and format characters (line breaks, direction overrides): a company name is one plain line. */
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export const companyDataInputSchema = z.object({
  razon_social: z
    .string({ error: COMPANY_DATA_MSG.nameRequired })
    .trim()
    .min(2, { error: COMPANY_DATA_MSG.nameRequired })
    .max(200, { error: COMPANY_DATA_MSG.nameTooLong })
    .refine((v) => !CONTROL.test(v), { error: COMPANY_DATA_MSG.nameInvalid })
    // It reaches other people's inboxes (invitations): no links (issue 35, finding 5).
    .refine((v) => !containsLink(v), { error: LINK_REFUSED_MSG }),
  /** Optional: blank, null or absent clears it; otherwise stored as "900123456-8". */
  nit: z
    .union([z.string(), z.null()], { error: NIT_MSG.invalid })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v))
    .pipe(nitSchema.nullable()),
});
export type CompanyDataInput = z.input<typeof companyDataInputSchema>;

export const companyDataSchema = z.object({
  razon_social: z.string().nullable(),
  nit: z.string().nullable(),
  /** The name the PDF, the invitation and the exports show: "Razón social (NIT …)", else the account's name. */
  nombre: z.string(),
  /** Whether the caller may change them (an administrador of the organisation). */
  editable: z.boolean(),
});
export type CompanyData = z.infer<typeof companyDataSchema>;

/** "Razón social (NIT 900123456-8)"; the name alone without a NIT; the NIT alone when there is no name. */
export function companyLabel(name: string, nit: string | null | undefined): string {
  const clean = name.trim();
  if (!nit) return clean;
  return clean ? `${clean} (NIT ${nit})` : `NIT ${nit}`;
}
