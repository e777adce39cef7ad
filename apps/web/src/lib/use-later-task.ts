import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a task after it: a screen draws what is above the fold first
 * and the rest after it, as a transition (React renders it in slices, yielding to the browser between them), so
 * neither render holds the main thread long (the first one then paints sooner, and a tap is answered meanwhile).
 */
export function useLaterTask(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setLater(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return later;
}
