import type { SignupRequest } from '@togo/domain/auth/auth.contract';

/** Account payload waiting for its one-time code (AHGA §3, codigo_otp added at verification). */
export type AccountPayload = Omit<SignupRequest, 'codigo_otp'>;

/**
 * Held in memory only, because it contains the password: a reload loses it and send-code then sends the
 * user back to create-account.
 */
let pending: AccountPayload | null = null;

export function setPendingRegistration(payload: AccountPayload): void {
  pending = payload;
}

export function getPendingRegistration(): AccountPayload | null {
  return pending;
}

export function clearPendingRegistration(): void {
  pending = null;
}
