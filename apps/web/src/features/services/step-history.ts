import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const KEY = 'flowStep';

function stepOf(state: unknown): string | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const value = (state as Record<string, unknown>)[KEY];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Gives each step of a wizard its own browser history entry: moving forward pushes one ({ flowStep }), moving
 * back in the app replaces it, and the browser's back (or forward) button shows the step of that entry with
 * the choices kept in the flow's state. The entry the wizard was opened on stands for the step it opened at.
 * A step whose prerequisites are gone is not shown. One-shot navigation inputs (an alert's clave) are not
 * copied into the step entries. `openAt` is the step the wizard opens at when that is decided by how it was
 * reached (an alert's 'Agendar RTM' opens at the branch list) rather than by its stored state: the opening
 * entry then stands for that step, so no entry is pushed for it and a back from the next step lands on it,
 * whichever of the two navigations (consuming the alert's state, recording the step) React runs first.
 */
export function useStepHistory<S extends string>(
  step: S,
  steps: readonly S[],
  goTo: (step: S) => void,
  canShow: (step: S) => boolean,
  openAt?: S,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const entryStep = stepOf(location.state) as S | undefined;
  const openedAt = useRef(openAt ?? step);
  const latest = useRef({ step, entryStep, goTo, canShow });
  useEffect(() => {
    latest.current = { step, entryStep, goTo, canShow };
  });
  /** An entry's step the flow can move to: the browser-move effect moves there, the record effect leaves it be. */
  const canMoveTo = (target: S) => steps.includes(target) && latest.current.canShow(target);

  // The entries this hook has written whose location the router has not shown yet, oldest first: a navigation is
  // a React transition, so `location` can lag behind the history by a render, and a step changed in between
  // (a click on 'Volver' right after a step moved forward) must be compared with the entry it wrote, not the one
  // on screen; and that entry, when shown, is the hook's own, not the browser's back or forward.
  const written = useRef<S[]>([]);

  // The flow moved: record it (push when forward of the entry on screen, replace when back). On the first
  // render of a wizard opened at `openAt`, the step may still be the stored one (the screen moves to `openAt`
  // right after): recording it would put a step the visitor never saw in the opening entry.
  const firstRun = useRef(true);
  useEffect(() => {
    const first = firstRun.current;
    firstRun.current = false;
    if (first && openAt !== undefined) return;
    const shown = written.current.at(-1) ?? latest.current.entryStep ?? openedAt.current;
    if (shown === step) return;
    // Opened on an entry of another step, as after a reload that came before the flow's stored copy caught up
    // with the history: the entry's step wins when it can be shown (the effect below moves the flow there).
    // Recording the stored step here too would have each effect undo the other, for ever.
    if (first && canMoveTo(shown)) return;
    const forward = steps.indexOf(step) > steps.indexOf(shown);
    written.current.push(step);
    void navigate(`${location.pathname}${location.search}`, { replace: !forward, state: { [KEY]: step } });
    // Only a change of step records an entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // The browser moved to another entry: show its step. An entry this hook wrote is not a move (the step it records
  // may have changed again since: that change is written after it).
  useEffect(() => {
    const own = entryStep === undefined ? -1 : written.current.indexOf(entryStep);
    if (own >= 0) {
      written.current.splice(0, own + 1);
      return;
    }
    written.current = [];
    const target = entryStep ?? openedAt.current;
    if (target === latest.current.step || !canMoveTo(target)) return;
    latest.current.goTo(target);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entryStep]);
}
