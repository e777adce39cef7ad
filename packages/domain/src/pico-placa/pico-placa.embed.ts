import type { EmbedCity } from './pico-placa.rules.ts';

/**
 * City slugs of the embedded "pico y placa hoy" page (`embed` in pico-y-placa.json): slug = city name
 * lower-cased, accents removed, non-alphanumerics → hyphens. Unknown cities fall back to `default_slug`.
 */

export interface PicoPlacaEmbedList {
  default_slug: string;
  cities: readonly Pick<EmbedCity, 'slug' | 'name' | 'dane_code'>[];
}

/** 'Bogotá, D.C.' → 'bogota-d-c'; 'Santa Marta' → 'santa-marta'; 'Itagüí' → 'itagui'. */
export function slugifyCity(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Long official forms reduced to the everyday name the embed list uses. */
const LONG_FORM_PATTERNS: readonly RegExp[] = [
  /^(?:san|santa|santo|santiago)(?:-[a-z]+)*?-de-(.+)$/, // santiago-de-cali, san-jose-de-cucuta, santa-cruz-de-lorica
  /^(.+)-de-indias$/, // cartagena-de-indias
  /^(.+)-d-c$/, // bogota-d-c
  /^(.+)-distrito-capital$/,
];

/** Every form a city name may take: full slug, text before a comma, long official forms reduced. */
function slugVariants(name: string): Set<string> {
  const variants = new Set<string>();
  const add = (slug: string) => {
    if (slug === '' || variants.has(slug)) return;
    variants.add(slug);
    for (const pattern of LONG_FORM_PATTERNS) {
      const core = pattern.exec(slug)?.[1];
      if (core !== undefined) add(core);
    }
  };
  add(slugifyCity(name));
  const beforeComma = name.split(',')[0];
  if (beforeComma !== undefined) add(slugifyCity(beforeComma));
  return variants;
}

/**
 * Slug of the embedded page for a city name ('Bogotá, D.C.' → 'bogota', 'Santiago de Cali' → 'cali',
 * 'Lorica' → 'santa-cruz-de-lorica'); `default_slug` when the name is empty or not in the list.
 * Names are ambiguous (Armenia, Barbosa exist in two departments): prefer picoPlacaEmbedSlugForDane.
 */
export function picoPlacaEmbedSlug(cityName: string | null | undefined, embed: PicoPlacaEmbedList): string {
  if (cityName === null || cityName === undefined || cityName.trim() === '') return embed.default_slug;
  const wanted = slugVariants(cityName);
  const exact = embed.cities.find((c) => wanted.has(c.slug) || wanted.has(slugifyCity(c.name)));
  if (exact) return exact.slug;
  const loose = embed.cities.find((c) =>
    [...slugVariants(c.name), ...slugVariants(c.slug)].some((variant) => wanted.has(variant)),
  );
  return loose?.slug ?? embed.default_slug;
}

/** Slug of the embedded page for a DANE municipality code ('05088' → 'bello'); `default_slug` otherwise. */
export function picoPlacaEmbedSlugForDane(
  daneCode: string | null | undefined,
  embed: PicoPlacaEmbedList,
): string {
  if (daneCode === null || daneCode === undefined) return embed.default_slug;
  return embed.cities.find((c) => c.dane_code === daneCode)?.slug ?? embed.default_slug;
}

/** `url_pattern` with the slug filled in ('https://www.pyphoy.com/{slug}'). */
export function picoPlacaEmbedUrl(urlPattern: string, slug: string): string {
  return urlPattern.replace('{slug}', encodeURIComponent(slug));
}
