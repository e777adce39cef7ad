import type { LicenceCategory } from './alerts.contract.ts';

/**
 * Licence categories sorted ascending by category name (A1, A2, B1, C1…; AHGA and SPPF §9 'Licence
 * categories are sorted ascending by name'); nameless ones last. Used by the licence alert and the fleet detail.
 */
export function sortLicenceCategories<T extends Pick<LicenceCategory, 'categoria'>>(
  list: readonly T[] | null | undefined,
): T[] {
  return [...(list ?? [])].sort((a, b) => {
    if (!a.categoria) return b.categoria ? 1 : 0;
    if (!b.categoria) return -1;
    return a.categoria.localeCompare(b.categoria, 'es', { numeric: true, sensitivity: 'base' });
  });
}
