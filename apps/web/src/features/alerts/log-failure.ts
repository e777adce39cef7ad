/**
 * Runs a read and logs its failure before passing it on: the alerts area reports read failures only to
 * the console (AHGA §8 'Failed alert reads and saves are only logged'). Cancelled requests are not logged.
 */
export async function logFailure<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(what, error);
    throw error;
  }
}
