import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import {
  bookingBranches,
  catalogEntries,
  cities,
  departments,
  documentTypes,
  picoPlacaCities,
  picoPlacaEmbedCities,
  seedRuns,
  urlConfigs,
} from '../schema.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { REFERENCE_SEED, seedReferenceData } from './seed.ts';
import { DEFAULT_SEED_DIR, SEED_FILES, SeedDataError } from './seed-files.ts';

let database: Database;
let tmp: string;

beforeAll(async () => {
  database = await createTestDatabase();
  tmp = mkdtempSync(path.join(tmpdir(), 'togo-seed-'));
});
afterAll(async () => {
  await database.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function counts() {
  const { db } = database;
  const of = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  return {
    departments: await of(db.select({ n: count() }).from(departments)),
    cities: await of(db.select({ n: count() }).from(cities)),
    documentTypes: await of(db.select({ n: count() }).from(documentTypes)),
    picoPlacaCities: await of(db.select({ n: count() }).from(picoPlacaCities)),
    embed: await of(db.select({ n: count() }).from(picoPlacaEmbedCities)),
    catalog: await of(db.select({ n: count() }).from(catalogEntries)),
    urls: await of(db.select({ n: count() }).from(urlConfigs)),
  };
}

/** A copy of the seed files an operator can edit. */
function seedDirCopy(name: string): string {
  const dir = path.join(tmp, name);
  cpSync(DEFAULT_SEED_DIR, dir, { recursive: true });
  return dir;
}

function editJson(file: string, edit: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, JSON.stringify(json));
}

type CatalogsJson = {
  urls: { name: string; url: string }[];
  catalogs: {
    clave_padre: string;
    entries: { clave: string; valor: string; valor_json: { activo: boolean } }[];
  }[];
};

const picoPlacaJson = JSON.parse(readFileSync(path.join(DEFAULT_SEED_DIR, SEED_FILES.picoPlaca), 'utf8')) as {
  cities: unknown[];
  embed: { cities: unknown[] };
};

describe('reference seed', () => {
  it('seeds every department, municipality, document type and pico y placa city', async () => {
    expect(await counts()).toMatchObject({
      departments: 33,
      cities: 1122,
      documentTypes: 6,
      picoPlacaCities: picoPlacaJson.cities.length,
      embed: picoPlacaJson.embed.cities.length,
    });
    const c = await counts();
    expect(c.catalog).toBeGreaterThan(20);
    expect(c.urls).toBe(7);
  });

  it('uses DANE codes as ids and keeps the DIVIPOLA names', async () => {
    const [bogota] = await database.db.select().from(cities).where(eq(cities.id, 11001));
    expect(bogota).toMatchObject({
      code: '11001',
      name: 'Bogotá, D.C.',
      commonName: 'Bogotá',
      departmentId: 11,
    });
    const [antioquia] = await database.db.select().from(departments).where(eq(departments.id, 5));
    expect(antioquia).toMatchObject({ code: '05', name: 'Antioquia', countryId: 1 });
    const types = await database.db.select().from(documentTypes).orderBy(documentTypes.id);
    expect(types.map((t) => [t.id, t.code, t.name])).toEqual([
      [1, 'CC', 'Cédula de ciudadanía'],
      [2, 'CE', 'Cédula de extranjería'],
      [3, 'TI', 'Tarjeta de identidad'],
      [4, 'PA', 'Pasaporte'],
      [5, 'NIT', 'NIT'],
      [6, 'PPT', 'Permiso por protección temporal'],
    ]);
  });

  it('is idempotent: a forced second run leaves the same counts', async () => {
    const before = await counts();
    const result = await seedReferenceData(database.db, { force: true });
    expect(result.skipped).toBe(false);
    expect(result.counts).toMatchObject({ departments: 33, cities: 1122, documentTypes: 6 });
    expect(await counts()).toEqual(before);
  });

  it('skips when the files did not change since the last run', async () => {
    const result = await seedReferenceData(database.db);
    expect(result.skipped).toBe(true);
    const [run] = await database.db.select().from(seedRuns).where(eq(seedRuns.name, REFERENCE_SEED));
    expect(run?.checksum).toBe(result.checksum);
  });

  it("applies an operator's edit of catalogs.json on the next run (changed, added and removed rows)", async () => {
    const dir = seedDirCopy('edited');
    editJson(path.join(dir, SEED_FILES.catalogs), (json) => {
      const file = json as unknown as CatalogsJson;
      const banners = file.catalogs.find((g) => g.clave_padre === 'BANNERS_GENERALES_TOGO');
      if (!banners?.entries[0]) throw new Error('no banners');
      banners.entries[0].valor = 'RTM editada';
      banners.entries = banners.entries.filter((e) => e.clave !== 'BANNER_POLIZA');
      file.urls.push({ name: 'ayuda', url: 'https://ayuda.example.com' });
      file.urls = file.urls.filter((u) => u.name !== 'facil_pass');
    });
    const result = await seedReferenceData(database.db, { dir });
    expect(result.skipped).toBe(false);
    const banners = await database.db
      .select()
      .from(catalogEntries)
      .where(eq(catalogEntries.clavePadre, 'BANNERS_GENERALES_TOGO'));
    expect(banners.find((b) => b.clave === 'BANNER_RTM')?.valor).toBe('RTM editada');
    expect(banners.some((b) => b.clave === 'BANNER_POLIZA')).toBe(false);
    const urls = (await database.db.select().from(urlConfigs)).map((u) => u.name);
    expect(urls).toContain('ayuda');
    expect(urls).not.toContain('facil_pass');

    // Back to the committed files: everything returns.
    await seedReferenceData(database.db);
    const restored = await database.db
      .select()
      .from(catalogEntries)
      .where(eq(catalogEntries.clavePadre, 'BANNERS_GENERALES_TOGO'));
    expect(restored.find((b) => b.clave === 'BANNER_RTM')?.valor).toBe('Revisión técnico-mecánica');
    expect(restored.some((b) => b.clave === 'BANNER_POLIZA')).toBe(true);
  });

  it('seeds booking branches in at least 8 cities and deactivates a branch removed from booking.json', async () => {
    const all = await database.db.select().from(bookingBranches);
    expect(new Set(all.map((b) => b.cityId)).size).toBeGreaterThanOrEqual(8);
    for (const servicio of ['rtm', 'peritaje', 'tramites']) {
      expect(all.filter((b) => b.servicio === servicio).length).toBeGreaterThanOrEqual(8);
    }
    const dir = seedDirCopy('booking-edit');
    editJson(path.join(dir, SEED_FILES.booking), (json) => {
      const file = json as { sedes: { id: string; capacidad: number }[] };
      file.sedes = file.sedes.filter((s) => s.id !== 'RTM-BOG-02');
      const first = file.sedes[0];
      if (first) first.capacidad = 9;
    });
    await seedReferenceData(database.db, { dir });
    const [gone] = await database.db
      .select()
      .from(bookingBranches)
      .where(eq(bookingBranches.id, 'RTM-BOG-02'));
    expect(gone?.activo).toBe(false);
    const [edited] = await database.db
      .select()
      .from(bookingBranches)
      .where(eq(bookingBranches.id, 'RTM-BOG-01'));
    expect(edited?.capacidad).toBe(9);
    await seedReferenceData(database.db);
    const [back] = await database.db
      .select()
      .from(bookingBranches)
      .where(eq(bookingBranches.id, 'RTM-BOG-02'));
    expect(back?.activo).toBe(true);
  });

  it('applies edited pico y placa rules (an operator can change them without a release)', async () => {
    const dir = seedDirCopy('rules');
    editJson(path.join(dir, SEED_FILES.picoPlaca), (json) => {
      const file = json as { cities: { key: string; summary?: string }[] };
      const bogota = file.cities.find((c) => c.key === 'bogota');
      if (!bogota) throw new Error('no bogota');
      bogota.summary = 'Resumen editado';
    });
    await seedReferenceData(database.db, { dir });
    const [row] = await database.db.select().from(picoPlacaCities).where(eq(picoPlacaCities.key, 'bogota'));
    expect((row?.data as { summary: string }).summary).toBe('Resumen editado');
    await seedReferenceData(database.db);
  });

  it('refuses an invalid file, naming it and the field, and writes nothing', async () => {
    const dir = seedDirCopy('invalid');
    editJson(path.join(dir, SEED_FILES.catalogs), (json) => {
      const file = json as unknown as CatalogsJson;
      const first = file.catalogs[0]?.entries[0];
      if (!first) throw new Error('no entry');
      (first.valor_json as { activo: unknown }).activo = 'sí';
      first.valor = 'No debería guardarse';
    });
    const error = await seedReferenceData(database.db, { dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SeedDataError);
    expect((error as Error).message).toContain('catalogs.json');
    expect((error as Error).message).toContain('catalogs.0.entries.0.valor_json.activo');
    const rows = await database.db
      .select()
      .from(catalogEntries)
      .where(eq(catalogEntries.valor, 'No debería guardarse'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a catalogue entry pointing at a missing /static/ file', async () => {
    const dir = seedDirCopy('missing-file');
    editJson(path.join(dir, SEED_FILES.catalogs), (json) => {
      const file = json as unknown as CatalogsJson;
      const blog = file.urls.find((u) => u.name === 'blog');
      if (!blog) throw new Error('no blog');
      blog.url = '/static/paginas/no-existe.html';
    });
    await expect(seedReferenceData(database.db, { dir })).rejects.toThrow(/no-existe\.html/);
  });

  it('fails clearly when a seed file is missing', async () => {
    const dir = seedDirCopy('no-divipola');
    rmSync(path.join(dir, SEED_FILES.divipola));
    await expect(seedReferenceData(database.db, { dir })).rejects.toThrow(/divipola\.json/);
  });
});
