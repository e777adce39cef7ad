import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, type Location } from 'react-router';
import { settled } from '../../lib/lazy-when-loaded.ts';
import type { OperatorScreen } from '../screens.ts';

/** A screen's lazy component, the loading of its chunk, and whether it has loaded. */
export interface ScreenChunk {
  Component: LazyExoticComponent<ComponentType>;
  /** Loads the chunk once; settles when the component can render (loaded) or show its error (failed). */
  load(): Promise<void>;
  loaded(): boolean;
}

/** One per screen, made once, so a screen keeps its state across renders of the shell. */
const chunks = new Map<OperatorScreen['load'], ScreenChunk>();

export function screenChunk(screen: OperatorScreen): ScreenChunk {
  let chunk = chunks.get(screen.load);
  if (!chunk) {
    let component: ComponentType | null = null;
    let pending: Promise<void> | null = null;
    const load = () =>
      // A failure stays: React.lazy keeps it too, and the shell's boundary shows it.
      (pending ??= screen.load().then((module) => {
        component = module.default;
      }));
    chunk = {
      // Loaded: renders in the first pass (no fallback frame); otherwise suspends on the same load.
      Component: lazy(() =>
        component
          ? settled({ default: component })
          : load().then(() => ({ default: component as ComponentType })),
      ),
      load,
      loaded: () => component !== null,
    };
    chunks.set(screen.load, chunk);
  }
  return chunk;
}

/** The screen a console path opens: '/' the dashboard, '/sedes' and '/sedes/…' the branches. */
export function screenAt(screens: OperatorScreen[], pathname: string): OperatorScreen | undefined {
  return screens.find((s) =>
    s.path === '' ? pathname === '/' : pathname === `/${s.path}` || pathname.startsWith(`/${s.path}/`),
  );
}

/**
 * The location the console's routes draw: while a navigation waits for the next screen's chunk, the screen the
 * operator was on stays (and `waiting` shows the progress bar) instead of the loader replacing it; the next one
 * shows once loaded, or once failed (its error then shows in the shell's boundary). The drivers' app does the
 * same in app/route-kit.tsx (docs/decisions/045: Preact has no transitions to do it).
 */
export function useHeldLocation(screens: OperatorScreen[]): { location: Location; waiting: boolean } {
  const location = useLocation();
  const target = screenAt(screens, location.pathname);
  const chunk = target ? screenChunk(target) : null;
  const waiting = chunk !== null && !chunk.loaded();
  const [shown, setShown] = useState(location);
  if (!waiting && shown !== location) setShown(location);
  useEffect(() => {
    if (!chunk || !waiting) return;
    let current = true;
    const show = () => {
      if (current) setShown(location);
    };
    chunk.load().then(show, show);
    return () => {
      current = false;
    };
  }, [chunk, location, waiting]);
  return { location: waiting ? shown : location, waiting: waiting && shown !== location };
}
