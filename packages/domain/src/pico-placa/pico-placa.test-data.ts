import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PicoPlacaDataFileSchema, holidayDates, type PicoPlacaDataFile } from './pico-placa.rules.ts';
import type { PicoPlacaData } from './pico-placa.engine.ts';

/**
 * Test helper: the reference data lives outside the repository, in `shared/data/` next to the repo folder
 * (`<parent>/main/packages/domain/src/pico-placa/` → `<parent>/shared/data/`).
 */
export const PICO_PLACA_JSON_URL = new URL('../../../../../shared/data/pico-y-placa.json', import.meta.url);

export function readPicoPlacaJson(): unknown {
  return JSON.parse(readFileSync(fileURLToPath(PICO_PLACA_JSON_URL), 'utf8'));
}

export function loadPicoPlacaDataFile(): PicoPlacaDataFile {
  return PicoPlacaDataFileSchema.parse(readPicoPlacaJson());
}

export function loadPicoPlacaData(): { file: PicoPlacaDataFile; data: PicoPlacaData } {
  const file = loadPicoPlacaDataFile();
  return { file, data: { cities: file.cities, holidays: holidayDates(file.holidays) } };
}
