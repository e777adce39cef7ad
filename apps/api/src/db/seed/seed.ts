import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { GROUP_CLIENT, GROUP_COMPANY, GROUP_NAMES } from '@togo/domain/roles';
import type { Db } from '../client.ts';
import { seedRuns, userGroups } from '../schema.ts';
import { seedBooking } from './booking.seed.ts';
import { seedCatalogs } from './catalog.seed.ts';
import { seedPicoPlaca } from './pico-placa.seed.ts';
import { seedDivipola, seedDocumentTypes } from './reference.seed.ts';
import {
  DEFAULT_PUBLIC_DIR,
  DEFAULT_SEED_DIR,
  parseSeedFiles,
  readSeedFiles,
  seedChecksum,
} from './seed-files.ts';

/** seed_runs.name of the reference data seed. */
export const REFERENCE_SEED = 'reference';
/** Any fixed number: serialises seeding when several processes start against one server. */
const SEED_LOCK_ID = 7_420_012;

export interface SeedOptions {
  /** Directory of divipola.json, pico-y-placa.json and catalogs.json (default apps/api/seed-data). */
  dir?: string;
  /** Directory '/static/…' references are checked against (default apps/api/public). */
  publicDir?: string;
  /** Seed even when the files' checksum matches the last run. */
  force?: boolean;
}

export interface SeedResult {
  /** True when the files had not changed since the last run: nothing was written. */
  skipped: boolean;
  checksum: string;
  ms: number;
  counts?: {
    documentTypes: number;
    departments: number;
    cities: number;
    catalogEntries: number;
    urls: number;
    picoPlacaCities: number;
    embedCities: number;
    bookingBranches: number;
    peritajeCombos: number;
    tramites: number;
  };
}

/**
 * Reference data, seeded idempotently at every start and by the test database helper: user groups, document
 * types, DIVIPOLA, catalogues and URLs, pico y placa rules — one multi-row upsert per table, in one
 * transaction. Skipped (one SELECT) when the checksum of the seed files equals the last applied one; an edited
 * file is applied on the next start. Invalid files stop the start with SeedDataError naming the field.
 */
export async function seedReferenceData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  await db
    .insert(userGroups)
    .values([GROUP_CLIENT, GROUP_COMPANY].map((id) => ({ id, name: GROUP_NAMES[id] as string })))
    .onConflictDoNothing();

  const raw = readSeedFiles(options.dir ?? DEFAULT_SEED_DIR);
  const checksum = seedChecksum(raw);
  const applied = async (tx: Db) => {
    const [row] = await tx
      .select({ checksum: seedRuns.checksum })
      .from(seedRuns)
      .where(eq(seedRuns.name, REFERENCE_SEED));
    return row?.checksum === checksum;
  };
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  if (!options.force && (await applied(db))) return { skipped: true, checksum, ms: elapsed() };

  const data = parseSeedFiles(raw, options.publicDir ?? DEFAULT_PUBLIC_DIR);
  const counts = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    // Another process may have seeded the same files while this one waited for the lock.
    if (!options.force && (await applied(tx))) return undefined;
    const documentTypes = await seedDocumentTypes(tx);
    const divipola = await seedDivipola(tx, data.divipola);
    const catalogs = await seedCatalogs(tx, data.catalogs);
    const picoPlaca = await seedPicoPlaca(tx, data.picoPlaca, data.picoPlacaRawCities);
    const booking = await seedBooking(
      tx,
      data.booking,
      new Set(data.divipola.municipalities.map((m) => Number(m.code))),
    );
    await tx
      .insert(seedRuns)
      .values({ name: REFERENCE_SEED, checksum })
      .onConflictDoUpdate({ target: seedRuns.name, set: { checksum, seededAt: sql`now()` } });
    return {
      documentTypes,
      departments: divipola.departments,
      cities: divipola.cities,
      catalogEntries: catalogs.entries,
      urls: catalogs.urls,
      picoPlacaCities: picoPlaca.cities,
      embedCities: picoPlaca.embed,
      bookingBranches: booking.branches,
      peritajeCombos: booking.combos,
      tramites: booking.tramites,
    };
  });
  return counts
    ? { skipped: false, checksum, ms: elapsed(), counts }
    : { skipped: true, checksum, ms: elapsed() };
}
