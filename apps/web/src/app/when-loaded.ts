/** Runs `run` once the page has loaded: now (in a task of its own) when it already has, else on `load`. */
export function whenLoaded(run: () => void, doc: Document = document, win: Window = window): void {
  if (doc.readyState === 'complete') win.setTimeout(run, 0);
  else win.addEventListener('load', run, { once: true });
}
