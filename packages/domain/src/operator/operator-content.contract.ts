import { z } from 'zod';
import { CATALOG_KEYS, catalogValorJsonSchema } from '../catalog/catalog.contract.ts';

/**
 * Wire contract of the console's content routes (issue 13 'Content'): catalogue entries (banners are the entries
 * of the two banner catalogues), named URLs, banner images and the export of the seed files.
 */

export const CONTENT_MSG = {
  entryExists: 'Ya existe una entrada con esa clave en este catálogo.',
  urlExists: 'Ya existe una URL con ese nombre.',
  imageRequired: 'Selecciona una imagen.',
  imageType: 'La imagen debe ser JPG o PNG.',
  imageDamaged: 'No pudimos leer la imagen. Intenta con otro archivo.',
  imageTooLarge: 'La imagen supera 5 MB.',
  bannerImage: 'Un banner necesita su imagen.',
} as const;

/** Parent keys whose entries are banners (carousel and promotions strip). */
export const BANNER_CATALOGS = [CATALOG_KEYS.bannersGenerales, CATALOG_KEYS.bannersOtros] as const;

export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Banners are re-encoded to fit this box (the carousel is at most ~1,200 px wide on a desktop). */
export const BANNER_IMAGE_MAX_SIDE = 1600;

const noNul = (v: string) => !v.includes('\u0000');
const text = (max: number, required = true) =>
  z
    .string({ error: 'Este campo es requerido.' })
    .trim()
    .min(required ? 1 : 0, 'Este campo es requerido.')
    .max(max, `Máximo ${max} caracteres.`)
    .refine(noNul, 'Caracteres no permitidos.');

/** Absolute http(s) URL or a path on this server ('/static/…', '/api/contenido/imagenes/…'). */
export const contentLinkSchema = text(2000).refine(
  (v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s/][^\s]*$/.test(v),
  'Debe ser una URL http(s) o una ruta que empiece por /.',
);

export const catalogKeySchema = text(100).refine(
  (v) => /^[A-Za-z0-9_.-]+$/.test(v),
  'Solo letras sin tilde, dígitos, _ . y -.',
);

/** valor_json: `activo` is required; the other keys are free (each catalogue has its own). */
const valorJsonSchema = catalogValorJsonSchema.refine(
  (v) => JSON.stringify(v).length <= 20_000,
  'valor_json es demasiado grande.',
);

/** Create or replace a catalogue entry: the shape of a catalogs.json entry plus its clave_padre. */
export const catalogEntryInputSchema = z
  .strictObject({
    clave_padre: catalogKeySchema,
    clave: catalogKeySchema,
    valor: text(500, false).default(''),
    orden: z.number({ error: 'Debe ser un número.' }).int('Debe ser un número entero.').min(0).max(1_000_000),
    valor_json: valorJsonSchema,
    detalle_archivos: z
      .array(z.strictObject({ archivo: contentLinkSchema }))
      .max(20)
      .default([]),
  })
  .refine(
    (e) => !(BANNER_CATALOGS as readonly string[]).includes(e.clave_padre) || e.detalle_archivos.length > 0,
    { message: CONTENT_MSG.bannerImage, path: ['detalle_archivos'] },
  );
export type CatalogEntryInput = z.input<typeof catalogEntryInputSchema>;

export const operatorCatalogEntrySchema = z.object({
  id: z.number().int(),
  clave_padre: z.string(),
  clave: z.string(),
  valor: z.string(),
  orden: z.number().int(),
  activo: z.boolean(),
  valor_json: catalogValorJsonSchema,
  detalle_archivos: z.array(z.object({ archivo: z.string() })),
  /** Changed in the console: restarts keep it as it is. */
  editado: z.boolean(),
  /** Incremented by each save: sent back as If-Match by the next one (decision 096). */
  version: z.number().int(),
});
export type OperatorCatalogEntry = z.infer<typeof operatorCatalogEntrySchema>;

export const CONTENT_PAGE_SIZE_MAX = 100;
export const CONTENT_SORTS = ['orden', 'clave', '-orden', '-clave'] as const;

/** GET /api/operador/contenido/entradas/: filtered, sorted and paginated on the server. */
export const catalogEntriesQuerySchema = z.object({
  clave_padre: catalogKeySchema.optional(),
  q: text(100).optional(),
  orden: z.enum(CONTENT_SORTS, { error: 'Orden inválido.' }).optional(),
  page: z.coerce.number({ error: 'Debe ser un número.' }).int().min(1).max(100_000).optional(),
  page_size: z.coerce
    .number({ error: 'Debe ser un número.' })
    .int()
    .min(1)
    .max(CONTENT_PAGE_SIZE_MAX)
    .optional(),
});
export type CatalogEntriesQuery = z.infer<typeof catalogEntriesQuerySchema>;

export const catalogEntriesPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(operatorCatalogEntrySchema),
});
export type CatalogEntriesPage = z.infer<typeof catalogEntriesPageSchema>;

export const catalogGroupSchema = z.object({ clave_padre: z.string(), entradas: z.number().int() });
export type CatalogGroup = z.infer<typeof catalogGroupSchema>;

export const urlNameSchema = text(100).refine((v) => /^[a-z0-9_]+$/.test(v), 'Minúsculas, dígitos y _.');

export const namedUrlInputSchema = z.strictObject({ name: urlNameSchema, url: contentLinkSchema });
export const namedUrlUpdateSchema = z.strictObject({ url: contentLinkSchema });

/** `version`: incremented by each save, sent back as If-Match by the next one (decision 096). */
export const operatorNamedUrlSchema = z.object({
  name: z.string(),
  url: z.string(),
  editado: z.boolean(),
  version: z.number().int(),
});
export type OperatorNamedUrl = z.infer<typeof operatorNamedUrlSchema>;

/** POST /api/operador/contenido/imagenes/ (multipart field 'imagen') → where the re-encoded image is served. */
export const contentImageSchema = z.object({ id: z.string(), url: z.string(), bytes: z.number().int() });
export type ContentImage = z.infer<typeof contentImageSchema>;

/** GET /api/operador/exportar/{archivo}/: the database's current state in the seed file's shape. */
export const EXPORT_FILES = ['booking', 'catalogs', 'pico-y-placa'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

/** Path parameters of the content routes; the API marks them "not found" (404 `{detail}`), never a 400. */
export const namedUrlParamsSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,100}$/, 'No encontrado.'),
});
export const exportFileParamsSchema = z.object({
  archivo: z.enum(EXPORT_FILES, { error: 'No encontrado.' }),
});
/** A content image's file name ('<uuid>.<ext>'); the service answers null for anything else. */
export const contentImageParamsSchema = z.object({ file: z.string() });
