import type { OperatorPicoPlacaEntry } from '@togo/domain/operator/operator-console.contract';

/** Lower case without accents: "Medellín" is found by "medellin". */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The cities whose name contains `search` (accents and case ignored), in Spanish alphabetical order. */
export function filterCities(
  cities: readonly OperatorPicoPlacaEntry[],
  search: string,
): OperatorPicoPlacaEntry[] {
  const wanted = folded(search);
  return cities
    .filter((c) => !wanted || folded(c.nombre).includes(wanted))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es-CO', { sensitivity: 'base' }));
}
