/**
 * A traffic fine's state, as SIMIT counts it (decision 071). Pure.
 *
 * SIMIT owes every fine that is not paid or annulled: a fine in 'cobro coactivo' (coactive collection) or under
 * an 'acuerdo de pago' (payment agreement) is still owed, so it is counted in every total and list, and labelled.
 * The providers store one of FINE_STATES (the Verifik adapter maps SIMIT's words onto them and refuses any
 * other); 'en proceso de cobro coactivo' is how earlier demo snapshots wrote 'en cobro coactivo'.
 */
export const FINE_STATES = ['vigente', 'en cobro coactivo', 'acuerdo de pago', 'pagado', 'anulado'] as const;
export type FineState = (typeof FINE_STATES)[number];

/** The states still owed, in the order the lists show them. */
export const UNPAID_FINE_STATES: readonly FineState[] = ['vigente', 'en cobro coactivo', 'acuerdo de pago'];

/**
 * The spellings of a settled fine (paid or annulled), lower case. SQL counts a fine as owed with
 * `lower(trim(x->>'estado')) not in (…these…, '')`, the same rule as {@link isUnpaidFine}.
 */
export const SETTLED_FINE_STATE_SPELLINGS: readonly string[] = ['pagado', 'pagada', 'anulado', 'anulada'];

/** How each state reads on screen and in exports. */
export const FINE_STATE_LABEL: Record<FineState, string> = {
  vigente: 'Vigente',
  'en cobro coactivo': 'En cobro coactivo',
  'acuerdo de pago': 'Acuerdo de pago',
  pagado: 'Pagado',
  anulado: 'Anulado',
};

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/**
 * The state a provider's word means, or null when it is none TOGO knows. Case- and accent-insensitive;
 * SIMIT's 'Pendiente' / 'Pendiente de pago' is 'vigente', any '…cobro coactivo…' is 'en cobro coactivo'.
 */
export function fineState(estado: string | null | undefined): FineState | null {
  if (typeof estado !== 'string') return null;
  const s = fold(estado);
  if (s === 'vigente' || s === 'pendiente' || s === 'pendiente de pago') return 'vigente';
  if (s.includes('coactivo')) return 'en cobro coactivo';
  if (s === 'acuerdo de pago' || s === 'en acuerdo de pago') return 'acuerdo de pago';
  if (s === 'pagado' || s === 'pagada') return 'pagado';
  if (s === 'anulado' || s === 'anulada') return 'anulado';
  return null;
}

/**
 * Still owed. A stored state TOGO does not know (only an old snapshot of the generic http adapter can hold one)
 * is counted as owed: a fine is never dropped from a total because its word is new.
 */
export function isUnpaidFine(estado: string | null | undefined): boolean {
  const state = fineState(estado);
  return state === null
    ? typeof estado === 'string' && estado.trim() !== ''
    : UNPAID_FINE_STATES.includes(state);
}

export function onlyUnpaid<T extends { estado?: string | null }>(fines: readonly T[]): T[] {
  return fines.filter((f) => isUnpaidFine(f.estado));
}

/** 'En cobro coactivo'; an unknown word is shown as written, capitalised. */
export function fineStateLabel(estado: string | null | undefined): string {
  const state = fineState(estado);
  if (state) return FINE_STATE_LABEL[state];
  const raw = (estado ?? '').trim();
  return raw ? raw.charAt(0).toLocaleUpperCase('es-CO') + raw.slice(1) : 'No especificado';
}

/**
 * Counts and totals by state, labelled, in UNPAID_FINE_STATES order then any other word: spellings of one state
 * ('en proceso de cobro coactivo', 'En cobro coactivo') are merged.
 */
export function countByState(
  groups: readonly { estado: string; n: number; total: number }[],
): { estado: string; cantidad: number; total: number }[] {
  const out = new Map<string, { estado: string; cantidad: number; total: number; order: number }>();
  for (const g of groups) {
    const state = fineState(g.estado);
    const label = fineStateLabel(g.estado);
    const order = state ? FINE_STATES.indexOf(state) : FINE_STATES.length;
    const entry = out.get(label) ?? { estado: label, cantidad: 0, total: 0, order };
    entry.cantidad += Number(g.n);
    entry.total += Number(g.total);
    out.set(label, entry);
  }
  return [...out.values()]
    .sort((a, b) => a.order - b.order || a.estado.localeCompare(b.estado, 'es'))
    .map(({ estado, cantidad, total }) => ({ estado, cantidad, total }));
}

/**
 * SIMIT's official account page, where fines are paid (Federación Colombiana de Municipios; decision 073). The
 * page opens a search by document or plate (`numDocPlacaProp`); it takes no fine number in its address, so the
 * screens show the number beside the link.
 */
export const SIMIT_PAYMENT_URL = 'https://www.fcm.org.co/simit/#/estado-cuenta';

/** The payment page, opened on the fine's plate when it has one (the page's search by plate). */
export function simitPaymentUrl(placa?: string | null): string {
  const plate = (placa ?? '').trim().toUpperCase();
  return /^[A-Z0-9]{5,7}$/.test(plate)
    ? `${SIMIT_PAYMENT_URL}?numDocPlacaProp=${encodeURIComponent(plate)}`
    : SIMIT_PAYMENT_URL;
}
