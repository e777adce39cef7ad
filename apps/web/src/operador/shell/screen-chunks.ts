import { useEffect, useState } from 'react';
import { useLocation, type Location } from 'react-router';
import { lazyScreen, type LazyComponent } from '../../lib/lazy-screen.ts';
import type { OperatorScreen } from '../screens.ts';

/** One lazy screen per console screen, made once, so a screen keeps its state across renders of the shell. */
const chunks = new Map<OperatorScreen['load'], LazyComponent>();

export function screenChunk(screen: OperatorScreen): LazyComponent {
  let chunk = chunks.get(screen.load);
  if (!chunk) {
    chunk = lazyScreen(screen.load, 'default');
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
    chunk.preload().then(show, show);
    return () => {
      current = false;
    };
  }, [chunk, location, waiting]);
  return { location: waiting ? shown : location, waiting: waiting && shown !== location };
}
