import { STORAGE_KEYS } from '../../lib/storage.ts';

/**
 * The local 'empty' flag (AHGA §4 "Garage-empty flag"): set when the user has no vehicle or the home load
 * fails, cleared when the selected vehicle loads. The garage-empty guard (features/garage) reads it.
 */
export const isGarageEmptyFlag = () => localStorage.getItem(STORAGE_KEYS.empty) === 'true';

export function setGarageEmptyFlag(empty: boolean): void {
  if (empty) localStorage.setItem(STORAGE_KEYS.empty, 'true');
  else localStorage.removeItem(STORAGE_KEYS.empty);
}
