import { STORAGE_KEYS } from './storage.ts';

/**
 * The one local 'empty' flag (AHGA §4 "Garage-empty flag"): set when the user has no vehicle or the home
 * load fails, cleared when the selected vehicle loads or a vehicle is created. The garage-empty guard reads it.
 */
export const isGarageEmpty = () => localStorage.getItem(STORAGE_KEYS.empty) === 'true';

export function setGarageEmpty(empty: boolean): void {
  if (empty) localStorage.setItem(STORAGE_KEYS.empty, 'true');
  else localStorage.removeItem(STORAGE_KEYS.empty);
}

/** A vehicle was just created: the garage is no longer empty. */
export const clearGarageEmpty = () => setGarageEmpty(false);
