import { useSyncExternalStore } from 'react';

/**
 * What the PWA layer tells the screens: a new build is waiting ('Nueva versión disponible'), and the
 * last API answers came from the worker's cache (no connection). A tiny store, so the registration code
 * (app/pwa.ts, loaded after the first paint) and the API client can update it without React context.
 */
export interface PwaStatus {
  needRefresh: boolean;
  offlineData: boolean;
}

let status: PwaStatus = { needRefresh: false, offlineData: false };
const listeners = new Set<() => void>();
let updater: (() => void) | null = null;

export function setPwaStatus(patch: Partial<PwaStatus>): void {
  const next = { ...status, ...patch };
  if (next.needRefresh === status.needRefresh && next.offlineData === status.offlineData) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaStatus(): PwaStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}

/** Set by the registration: activates the waiting worker and reloads the page. */
export function setUpdater(fn: () => void): void {
  updater = fn;
}

export function applyUpdate(): void {
  setPwaStatus({ needRefresh: false });
  if (updater) updater();
  else window.location.reload();
}
