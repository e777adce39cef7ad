/**
 * Ends the current task and resolves in a new one (docs/decisions/050): the start-up's steps (the entry's
 * evaluation, the first reads and chunk loads, the first render) each take tens of milliseconds on a phone, and
 * run back to back they made one task of 200–300 ms during which a tap on the prerendered page got no answer.
 * `scheduler.yield()` where the browser has it (its continuation runs ahead of other queued tasks), else a
 * zero-delay timeout.
 */
export function nextTask(win: Window = window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield.call(scheduler);
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
