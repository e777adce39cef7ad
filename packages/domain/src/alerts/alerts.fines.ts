/** Traffic-fine rules (AHGA §4 'Fines', §9). Pure. */

/** AHGA §9: 'Comparendo - …' reads 'Comparendo'; one containing 'MULTA DE TRÁNSITO' reads 'Multa'; else raw. */
export function fineTypeLabel(tipo: string | null | undefined): string {
  const raw = tipo ?? '';
  if (raw.startsWith('Comparendo -')) return 'Comparendo';
  if (raw.includes('MULTA DE TRÁNSITO')) return 'Multa';
  return raw;
}
