/**
 * Runs `run` over `items` a batch of `perTask` at a time: the first batch now, each next one in a task of its own
 * (decisions 050, 124). Starting a request from a script costs the main thread a little (more while the browser
 * records a trace), and a page's early reads or chunk requests all at once made one long task.
 */
export function inTasks<T>(
  items: readonly T[],
  perTask: number,
  run: (batch: T[]) => void,
  win: Pick<Window, 'setTimeout'> = window,
): void {
  const step = Math.max(1, Math.floor(perTask));
  const from = (start: number) => {
    run(items.slice(start, start + step));
    if (start + step < items.length) win.setTimeout(() => from(start + step), 0);
  };
  if (items.length > 0) from(0);
}
