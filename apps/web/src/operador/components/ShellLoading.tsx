/** The console's loading state: a spinner and a live "Cargando…" (the shell and the screens show it). */
export function ShellLoading({ text = 'Cargando…' }: { text?: string }) {
  return (
    <div className="op-state" role="status" aria-live="polite">
      <span className="op-spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
