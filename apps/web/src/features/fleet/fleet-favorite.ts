import { useCallback, useState } from 'react';

/** localStorage key of the one favourite fleet vehicle (SPPF §2, §4: at most one row marked, held locally). */
export const FLEET_FAVORITE_KEY = 'fleetFavorite';

function readFavorite(): number | null {
  const raw = localStorage.getItem(FLEET_FAVORITE_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The favourite vehicle id and a toggle: marking one unmarks the previous one; marking it again clears it. */
export function useFleetFavorite(): [number | null, (id: number) => void] {
  const [favorite, setFavorite] = useState(readFavorite);
  const toggle = useCallback((id: number) => {
    setFavorite((current) => {
      const next = current === id ? null : id;
      if (next === null) localStorage.removeItem(FLEET_FAVORITE_KEY);
      else localStorage.setItem(FLEET_FAVORITE_KEY, String(next));
      return next;
    });
  }, []);
  return [favorite, toggle];
}
