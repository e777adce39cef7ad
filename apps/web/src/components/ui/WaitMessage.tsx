import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';

/** The instant (epoch ms) a throttled call (429 with Retry-After) may be tried again, or null. */
export function retryAt(error: unknown, now: number = Date.now()): number | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfter === null) return null;
  return now + error.retryAfter * 1000;
}

/** Whole seconds from now until `until`, never below zero. */
export const secondsUntil = (until: number, now: number = Date.now()) =>
  Math.max(0, Math.ceil((until - now) / 1000));

/** Seconds left until `until`, updated every second while above zero. */
export function useSecondsLeft(until: number | null): number {
  const [left, setLeft] = useState(() => (until === null ? 0 : secondsUntil(until)));
  useEffect(() => {
    if (until === null) return;
    // Synchronising with the wall clock (an outside system) when the end changes: measured now, not at the
    // last tick, so a restart shows the full time at once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLeft(secondsUntil(until));
    const id = setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (next === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  return left;
}

/** '45 segundos', '1 segundo'; from two minutes on, whole minutes rounded up ('60 minutos'). */
export function waitDuration(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutos`;
  return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
}

/** A 'Debes esperar' text with the seconds left counting down live. */
export function WaitMessage({ text, until }: { text: string; until: number }) {
  const left = useSecondsLeft(until);
  return (
    <>
      {text}{' '}
      <span aria-live="polite">
        {left > 0 ? `Podrás intentarlo de nuevo en ${waitDuration(left)}.` : 'Ya puedes intentarlo de nuevo.'}
      </span>
    </>
  );
}
