import { z } from 'zod';

/**
 * Wire contract of the catalogue and named-URL calls (AHGA §3, §7; SPPF §7):
 * GET /api/conf/catalogos/paginado/?clave_padre=KEY and GET /api/automas-param-system/togo-urls/?name__in=a,b.
 */

/** Parent keys (clave_padre) the product reads. */
export const CATALOG_KEYS = {
  /** Home carousel. */
  bannersGenerales: 'BANNERS_GENERALES_TOGO',
  /** Home promotions strip. */
  bannersOtros: 'BANNERS_OTROS_TOGO',
  aliasUrls: 'ALIAS_URLS_TOGO',
  /** Peritaje service groups; each entry's clave is itself a clave_padre listing its fuel/type options. */
  peritajes: 'PERITAJES_TOGO',
  /** Trámites by procedure: valor = name, detalle_archivos[0].archivo = icon. */
  tramites: 'TRAMITES_TOGO',
  /** Financing: the first entry is the banner, the others allied brands' logos. */
  financiacion: 'FINANCIACION_TOGO',
} as const;
export type CatalogKey = (typeof CATALOG_KEYS)[keyof typeof CATALOG_KEYS];

/** Names of the configured URLs (GET togo-urls). */
export const URL_NAMES = [
  'blog',
  'poliza',
  'facil_pass',
  'financiacion',
  'pico_placa_base',
  'data_policy_pdf',
  'privacy_policy_pdf',
] as const;
export type UrlName = (typeof URL_NAMES)[number];

export const CATALOG_PAGE_SIZE_DEFAULT = 50;
export const CATALOG_PAGE_SIZE_MAX = 100;

export const CATALOG_MESSAGES = {
  required: 'Este campo es obligatorio.',
  integer: 'Debe ser un número entero.',
  pageMin: 'Debe ser mayor o igual a 1.',
  pageSizeRange: `Debe estar entre 1 y ${CATALOG_PAGE_SIZE_MAX}.`,
  invalidPage: 'Página inválida.',
  tooLong: 'Demasiado largo.',
  tooManyNames: 'Máximo 20 nombres.',
} as const;

const positiveInt = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, CATALOG_MESSAGES.integer)
    .transform(Number)
    .pipe(z.number().int().min(1, message));

/** Catalogue query: DRF page-number pagination (page from 1, page_size up to 100). */
export const catalogQuerySchema = z.object({
  clave_padre: z
    .string({ error: CATALOG_MESSAGES.required })
    .trim()
    .min(1, CATALOG_MESSAGES.required)
    .max(100, CATALOG_MESSAGES.tooLong),
  page: positiveInt(CATALOG_MESSAGES.pageMin).optional(),
  page_size: positiveInt(CATALOG_MESSAGES.pageSizeRange)
    .pipe(z.number().max(CATALOG_PAGE_SIZE_MAX, CATALOG_MESSAGES.pageSizeRange))
    .optional(),
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** valor_json: activo, alias_url_app (route opened on click: internal when it contains 'app/'), descripcion … */
export const catalogValorJsonSchema = z.looseObject({
  activo: z.boolean(),
  alias_url_app: z.string().nullable().optional(),
  descripcion: z.string().optional(),
});
export type CatalogValorJson = z.infer<typeof catalogValorJsonSchema>;

export const catalogFileSchema = z.object({ archivo: z.string() });

export const catalogEntrySchema = z.object({
  clave: z.string(),
  valor: z.string(),
  valor_json: catalogValorJsonSchema,
  detalle_archivos: z.array(catalogFileSchema),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** DRF PageNumberPagination body. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export const catalogPageSchema = paginatedSchema(catalogEntrySchema);
export type CatalogPage = z.infer<typeof catalogPageSchema>;

/** name__in: comma-separated names; absent or empty = every configured URL. */
export const urlQuerySchema = z.object({
  name__in: z
    .string()
    .max(1000, CATALOG_MESSAGES.tooLong)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(100, CATALOG_MESSAGES.tooLong)).max(20, CATALOG_MESSAGES.tooManyNames))
    .optional(),
});

export const urlEntrySchema = z.object({ name: z.string(), url: z.string() });
export type UrlEntry = z.infer<typeof urlEntrySchema>;
export const urlListResponseSchema = z.object({ results: z.array(urlEntrySchema) });
export type UrlListResponse = z.infer<typeof urlListResponseSchema>;
