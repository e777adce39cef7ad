import * as z from 'zod/mini';
import { MSG, NAME_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '@togo/domain/auth/auth.rules';

// zod/mini keeps this route's chunk small; the rules are the same as with the classic API.

export const DATA_POLICY_REQUIRED = 'Debes aceptar la política de tratamiento de datos personales.';

const required = () => z.minLength(1, { error: MSG.required });

const name = () =>
  z.string().check(z.trim(), required(), z.maxLength(80), z.regex(NAME_PATTERN, { error: MSG.lettersOnly }));

/**
 * Registration form rules (AHGA §5). `isTaken` answers from the asynchronous username checks already
 * made, so a taken email keeps the form invalid.
 */
export function createRegistrationSchema(isTaken: (email: string) => boolean) {
  return z
    .object({
      nombres: name(),
      apellidos: name(),
      email: z.pipe(
        z.string().check(z.trim(), required()),
        z.email({ error: MSG.emailInvalid }).check(
          z.maxLength(254, { error: MSG.emailInvalid }),
          z.refine((email) => !isTaken(email), { error: MSG.emailTaken }),
        ),
      ),
      telefono: z.string().check(z.trim(), required(), z.regex(PHONE_PATTERN, { error: MSG.phoneDigits })),
      password: z
        .string()
        .check(
          required(),
          z.minLength(PASSWORD_MIN_LENGTH, { error: MSG.passwordMin }),
          z.maxLength(128, { error: 'No puede tener más de 128 caracteres' }),
        ),
      password_confirmation: z.string().check(required()),
      // Ley 1581 (issue 36): the data-processing policy is accepted before the account exists.
      politica: z.boolean().check(z.refine((accepted) => accepted, { error: DATA_POLICY_REQUIRED })),
    })
    .check(
      z.refine((form) => form.password === form.password_confirmation, {
        path: ['password_confirmation'],
        error: MSG.passwordsDiffer,
        // Compare as soon as both password fields are valid, whatever the other fields hold.
        when: (payload) =>
          !payload.issues.some(
            (issue) => issue.path?.[0] === 'password' || issue.path?.[0] === 'password_confirmation',
          ),
      }),
    );
}

export type RegistrationValues = z.input<ReturnType<typeof createRegistrationSchema>>;
