import { describe, expect, it } from 'vitest';
import {
  countByState,
  FINE_STATES,
  fineState,
  fineStateLabel,
  isUnpaidFine,
  onlyUnpaid,
  SETTLED_FINE_STATE_SPELLINGS,
  SIMIT_PAYMENT_URL,
  simitPaymentUrl,
  UNPAID_FINE_STATES,
} from './fine-states.ts';

describe('fine states (as SIMIT counts them)', () => {
  it("reads SIMIT's and the providers' words, any case or accent", () => {
    const cases: [string, string | null][] = [
      ['vigente', 'vigente'],
      ['Pendiente', 'vigente'],
      ['PENDIENTE DE PAGO', 'vigente'],
      ['Cobro coactivo', 'en cobro coactivo'],
      ['en proceso de cobro coactivo', 'en cobro coactivo'],
      ['En cobro coactivo', 'en cobro coactivo'],
      ['Acuerdo de pago', 'acuerdo de pago'],
      ['Pagado', 'pagado'],
      ['pagada', 'pagado'],
      ['ANULADO', 'anulado'],
      ['Suspendido por tutela', null],
      ['', null],
    ];
    for (const [word, state] of cases) expect([word, fineState(word)]).toEqual([word, state]);
    expect(fineState(null)).toBeNull();
    expect(fineState(' VIGÉNTE ')).toBe('vigente');
    for (const s of FINE_STATES) expect(fineState(s)).toBe(s);
  });

  it('owes every state that is not paid or annulled, and never drops an unknown word from a total', () => {
    expect(UNPAID_FINE_STATES).toEqual(['vigente', 'en cobro coactivo', 'acuerdo de pago']);
    for (const s of UNPAID_FINE_STATES) expect(isUnpaidFine(s)).toBe(true);
    for (const s of SETTLED_FINE_STATE_SPELLINGS) expect(isUnpaidFine(s)).toBe(false);
    expect(isUnpaidFine('Pagado')).toBe(false);
    expect(isUnpaidFine('Suspendido por tutela')).toBe(true);
    expect(isUnpaidFine('')).toBe(false);
    expect(isUnpaidFine(undefined)).toBe(false);
    const list = [
      { estado: 'vigente' },
      { estado: 'pagado' },
      { estado: 'en cobro coactivo' },
      { estado: 'acuerdo de pago' },
    ];
    expect(onlyUnpaid(list).map((f) => f.estado)).toEqual([
      'vigente',
      'en cobro coactivo',
      'acuerdo de pago',
    ]);
  });

  it('labels each state for the screens and the exports', () => {
    expect(fineStateLabel('en proceso de cobro coactivo')).toBe('En cobro coactivo');
    expect(fineStateLabel('acuerdo de pago')).toBe('Acuerdo de pago');
    expect(fineStateLabel('Pendiente')).toBe('Vigente');
    expect(fineStateLabel('suspendido')).toBe('Suspendido');
    expect(fineStateLabel(null)).toBe('No especificado');
  });

  it('counts owed fines by state, labelled, spellings of one state merged', () => {
    expect(
      countByState([
        { estado: 'acuerdo de pago', n: 1, total: 837716 },
        { estado: 'en proceso de cobro coactivo', n: 1, total: 100 },
        { estado: 'vigente', n: 2, total: 1266400 },
        { estado: 'en cobro coactivo', n: 2, total: 200 },
        { estado: 'suspendido', n: 1, total: 5 },
      ]),
    ).toEqual([
      { estado: 'Vigente', cantidad: 2, total: 1266400 },
      { estado: 'En cobro coactivo', cantidad: 3, total: 300 },
      { estado: 'Acuerdo de pago', cantidad: 1, total: 837716 },
      { estado: 'Suspendido', cantidad: 1, total: 5 },
    ]);
    expect(countByState([])).toEqual([]);
  });
});

describe('the SIMIT payment page', () => {
  it("opens the official account page, on the fine's plate when it has one", () => {
    expect(simitPaymentUrl('abc123')).toBe(
      'https://www.fcm.org.co/simit/#/estado-cuenta?numDocPlacaProp=ABC123',
    );
    expect(simitPaymentUrl('')).toBe(SIMIT_PAYMENT_URL);
    expect(simitPaymentUrl(null)).toBe(SIMIT_PAYMENT_URL);
    expect(simitPaymentUrl('ABC 123"><script>')).toBe(SIMIT_PAYMENT_URL);
  });
});
