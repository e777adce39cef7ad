import { useSearchParams } from 'react-router';

/** Changes to the address's query: a value sets its key, null removes it. */
export type SearchChanges = Record<string, string | null>;

/**
 * The fleet screens' filters live in the address (reload, back, a shared link): `hrefWith` is the query with some
 * keys changed ('?…'), `setSearch` goes there (`replace` for a filter, a new history entry for a page).
 */
export function useFleetSearch() {
  const [params, setParams] = useSearchParams();
  const hrefWith = (changes: SearchChanges) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  const setSearch = (changes: SearchChanges, replace: boolean) =>
    setParams(new URLSearchParams(hrefWith(changes).slice(1)), { replace });
  return { params, hrefWith, setSearch };
}

/** The address's date (AAAA-MM-DD; the API checks it is a real day), or null. */
export function searchDate(params: URLSearchParams): string | null {
  const fecha = params.get('fecha');
  return fecha && /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? fecha : null;
}

/** The address's city (a 5-digit DANE code), or null. */
export function searchCity(params: URLSearchParams): string | null {
  const ciudad = params.get('ciudad');
  return ciudad && /^\d{5}$/.test(ciudad) ? ciudad : null;
}

/** The address's page, 1 when absent or not a positive whole number. */
export function searchPage(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
