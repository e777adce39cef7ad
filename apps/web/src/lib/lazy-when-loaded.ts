import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A thenable that calls back synchronously: React.lazy then takes the module without suspending. */
export function settled<T>(value: T): Promise<T> {
  const thenable = {
    then(onFulfilled?: (value: T) => unknown) {
      onFulfilled?.(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}

/**
 * React.lazy over a module that starts loading now (beside the screen that shows it), and that renders in the
 * first pass once loaded instead of showing its Suspense fallback for a frame.
 */
export function lazyWhenLoaded<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> & { ready: Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  const pending = load().then((module) => (loaded = pick(module)));
  const component = lazy(() =>
    loaded ? settled({ default: loaded }) : pending.then((resolved) => ({ default: resolved })),
  );
  // Settles (loaded or failed) once the component renders without suspending: a screen's preload waits for it, so
  // the first render draws the section rather than its fallback (React shows a fallback at least 300 ms). A failure
  // shows where the component renders (its error boundary); handled here, it is never an unhandled rejection.
  return Object.assign(component, { ready: pending.then(noop, noop) });
}

const noop = () => undefined;
