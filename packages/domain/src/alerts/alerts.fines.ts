/** Traffic-fine rules (AHGA §4 'Fines', §9). Pure. */

/** AHGA §9: 'Comparendo - …' reads 'Comparendo'; one containing 'MULTA DE TRÁNSITO' reads 'Multa'; else raw. */
export function fineTypeLabel(tipo: string | null | undefined): string {
  const raw = tipo ?? '';
  if (raw.startsWith('Comparendo -')) return 'Comparendo';
  if (raw.includes('MULTA DE TRÁNSITO')) return 'Multa';
  return raw;
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** Only fines with estado 'vigente' are counted and listed; case- and accent-insensitive. */
export function isVigente(estado: string | null | undefined): boolean {
  return typeof estado === 'string' && fold(estado) === 'vigente';
}

export function onlyVigentes<T extends { estado?: string | null }>(fines: readonly T[]): T[] {
  return fines.filter((f) => isVigente(f.estado));
}

/** Colombian pesos without decimals: 1266100 → '$ 1.266.100'; -5000 → '-$ 5.000'. */
export function formatCop(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (n === null || n === undefined || !Number.isFinite(n) || (typeof value === 'string' && !value.trim())) {
    return '$ 0';
  }
  const rounded = Math.round(Math.abs(n));
  const grouped = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 && rounded !== 0 ? '-' : ''}$ ${grouped}`;
}
