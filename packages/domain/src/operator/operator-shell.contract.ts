import { z } from 'zod';
import { staffRoleSchema } from './operator-auth.contract.ts';

/**
 * The console shell's own reads (docs/decisions/029): who is signed in. The dashboard summary and the paged
 * audit log are in operator-dashboard.contract.ts.
 */
export const staffMeSchema = z.object({
  id: z.number().int(),
  correo: z.string(),
  nombre: z.string(),
  rol: staffRoleSchema,
  totp: z.boolean(),
  /** The role requires TOTP and it is not enrolled yet: the session may only enrol. */
  totp_pendiente: z.boolean(),
  /** Unused recovery codes of the second factor (decision 065); 0 without it. */
  recuperacion_restantes: z.number().int().default(0),
});
export type StaffMe = z.infer<typeof staffMeSchema>;
