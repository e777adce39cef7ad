import { useCallback, useEffect, useState } from 'react';
import { operatorErrorMessage, type ErrorWording } from './operator-messages.ts';

export interface Loaded<T> {
  data: T | undefined;
  /** The key `data` was loaded for: a reload keeps it, a new key's load changes it once answered. */
  dataKey: string | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load` on mount and whenever `key` changes (aborting the previous call), with loading and error
 * states and a reload. The console's screens use it so they need no provider from the shell.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [tick, setTick] = useState(0);
  const current = `${key}#${tick}`;
  // What the last finished call answered, and for which key: loading is "not for the current key yet".
  const [state, setState] = useState<{
    for: string | null;
    dataKey: string | null;
    data?: T;
    error: unknown;
  }>({
    for: null,
    dataKey: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ for: current, dataKey: key, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, for: current, error }));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `current` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const loading = state.for !== current;
  return { data: state.data, dataKey: state.dataKey, error: loading ? null : state.error, loading, reload };
}

const LOAD_WORDING: ErrorWording = {
  fallback: 'Algo salió mal. Intenta de nuevo.',
  offline: 'No hay conexión con el servidor. Revisa tu red e intenta de nuevo.',
  byStatus: {
    401: () => 'Tu sesión terminó. Ingresa de nuevo.',
    403: (detail) => detail ?? 'Tu rol no permite esta acción.',
    404: () => 'No encontrado.',
  },
  fields: 'none',
};

/** A Spanish sentence for a failed console call (content and pico y placa screens' wording). */
export function errorText(error: unknown): string {
  return operatorErrorMessage(error, LOAD_WORDING);
}
