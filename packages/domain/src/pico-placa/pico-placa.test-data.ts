import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PicoPlacaDataFileSchema, type PicoPlacaDataFile } from './pico-placa.rules.ts';
import type { PicoPlacaData } from './pico-placa.engine.ts';

/**
 * Test helper: the repository's own copy of the reference data (`apps/api/seed-data/`, what the API seeds), so a
 * fresh clone's tests need nothing outside it.
 */
export const PICO_PLACA_JSON_URL = new URL(
  '../../../../apps/api/seed-data/pico-y-placa.json',
  import.meta.url,
);

/** The DANE DIVIPOLA list the API seeds (`apps/api/seed-data/divipola.json`). */
export const DIVIPOLA_JSON_URL = new URL('../../../../apps/api/seed-data/divipola.json', import.meta.url);

export function readPicoPlacaJson(): unknown {
  return JSON.parse(readFileSync(fileURLToPath(PICO_PLACA_JSON_URL), 'utf8'));
}

export function loadPicoPlacaDataFile(): PicoPlacaDataFile {
  return PicoPlacaDataFileSchema.parse(readPicoPlacaJson());
}

export function loadPicoPlacaData(): { file: PicoPlacaDataFile; data: PicoPlacaData } {
  const file = loadPicoPlacaDataFile();
  return { file, data: { cities: file.cities } };
}
