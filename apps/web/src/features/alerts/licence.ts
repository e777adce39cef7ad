import type { LicenceCategory } from '@togo/domain/alerts/alerts.contract';

/** Licence categories sorted ascending by category name (A1, A2, B1, C1…); nameless ones last. */
export function sortLicenceCategories(
  list: readonly LicenceCategory[] | null | undefined,
): LicenceCategory[] {
  return [...(list ?? [])].sort((a, b) => {
    if (!a.categoria) return b.categoria ? 1 : 0;
    if (!b.categoria) return -1;
    return a.categoria.localeCompare(b.categoria, 'es', { numeric: true, sensitivity: 'base' });
  });
}
