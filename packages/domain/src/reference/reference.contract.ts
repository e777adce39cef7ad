import { z } from 'zod';
import { INT_RANGES, maxValueMessage } from '../input-limits.ts';

/**
 * Wire contract of the reference-data calls (AHGA §3 and §7): departments, cities and document types.
 * Ids of departments and cities are DANE DIVIPOLA codes as integers (5 = Antioquia, 11001 = Bogotá).
 */

export const COUNTRY_COLOMBIA = 1;

export const REFERENCE_MESSAGES = {
  required: 'Este campo es obligatorio.',
  integer: 'Debe ser un número entero.',
} as const;

/** A query-string integer id: digits only (no signs, decimals or spaces inside). */
export const queryId = () =>
  z
    .string({ error: REFERENCE_MESSAGES.required })
    .trim()
    .regex(/^\d{1,9}$/, REFERENCE_MESSAGES.integer)
    .transform(Number);

/** GET /api/automas-param-departaments/?country_id=1 (country_id optional, default 1 = Colombia). */
export const departmentsQuerySchema = z.object({
  /** departments.country_id is a smallint. */
  country_id: queryId()
    .pipe(z.number().max(INT_RANGES.smallint.max, maxValueMessage(INT_RANGES.smallint.max)))
    .optional(),
});

/** GET /api/automas-param-cities/?departament={id} — the spec's spelling 'departament'. */
export const citiesQuerySchema = z.object({
  departament: queryId(),
});

export const departmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
export const departmentsResponseSchema = z.array(departmentSchema);

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Department id (DANE department code as an integer). */
  department: z.number().int(),
});
export type City = z.infer<typeof citySchema>;
export const citiesResponseSchema = z.array(citySchema);

export const documentTypeSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type DocumentType = z.infer<typeof documentTypeSchema>;
/** GET /api/automas-param-type-document/ → {results}. */
export const documentTypesResponseSchema = z.object({ results: z.array(documentTypeSchema) });
export type DocumentTypesResponse = z.infer<typeof documentTypesResponseSchema>;
