import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true from a task after it: a screen draws what is above the fold first
 * and the rest in a task of its own, so neither render holds the main thread long (the first one then paints
 * sooner, and a tap is answered between the two).
 */
export function useLaterTask(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLater(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return later;
}
