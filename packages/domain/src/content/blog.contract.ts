import { z } from 'zod';

/**
 * Blog articles (issue 38): written in the console (title, cover image, Markdown body, publish date, draft or
 * published) and read by drivers at /app/otros/blog. Drivers only ever receive published articles whose publish
 * date (Bogotá) has come; the body is Markdown, rendered and sanitised where it is shown (decision 119).
 */

export const BLOG_MSG = {
  coverHttps: 'La portada debe ser una dirección https:// de una imagen.',
  badDate: 'Escribe una fecha válida (AAAA-MM-DD).',
  notFound: 'Artículo no encontrado.',
} as const;

export const BLOG_TITLE_MAX = 150;
export const BLOG_BODY_MAX = 50_000;

const noNul = (v: string) => !v.includes('\u0000');

const text = (max: number) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .min(1, 'Este campo es obligatorio.')
    .max(max, `Máximo ${max} caracteres.`)
    .refine(noNul, 'Caracteres no permitidos.');

/** An absolute https URL without spaces or quotes (it ends up in an <img src>). */
export function isHttpsImageUrl(value: string): boolean {
  if (!/^https:\/\/[^\s"'<>]+$/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = z
  .string({ error: BLOG_MSG.badDate })
  .refine(isIsoDate, BLOG_MSG.badDate)
  .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', BLOG_MSG.badDate);

/** POST /api/operador/contenido/blog/ and PUT …/blog/{id}/ (If-Match, decision 096). */
export const blogArticleInputSchema = z.strictObject({
  titulo: text(BLOG_TITLE_MAX),
  /** '' for an article without a cover. */
  portada: z
    .string()
    .trim()
    .max(2000, 'Máximo 2000 caracteres.')
    .refine((v) => v === '' || isHttpsImageUrl(v), BLOG_MSG.coverHttps)
    .default(''),
  cuerpo: text(BLOG_BODY_MAX),
  fecha_publicacion: isoDateSchema,
  publicado: z.boolean({ error: 'Elige borrador o publicado.' }),
});
export type BlogArticleInput = z.input<typeof blogArticleInputSchema>;

/** An article as the console edits it (drafts included). */
export const operatorBlogArticleSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  portada: z.string(),
  cuerpo: z.string(),
  fecha_publicacion: z.string(),
  publicado: z.boolean(),
  version: z.number().int(),
  actualizado: z.string(),
});
export type OperatorBlogArticle = z.infer<typeof operatorBlogArticleSchema>;

/** What a driver reads: a published article whose date has come. */
export const blogArticleSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  portada: z.string(),
  cuerpo: z.string(),
  fecha_publicacion: z.string(),
});
export type BlogArticle = z.infer<typeof blogArticleSchema>;

/** GET /api/contenido/blog/: newest first, at most BLOG_LIST_MAX; the body is left out of the list. */
export const blogListSchema = z.object({
  results: z.array(blogArticleSchema.omit({ cuerpo: true })),
});
export type BlogList = z.infer<typeof blogListSchema>;
export const BLOG_LIST_MAX = 50;

export const BLOG_PATHS = {
  list: '/api/contenido/blog/',
  article: (id: number | string) => `/api/contenido/blog/${id}/`,
  console: '/api/operador/contenido/blog/',
  consoleArticle: (id: number | string) => `/api/operador/contenido/blog/${id}/`,
} as const;
