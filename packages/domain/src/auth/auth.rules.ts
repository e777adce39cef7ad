/** Pure rules and Spanish messages shared by the web forms and the API. */

export const OTP_LENGTH = 4;
export const OTP_VALIDITY_SECONDS = 120;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_FAILURES_PER_DAY = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_LENGTH = 10;
/** Fixed application identifier sent with OTP requests (AHGA §3 "aplicacion"). */
export const APP_IDENTIFIER = 'TOGO';

/** Processes a client may name on the public code endpoints (solicitar/verificar-codigo-otp). */
export const OTP_PROCESSES = ['RESETEAR_CLAVE', 'REGISTRO_USUARIO'] as const;
/**
 * The email change of a signed-in user (PATCH users-admin-manager {email}): its code goes to the new
 * address and is checked only by the signed-in verification endpoint, never by verificar-codigo-otp.
 */
export const EMAIL_CHANGE_PROCESS = 'CAMBIO_CORREO';
export type OtpProcess = (typeof OTP_PROCESSES)[number] | typeof EMAIL_CHANGE_PROCESS;

/** Letters (Spanish accents, ñ, ü included) and spaces. */
export const NAME_PATTERN = /^[A-Za-zÁÉÍÓÚáéíóúÑñÜü ]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
/** Simple email pattern, as the product's forms use. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const OTP_PATTERN = /^\d{4}$/;

export const MSG = {
  required: 'Este campo es obligatorio',
  lettersOnly: 'Solo se permiten letras y espacios',
  emailTaken: 'El correo ya esta registrado',
  emailInvalid: 'Correo no válido',
  phoneDigits: 'Debe tener 10 dígitos numéricos',
  passwordMin: `Debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`,
  passwordsDiffer: 'Las contraseñas no coinciden',
  loginEmailInvalid: 'Por favor, ingresa un correo electrónico válido.',
  /** A failed sign-in, without saying which of the two was wrong. */
  loginFailed: 'Correo o contraseña incorrectos.',
  changeIncomplete: 'Por favor, completa todos los campos correctamente.',
  changeMismatch: 'Las contraseñas no coinciden, recuerda que deben ser iguales',
  changeMin: 'Recuerda que la contraseña debe contar con mínimo 8 caracteres',
  modalEmail: 'Por favor ingresa un correo válido.',
  modalPhone: 'Por favor ingresa un número de teléfono válido.',
  selectOption: 'Por favor selecciona una opción.',
  unknownError: 'Error desconocido. Intente nuevamente.',
  otpSendFailed: 'Error al enviar el código, intente nuevamente',
  accountCreated: 'Tu cuenta se ha creado con éxito, empecemos a rodar juntos.',
} as const;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** Normalises a sign-in identifier: emails lower-cased and trimmed, phones digits only. */
export function normalizeIdentifier(value: string): string {
  const v = value.trim();
  return v.includes('@') ? v.toLowerCase() : v.replace(/\D/g, '');
}

/** 'juanperez@gmail.com' → '*******ez@gmail.com' (AHGA §9: last 2 characters before @ and the domain). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const visible = local.slice(-2);
  return `${'*'.repeat(Math.max(local.length - visible.length, 0))}${visible}${email.slice(at)}`;
}

/** '3001234567' → '******4567' (AHGA §9: only the last 4 digits). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const visible = digits.slice(-4);
  return `${'*'.repeat(Math.max(digits.length - visible.length, 0))}${visible}`;
}

export function maskIdentifier(value: string): string {
  return value.includes('@') ? maskEmail(value) : maskPhone(value);
}
