import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CATALOG_KEYS,
  catalogFileSchema,
  catalogValorJsonSchema,
} from '@togo/domain/catalog/catalog.contract';
import { DOCUMENT_TYPES } from '@togo/domain/reference/document-types';
import { PicoPlacaDataFileSchema, type PicoPlacaDataFile } from '@togo/domain/pico-placa/pico-placa.rules';
import { z } from 'zod';
import { bookingFileSchema, bookingStaticReferences, type BookingFile } from './booking.seed.ts';

/**
 * The versioned, operator-editable seed files (apps/api/seed-data/, see its README): read, checksummed and
 * validated here; written to the database by the *.seed.ts modules.
 */

/** apps/api/seed-data — inside the repository, so a fresh clone starts without ../shared. */
export const DEFAULT_SEED_DIR = fileURLToPath(new URL('../../../seed-data', import.meta.url));
/** apps/api/public — served at /static/; root-relative '/static/…' references are checked against it. */
export const DEFAULT_PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));

export const SEED_FILES = {
  divipola: 'divipola.json',
  picoPlaca: 'pico-y-placa.json',
  catalogs: 'catalogs.json',
  booking: 'booking.json',
} as const;
type SeedFileKey = keyof typeof SEED_FILES;

/** Bump when the seeding code changes what it writes for the same files (forces a re-seed on next start). */
export const SEED_LOGIC_VERSION = 1;

export class SeedDataError extends Error {}

// ---------------------------------------------------------------------------------------------------------
// File shapes
// ---------------------------------------------------------------------------------------------------------

const divipolaDepartmentSchema = z.looseObject({
  code: z.string().regex(/^\d{2}$/, 'código DANE de 2 dígitos'),
  name: z.string().min(1),
  common_name: z.string().min(1).optional(),
});

const divipolaMunicipalitySchema = z.looseObject({
  code: z.string().regex(/^\d{5}$/, 'código DANE de 5 dígitos'),
  department_code: z.string().regex(/^\d{2}$/),
  name: z.string().min(1),
  common_name: z.string().min(1).optional(),
  slug: z.string().min(1),
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
});

export const divipolaFileSchema = z
  .looseObject({
    dane_as_of: z.string().optional(),
    departments: z.array(divipolaDepartmentSchema).min(1),
    municipalities: z.array(divipolaMunicipalitySchema).min(1),
  })
  .superRefine((file, ctx) => {
    const departments = new Set(file.departments.map((d) => d.code));
    if (departments.size !== file.departments.length) {
      ctx.addIssue({ code: 'custom', path: ['departments'], message: 'códigos de departamento repetidos' });
    }
    const seen = new Set<string>();
    file.municipalities.forEach((m, i) => {
      if (seen.has(m.code)) {
        ctx.addIssue({ code: 'custom', path: ['municipalities', i, 'code'], message: 'código repetido' });
      }
      seen.add(m.code);
      if (!departments.has(m.department_code) || !m.code.startsWith(m.department_code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['municipalities', i, 'department_code'],
          message: `departamento ${m.department_code} inexistente o distinto del prefijo del código`,
        });
      }
    });
  });
export type DivipolaFile = z.infer<typeof divipolaFileSchema>;

/** A link the app opens or embeds: absolute http(s) or root-relative to this server ('/static/…'). */
const linkSchema = z
  .string()
  .min(1)
  .refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s/][^\s]*$/.test(v), {
    message: 'debe ser una URL http(s) absoluta o una ruta que empiece por /',
  });

const seedCatalogEntrySchema = z.strictObject({
  clave: z.string().trim().min(1).max(100),
  valor: z.string().default(''),
  /** Sort order inside its clave_padre; default (position + 1) * 10. */
  orden: z.number().int().optional(),
  valor_json: catalogValorJsonSchema,
  detalle_archivos: z.array(catalogFileSchema.extend({ archivo: linkSchema })).default([]),
});

const seedCatalogGroupSchema = z.strictObject({
  clave_padre: z.string().trim().min(1).max(100),
  descripcion: z.string().optional(),
  entries: z.array(seedCatalogEntrySchema),
});

const seedUrlSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'minúsculas, dígitos y _')
    .max(100),
  url: linkSchema,
  descripcion: z.string().optional(),
});

const BANNER_KEYS: readonly string[] = [CATALOG_KEYS.bannersGenerales, CATALOG_KEYS.bannersOtros];

export const catalogsFileSchema = z
  .strictObject({
    $comment: z.string().optional(),
    version: z.number().int().min(1),
    urls: z.array(seedUrlSchema),
    catalogs: z.array(seedCatalogGroupSchema),
  })
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    file.urls.forEach((u, i) => {
      if (names.has(u.name)) ctx.addIssue({ code: 'custom', path: ['urls', i, 'name'], message: 'repetido' });
      names.add(u.name);
    });
    const parents = new Set<string>();
    file.catalogs.forEach((group, g) => {
      if (parents.has(group.clave_padre)) {
        ctx.addIssue({ code: 'custom', path: ['catalogs', g, 'clave_padre'], message: 'repetida' });
      }
      parents.add(group.clave_padre);
      const claves = new Set<string>();
      group.entries.forEach((entry, e) => {
        if (claves.has(entry.clave)) {
          ctx.addIssue({ code: 'custom', path: ['catalogs', g, 'entries', e, 'clave'], message: 'repetida' });
        }
        claves.add(entry.clave);
        if (BANNER_KEYS.includes(group.clave_padre) && entry.detalle_archivos.length === 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['catalogs', g, 'entries', e, 'detalle_archivos'],
            message: 'un banner necesita su imagen en detalle_archivos[0].archivo',
          });
        }
      });
    });
  });
export type CatalogsFile = z.infer<typeof catalogsFileSchema>;

// ---------------------------------------------------------------------------------------------------------
// Reading, checksum, validation
// ---------------------------------------------------------------------------------------------------------

export type SeedFilesRaw = Record<SeedFileKey, Buffer>;

export function readSeedFiles(dir: string): SeedFilesRaw {
  const read = (key: SeedFileKey) => {
    const file = path.join(dir, SEED_FILES[key]);
    if (!existsSync(file)) throw new SeedDataError(`Falta el archivo de datos semilla ${file}`);
    return readFileSync(file);
  };
  return {
    divipola: read('divipola'),
    picoPlaca: read('picoPlaca'),
    catalogs: read('catalogs'),
    booking: read('booking'),
  };
}

/** SHA-256 of everything the seed writes: the three files, the document types and the seeding logic version. */
export function seedChecksum(raw: SeedFilesRaw): string {
  const hash = createHash('sha256');
  hash.update(`v${SEED_LOGIC_VERSION}\n`);
  hash.update(JSON.stringify(DOCUMENT_TYPES));
  for (const key of Object.keys(SEED_FILES) as SeedFileKey[]) {
    hash.update(`\n${key}:${raw[key].length}\n`);
    hash.update(raw[key]);
  }
  return hash.digest('hex');
}

export interface SeedData {
  divipola: DivipolaFile;
  picoPlaca: PicoPlacaDataFile;
  /** The `cities[]` of pico-y-placa.json exactly as written (stored as is, validated by picoPlaca). */
  picoPlacaRawCities: unknown[];
  catalogs: CatalogsFile;
  booking: BookingFile;
}

function parseJson(raw: Buffer, file: string): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new SeedDataError(`${file}: JSON inválido (${(err as Error).message})`);
  }
}

function validate<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues
    .slice(0, 10)
    .map((issue) => `  ${issue.path.join('.') || '(raíz)'}: ${issue.message}`);
  throw new SeedDataError(`${file} no es válido:\n${lines.join('\n')}`);
}

/** Root-relative '/static/…' references must name a file under the public directory. */
function checkStaticReferences(catalogs: CatalogsFile, booking: BookingFile, publicDir: string): void {
  const missing: string[] = [];
  const check = (where: string, link: string) => {
    if (!link.startsWith('/static/')) return;
    const relative = decodeURIComponent(link.slice('/static/'.length).split(/[?#]/)[0] ?? '');
    const file = path.resolve(publicDir, relative);
    if (!file.startsWith(path.resolve(publicDir) + path.sep) || !existsSync(file)) {
      missing.push(`  ${where}: ${link}`);
    }
  };
  for (const url of catalogs.urls) check(`urls.${url.name}`, url.url);
  for (const group of catalogs.catalogs) {
    for (const entry of group.entries) {
      entry.detalle_archivos.forEach((f, i) =>
        check(`${group.clave_padre}.${entry.clave}.detalle_archivos.${i}`, f.archivo),
      );
    }
  }
  for (const ref of bookingStaticReferences(booking)) check(`${SEED_FILES.booking}: ${ref.where}`, ref.link);
  if (missing.length > 0) {
    throw new SeedDataError(
      `${SEED_FILES.catalogs}: archivos inexistentes en ${publicDir}:\n${missing.join('\n')}`,
    );
  }
}

/** Parses and validates the three files; throws SeedDataError naming the file and the bad field. */
export function parseSeedFiles(raw: SeedFilesRaw, publicDir = DEFAULT_PUBLIC_DIR): SeedData {
  const divipola = validate(
    divipolaFileSchema,
    parseJson(raw.divipola, SEED_FILES.divipola),
    SEED_FILES.divipola,
  );
  const picoPlacaJson = parseJson(raw.picoPlaca, SEED_FILES.picoPlaca);
  const picoPlaca = validate(PicoPlacaDataFileSchema, picoPlacaJson, SEED_FILES.picoPlaca);
  const catalogs = validate(
    catalogsFileSchema,
    parseJson(raw.catalogs, SEED_FILES.catalogs),
    SEED_FILES.catalogs,
  );
  const booking = validate(bookingFileSchema, parseJson(raw.booking, SEED_FILES.booking), SEED_FILES.booking);
  checkStaticReferences(catalogs, booking, publicDir);
  const picoPlacaRawCities = (picoPlacaJson as { cities: unknown[] }).cities;
  return { divipola, picoPlaca, picoPlacaRawCities, catalogs, booking };
}
