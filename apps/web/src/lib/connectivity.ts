import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client.ts';

/**
 * Connection state for the offline screens (decision 040). `navigator.onLine` is false only when the device has
 * no network at all; a request that got no answer (ApiError status 0) is the other sign of being offline.
 */

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser says it has a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The request never got an answer: no connection, and nothing saved for it in the service worker's cache. */
export function isConnectionError(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}
