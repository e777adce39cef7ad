import { useEffect, useState } from 'react';
import { WAIT_IN_TEXT, waitText } from '@togo/domain/wait-text';
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

/**
 * A throttled call's message with its wait counting down live, as one message with one number (issue 36):
 * the wait the server wrote ("… en 48 minutos.") is replaced by the time left, written by the same waitText;
 * a text without a wait gets one sentence with it. At zero it says the user may try again.
 */
export function WaitMessage({ text, until }: { text: string; until: number }) {
  const left = useSecondsLeft(until);
  return <span aria-live="polite">{liveWaitText(text, left)}</span>;
}

/** The text of WaitMessage for `left` seconds. */
export function liveWaitText(text: string, left: number): string {
  if (left <= 0) return 'Ya puedes intentarlo de nuevo.';
  if (WAIT_IN_TEXT.test(text)) return text.replace(WAIT_IN_TEXT, waitText(left));
  return `${text} Podrás intentarlo de nuevo en ${waitText(left)}.`;
}
