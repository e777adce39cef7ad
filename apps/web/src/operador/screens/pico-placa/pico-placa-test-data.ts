/** A Medellín city object whose only rule ended on 31 Jul 2026 (as in the seed data), for the web tests. */
export function expiredMedellin(): Record<string, unknown> & { rules: Record<string, unknown>[] } {
  return {
    key: 'medellin',
    name: 'Medellín',
    dane_code: '05001',
    municipalities: ['05001', '05088'],
    status: 'active',
    motorcycles: { restricted: true, digit: 'first' },
    rules: [
      {
        id: 'medellin-particulares-2026-01',
        applies_to: ['particular'],
        valid_from: '2026-02-02',
        valid_to: '2026-07-31',
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
        time_windows: [{ start: '05:00', end: '20:00' }],
        skip_holidays: true,
        digit: 'last',
        scheme: {
          type: 'weekday_digits',
          map: { MON: [1, 7], TUE: [0, 3], WED: [4, 6], THU: [5, 9], FRI: [2, 8] },
        },
        area: 'Medellín',
        area_scope: 'citywide',
        confidence: 'high',
        sources: ['https://www.medellin.gov.co/'],
      },
    ],
  };
}
