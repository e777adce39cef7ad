/**
 * How TOGO shows an amount of Colombian pesos, everywhere (the drivers' app, the operator console, the API's
 * e-mails, pages, PDFs and spreadsheets): es-CO's currency pattern without decimals (SPPF: "Prices in COP with no
 * decimals … Locale es-CO"), '$ 1.234.567', '-$ 5.000'. The space after the sign is an ordinary space, not the
 * no-break space Intl puts there, so that every channel gets the same bytes (decision 086). Pure, no Intl.
 */
export function formatCop(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (n === null || n === undefined || !Number.isFinite(n) || (typeof value === 'string' && !value.trim())) {
    return '$ 0';
  }
  const rounded = Math.round(Math.abs(n));
  return `${n < 0 && rounded !== 0 ? '-' : ''}$ ${groupThousands(rounded)}`;
}

/** A whole non-negative number with es-CO's thousands separator: 1234567 → '1.234.567'. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
