/**
 * The one way a wait is written to a user (issue 36): "1 segundo", "45 segundos" up to 90 s, then whole
 * minutes rounded up ("2 minutos", "48 minutos"). Every 429 detail of the API and every live countdown of the
 * web app use it, so a wait is one message with one number.
 */
const WAIT_MINUTES_FROM_SECONDS = 90;

export function waitText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s > WAIT_MINUTES_FROM_SECONDS) {
    const minutes = Math.ceil(s / 60);
    return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  }
  return s === 1 ? '1 segundo' : `${s} segundos`;
}

/** A wait written by waitText inside a text ("… en 48 minutos."): where it is, to count it down live. */
export const WAIT_IN_TEXT = /\d+ (?:segundos?|minutos?)/;
