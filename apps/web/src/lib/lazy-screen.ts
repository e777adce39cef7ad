import { lazy, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import { settled } from './lazy-when-loaded.ts';

/**
 * Screens loaded on first use, for both apps' routes (the drivers' app/route-kit.tsx, the console's
 * operador/shell/screen-chunks.ts): each screen is its own chunk, loaded with React.lazy, that can be preloaded;
 * a counter of chunks in flight drives the thin progress bar of both.
 */

export type LazyComponent = ComponentType & { preload: () => Promise<ComponentType> };

let inFlight = 0;
const listeners = new Set<() => void>();
function setInFlight(delta: number) {
  inFlight += delta;
  // Preloads start while AppRoutes renders: tell the progress bar afterwards, never during that render.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

/** True while a screen's chunk is loading (the route progress bar). */
export function useRouteLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inFlight > 0,
    () => false,
  );
}

/** A screen whose module is loaded on first use: the named export `name` of the module `load` imports. */
export function lazyScreen<M>(load: () => Promise<M>, name: keyof M & string): LazyComponent {
  let pending: Promise<ComponentType> | null = null;
  let loaded: ComponentType | null = null;
  const preload = (): Promise<ComponentType> => {
    if (pending) return pending;
    setInFlight(1);
    pending = load().then(
      (module) => {
        setInFlight(-1);
        loaded = module[name] as ComponentType;
        return loaded;
      },
      (error: unknown) => {
        setInFlight(-1);
        // A failed chunk (offline, a new deployment): React.lazy keeps the failure for this screen, whose
        // error screen offers 'Reintentar' (a reload); a preload may still be tried again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  // A screen whose chunk has already loaded renders at once: React.lazy reads a thenable that settles
  // synchronously without suspending, so no loader flashes (and a prerendered page hydrates in one pass).
  const Component = lazy(() =>
    loaded ? settled({ default: loaded }) : preload().then((screen) => ({ default: screen })),
  ) as unknown as LazyComponent;
  Component.preload = preload;
  return Component;
}
