import type { OtpProcess } from '@togo/domain/auth/auth.rules';
import { readJson, SESSION_KEYS } from '../../lib/storage.ts';

/**
 * State of the one-time-code flow in progress, kept in sessionStorage (per tab, gone when it closes) so
 * send-code and change-password survive a reload. It never holds a password.
 */
export interface OtpFlow {
  mode: 'create' | 'reset';
  proceso: OtpProcess;
  /** Email or phone the code was sent for (reset), or the email being registered (create). */
  identificador: string;
  usuario_id: number | null;
  /** 'app' when the reset started from the profile (completion returns there). */
  from: 'app' | null;
  /** Masked destination the server reported (otp.destino). */
  destino: string | null;
  /** The verified code, set once send-code verified it (reset only); resetear-clave needs it. */
  codigo?: string;
}

export function getOtpFlow(): OtpFlow | null {
  return readJson<OtpFlow>(sessionStorage, SESSION_KEYS.otpFlow);
}

export function setOtpFlow(flow: OtpFlow): void {
  sessionStorage.setItem(SESSION_KEYS.otpFlow, JSON.stringify(flow));
}

export function clearOtpFlow(): void {
  sessionStorage.removeItem(SESSION_KEYS.otpFlow);
}
