import { z } from 'zod';

/**
 * Personal data (Ley 1581 de 2012), decision 021: a signed-in user downloads their data as a .zip
 * (datos.json plus their files) and deletes their account (sessions revoked at once, personal data purged
 * PURGE_AFTER_DAYS later by a job).
 */

export const PERSONAL_DATA_PATHS = {
  /** GET → application/zip */
  export: '/api/togo/mis-datos/',
  /** DELETE with { password } (or { confirmacion: 'ELIMINAR' } for an account without a password) → 204 */
  deleteAccount: '/api/togo/mi-cuenta/',
} as const;

/** Days between the deletion and the purge of the account's personal data. */
export const PURGE_AFTER_DAYS = 30;

/**
 * What a company's fleet driver row keeps as its (not null) document number once the person behind it deleted
 * their account and was purged: the vehicle stays, the person is gone, and no look-up runs for it.
 */
export const ANONYMISED_DRIVER_DOCUMENT = 'ELIMINADO';

/** The word an account without a password (Google/Facebook sign-in) types to confirm its deletion. */
export const DELETE_CONFIRMATION_WORD = 'ELIMINAR';

export const PERSONAL_DATA_MSG = {
  passwordRequired: 'Ingresa tu contraseña para confirmar.',
  passwordWrong: 'La contraseña no es correcta.',
  confirmationRequired: `Escribe ${DELETE_CONFIRMATION_WORD} para confirmar.`,
  invalidText: 'El texto contiene caracteres no permitidos.',
} as const;

const noNul = (s: string) => !s.includes('\u0000');

/** Body of DELETE /api/togo/mi-cuenta/. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: PERSONAL_DATA_MSG.passwordRequired })
    .max(200, 'Máximo 200 caracteres.')
    .refine(noNul, PERSONAL_DATA_MSG.invalidText)
    .optional(),
  confirmacion: z
    .string({ error: PERSONAL_DATA_MSG.confirmationRequired })
    .max(50, 'Máximo 50 caracteres.')
    .refine(noNul, PERSONAL_DATA_MSG.invalidText)
    .optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountSchema>;
