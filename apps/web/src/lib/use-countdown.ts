import { useEffect, useState } from 'react';

/**
 * Counts down one step a second while above zero (the OTP timer, AHGA §4); `restart` starts again from
 * `seconds`. `initial` (default `seconds`) is where it starts: 0 when the code was sent earlier.
 */
export function useCountdown(seconds: number, initial = seconds) {
  const [remaining, setRemaining] = useState(initial);
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setRemaining((value) => Math.max(value - 1, 0)), 1000);
    return () => clearInterval(id);
  }, [running]);
  return { remaining, restart: () => setRemaining(seconds) };
}
