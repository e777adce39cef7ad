import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (e.g. a search box, so each keystroke is not a request). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
