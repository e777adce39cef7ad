import { useEffect } from 'react';
import { clearAllStorage, getToken } from './storage.ts';

/**
 * The driver's session was closed elsewhere (support's "Cerrar sesiones", a password changed on another device, an
 * expired token): a read answered 401 while a token was stored (issue 38: the app then showed "Aún no tienes
 * vehículos" instead of the sign-in). Writes keep their own 401 handling (their screens say so in place).
 */
const SESSION_ENDED = 'togo:session-ended';

/** Whether an answer ends the session: a read refused for its token. */
export function endsSession(status: number, method: string): boolean {
  return status === 401 && method === 'GET' && getToken() !== null;
}

/** Forgets the session (once: the token is gone for the reads still in flight) and tells the app. */
export function endSession(): void {
  if (getToken() === null) return;
  clearAllStorage();
  window.dispatchEvent(new Event(SESSION_ENDED));
}

/** Runs `onEnded` when the session ends (the root layout sends the driver to the sign-in). */
export function useSessionEnded(onEnded: () => void): void {
  useEffect(() => {
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, [onEnded]);
}
