import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and on the server), true afterwards and in every page rendered
 * on the client alone. Parts that depend on what only the browser knows (the server's public configuration, for
 * one) wait for it, so the first client render matches the prerendered HTML (docs/decisions/044).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
