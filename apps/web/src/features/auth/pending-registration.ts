import type { SignupRequest } from '@togo/domain/auth/auth.contract';
import { readJson } from '../../lib/storage.ts';

/** Account payload waiting for its one-time code (AHGA §3, codigo_otp added at verification). */
export type AccountPayload = Omit<SignupRequest, 'codigo_otp'>;

/** What survives a reload: the payload without its password, and when a new code may be requested. */
export interface StoredRegistration {
  payload: Omit<AccountPayload, 'password' | 'password_confirmation'>;
  /** Epoch ms: the code's countdown ends (resend allowed) at this instant. */
  cooldownEnd: number;
}

/** sessionStorage key (per tab, gone when it closes). Never holds the password. */
export const PENDING_REGISTRATION_KEY = 'pending_registration';

/** The password stays in memory only: after a reload the code screen asks for it again. */
let password: string | null = null;

export function setPendingRegistration(payload: AccountPayload, cooldownEnd: number): void {
  const { password: secret, password_confirmation: _confirmation, ...rest } = payload;
  password = secret;
  const stored: StoredRegistration = { payload: rest, cooldownEnd };
  sessionStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(stored));
}

export function getPendingRegistration(): StoredRegistration | null {
  const stored = readJson<StoredRegistration>(sessionStorage, PENDING_REGISTRATION_KEY);
  return stored && typeof stored.payload?.email === 'string' && typeof stored.cooldownEnd === 'number'
    ? stored
    : null;
}

/** The password typed on the form, or null once a reload dropped it. */
export function getPendingPassword(): string | null {
  return password;
}

export function setPendingCooldown(cooldownEnd: number): void {
  const stored = getPendingRegistration();
  if (stored) sessionStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify({ ...stored, cooldownEnd }));
}

/** The full payload with a password (the remembered one, or one typed again after a reload). */
export function accountPayload(stored: StoredRegistration, typed: string | null): AccountPayload | null {
  const secret = typed ?? password;
  return secret ? { ...stored.payload, password: secret, password_confirmation: secret } : null;
}

export function clearPendingRegistration(): void {
  password = null;
  sessionStorage.removeItem(PENDING_REGISTRATION_KEY);
}

/** What the form showed, to fill it again when the user comes back from the code screen (issue 36). */
export function pendingFormValues(): {
  nombres: string;
  apellidos: string;
  email: string;
  telefono: string;
  password: string;
  password_confirmation: string;
  politica: boolean;
} | null {
  const stored = getPendingRegistration();
  if (!stored) return null;
  const { tercero, email } = stored.payload;
  return {
    nombres: tercero.nombres ?? '',
    apellidos: tercero.apellidos ?? '',
    email,
    telefono: tercero.telefono ?? '',
    password: password ?? '',
    password_confirmation: password ?? '',
    politica: stored.payload.politica_datos?.aceptada ?? false,
  };
}

/**
 * When the code already sent for this email and phone is still valid (epoch ms it stops being so), or null:
 * the form sent again then goes back to the code screen without asking for (and counting) another code.
 */
export function freshCodeUntil(payload: AccountPayload, now: number = Date.now()): number | null {
  const stored = getPendingRegistration();
  if (!stored || stored.cooldownEnd <= now) return null;
  const same =
    stored.payload.email === payload.email && stored.payload.tercero.telefono === payload.tercero.telefono;
  return same ? stored.cooldownEnd : null;
}
