import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
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
  const [state, setState] = useState<{ for: string | null; data?: T; error: unknown }>({
    for: null,
    error: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ for: current, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ for: current, data: s.data, error }));
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `current` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const loading = state.for !== current;
  return { data: state.data, error: loading ? null : state.error, loading, reload };
}

/** A Spanish sentence for a failed console call. */
export function errorText(error: unknown): string {
  const e = error as { status?: number; body?: unknown } | null;
  if (e?.status === 0) return 'No hay conexión con el servidor. Revisa tu red e intenta de nuevo.';
  if (e?.status === 401) return 'Tu sesión terminó. Ingresa de nuevo.';
  if (e?.status === 403) {
    const detail = (e.body as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' ? detail : 'Tu rol no permite esta acción.';
  }
  if (e?.status === 404) return 'No encontrado.';
  const detail = (e?.body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  return 'Algo salió mal. Intenta de nuevo.';
}
