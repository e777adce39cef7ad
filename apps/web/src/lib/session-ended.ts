import { useEffect, useSyncExternalStore } from 'react';
import { clearAllStorage, getToken, SESSION_KEYS } from './storage.ts';

/**
 * The driver's session was closed elsewhere (support's "Cerrar sesiones", a password changed on another device, an
 * expired token): a read answered 401 while a token was stored (issue 38: the app then showed "Aún no tienes
 * vehículos" instead of the sign-in). Writes keep their own 401 handling (their screens say so in place).
 * The session is forgotten and a mark left in sessionStorage, so the sign-in says why even when the refusal came
 * before the app had drawn anything (the page's early reads): the token guard then sends to the sign-in itself. The
 * mark goes with the next sign-in (storage.storeSession).
 */
const SESSION_ENDED = 'togo:session-ended';
const ENDED_KEY = SESSION_KEYS.sessionEnded;

/** Whether an answer ends the session: a read refused for its token. */
export function endsSession(status: number, method: string): boolean {
  return status === 401 && method === 'GET' && getToken() !== null;
}

/** Forgets the session (once: the token is gone for the reads still in flight), leaves the mark, tells the app. */
export function endSession(): void {
  if (getToken() === null) return;
  clearAllStorage();
  try {
    sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    /* storage unavailable: the sign-in just does not say why */
  }
  window.dispatchEvent(new Event(SESSION_ENDED));
}

/** Whether the last session ended elsewhere (and no one has signed in since). */
export function sessionEndedMark(): boolean {
  try {
    return sessionStorage.getItem(ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

const noChanges = () => () => undefined;

/**
 * The mark, for the sign-in: false while it hydrates its prerendered page (which has no such line), the mark after.
 */
export function useSessionEndedMark(): boolean {
  return useSyncExternalStore(noChanges, sessionEndedMark, () => false);
}

/** Runs `onEnded` when the session ends while the app is on screen (the root layout goes to the sign-in). */
export function useSessionEnded(onEnded: () => void): void {
  useEffect(() => {
    window.addEventListener(SESSION_ENDED, onEnded);
    return () => window.removeEventListener(SESSION_ENDED, onEnded);
  }, [onEnded]);
}
