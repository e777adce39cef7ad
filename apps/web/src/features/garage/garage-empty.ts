import { STORAGE_KEYS } from '../../lib/storage.ts';

/** The local 'empty' flag (AHGA §4): the user has no vehicle yet, or the home could not load the garage. */
export const isGarageEmpty = () => localStorage.getItem(STORAGE_KEYS.empty) === 'true';

/** A vehicle was just created: the garage is no longer empty. */
export const clearGarageEmpty = () => localStorage.removeItem(STORAGE_KEYS.empty);
