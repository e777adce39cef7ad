/**
 * Runs a read and logs its failure before passing it on, for the areas whose read failures are only logged
 * (AHGA §8 alert reads and saves; SPPF §8 fleet list and error list). Cancelled requests are not logged.
 */
export async function logFailure<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(what, error);
    throw error;
  }
}
