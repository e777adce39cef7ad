import { useCallback, useLayoutEffect, useState } from 'react';
import { readJson } from '../../lib/storage.ts';

/** sessionStorage keys of the flows in progress: the steps survive a reload, not a new tab or a logout. */
export const FLOW_KEYS = {
  rtm: 'booking_rtm',
  peritaje: 'booking_peritaje',
  tramite: 'booking_tramite',
} as const;
export type FlowKey = (typeof FLOW_KEYS)[keyof typeof FLOW_KEYS];

/**
 * State of a booking flow kept in sessionStorage. `update` merges a patch; `reset` forgets the flow (done
 * when it is left or finished). A stored value of another shape (older version) is ignored by `isValid`.
 */
export function useFlowState<T extends object>(key: FlowKey, initial: T, isValid: (value: T) => boolean) {
  const [state, setState] = useState<T>(() => {
    const stored = readJson<T>(sessionStorage, key);
    return stored && typeof stored === 'object' && isValid({ ...initial, ...stored })
      ? { ...initial, ...stored }
      : initial;
  });

  // Written in the commit that shows the state, before the browser can paint it: a reload right after a step
  // appeared finds the step it showed.
  useLayoutEffect(() => {
    sessionStorage.setItem(key, JSON.stringify(state));
  }, [key, state]);

  const update = useCallback((patch: Partial<T>) => setState((current) => ({ ...current, ...patch })), []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(key);
    setState(initial);
    // `initial` is a constant of each flow module.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  /** The flow is over (booked): drop the stored copy without changing the screen. */
  const forget = useCallback(() => sessionStorage.removeItem(key), [key]);

  return { state, update, reset, forget };
}
