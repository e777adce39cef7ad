import { EMAIL_PATTERN, MSG, NAME_PATTERN } from '@togo/domain/auth/auth.rules';

/**
 * SPPF §5: change email — required and valid (capitals are lower-cased when sent, issue 36); change name — both
 * names required.
 */
export const PROFILE_FORM_MSG = {
  required: MSG.required,
  emailInvalid: MSG.emailInvalid,
  lettersOnly: MSG.lettersOnly,
} as const;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return PROFILE_FORM_MSG.required;
  if (!EMAIL_PATTERN.test(email)) return PROFILE_FORM_MSG.emailInvalid;
  return null;
}

export function validateName(value: string): string | null {
  const name = value.trim();
  if (!name) return PROFILE_FORM_MSG.required;
  if (!NAME_PATTERN.test(name)) return PROFILE_FORM_MSG.lettersOnly;
  return null;
}
