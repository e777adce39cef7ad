import type { UserInfo } from '@togo/domain/auth/auth.contract';
import type { MyMembership } from '@togo/domain/organisation/organisation.contract';
import { isMembership } from '@togo/domain/organisation/organisation.roles';
import { API_CACHE } from './pwa-constants.ts';

/** localStorage keys (AHGA §3 "Local storage keys"). */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  vehicleSelected: 'vehicleSelected',
  empty: 'empty',
  infoInfracciones: 'infoInfracciones',
  /** The caller's organisation membership ({empresa, rol}) read after sign-in (issue 16). */
  fleetMembership: 'fleetMembership',
} as const;

/** sessionStorage keys: the two flags of the spec plus the state of the OTP flow in progress. */
export const SESSION_KEYS = {
  accessOtp: 'access_otp',
  accessChangePassword: 'access_change_password',
  /** JSON of the OTP flow in progress (mode, identifier, usuario_id, from, destination). Never a password. */
  otpFlow: 'otp_flow',
  /** The last session was closed elsewhere (lib/session-ended.ts): the sign-in says so until the next one. */
  sessionEnded: 'togo.sesion_cerrada',
} as const;

export type SessionFlag = typeof SESSION_KEYS.accessOtp | typeof SESSION_KEYS.accessChangePassword;

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function readJson<T>(storage: Storage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function getUserInfo(): UserInfo | null {
  const info = readJson<UserInfo>(localStorage, STORAGE_KEYS.userInfo);
  return info && typeof info === 'object' ? info : null;
}

export function setUserInfo(info: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
}

/** Merges fields into the stored userInfo; does nothing when none is stored. */
export function updateUserInfo(patch: Partial<UserInfo>): UserInfo | null {
  const current = getUserInfo();
  if (!current) return null;
  const next = { ...current, ...patch };
  setUserInfo(next);
  return next;
}

/** The stored organisation membership, or null (none, or malformed). */
export function getFleetMembership(): MyMembership | null {
  const stored = readJson<unknown>(localStorage, STORAGE_KEYS.fleetMembership);
  return isMembership(stored) ? { empresa: stored.empresa, rol: stored.rol } : null;
}

export function setFleetMembership(membership: MyMembership | null): void {
  if (membership) localStorage.setItem(STORAGE_KEYS.fleetMembership, JSON.stringify(membership));
  else localStorage.removeItem(STORAGE_KEYS.fleetMembership);
}

/** Stores the session after a successful sign-in: token (access_token or token) and userInfo. */
export function storeSession(info: UserInfo): void {
  const token = info.access_token || info.token;
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  setUserInfo(info);
  sessionStorage.removeItem(SESSION_KEYS.sessionEnded);
}

export function setSessionFlag(flag: SessionFlag): void {
  sessionStorage.setItem(flag, 'true');
}

export function hasSessionFlag(flag: SessionFlag): boolean {
  return sessionStorage.getItem(flag) === 'true';
}

export function clearSessionFlag(flag: SessionFlag): void {
  sessionStorage.removeItem(flag);
}

/** Logout: every local and session key goes (AHGA §2 "Logout clears all local storage"). */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  // The service worker's saved API answers belong to the user who leaves.
  if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => undefined);
}
