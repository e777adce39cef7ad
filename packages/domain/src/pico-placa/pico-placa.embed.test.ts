import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  picoPlacaEmbedSlug,
  picoPlacaEmbedSlugForDane,
  picoPlacaEmbedUrl,
  slugifyCity,
} from './pico-placa.embed.ts';
import { DIVIPOLA_JSON_URL, loadPicoPlacaDataFile } from './pico-placa.test-data.ts';

const file = loadPicoPlacaDataFile();
const embed = file.embed;

describe('slugifyCity', () => {
  it.each([
    ['Bogotá, D.C.', 'bogota-d-c'],
    ['Santa Marta', 'santa-marta'],
    ['Itagüí', 'itagui'],
    ['Ocaña', 'ocana'],
    ['  La Estrella ', 'la-estrella'],
    ['SAN JOSÉ DE CÚCUTA', 'san-jose-de-cucuta'],
    ['', ''],
  ])('%s → %s', (name, slug) => {
    expect(slugifyCity(name)).toBe(slug);
  });

  it('reproduces every slug of the embed list from its name', () => {
    for (const city of embed.cities) expect(slugifyCity(city.name)).toBe(city.slug);
  });
});

describe('picoPlacaEmbedSlug', () => {
  it.each([
    ['Bogotá, D.C.', 'bogota'],
    ['Bogotá', 'bogota'],
    ['Santa Marta', 'santa-marta'],
    ['santa marta', 'santa-marta'],
    ['Medellín', 'medellin'],
    ['Itagüí', 'itagui'],
    ['Tunja', 'tunja'],
    ['Santiago de Cali', 'cali'],
    ['San José de Cúcuta', 'cucuta'],
    ['Cartagena de Indias', 'cartagena'],
    ['Lorica', 'santa-cruz-de-lorica'],
    ['Santa Cruz de Lorica', 'santa-cruz-de-lorica'],
    ['Medellín, Antioquia', 'medellin'],
  ])('%s → %s', (name, slug) => {
    expect(picoPlacaEmbedSlug(name, embed)).toBe(slug);
  });

  it.each([
    ['Neiva'],
    ['Leticia'],
    ['Cartagena del Chairá'],
    ['Santa Rosa de Cabal'],
    [''],
    [null],
    [undefined],
  ])('%s → default bogota', (name) => {
    expect(picoPlacaEmbedSlug(name, embed)).toBe('bogota');
  });

  it('uses the list’s default slug', () => {
    expect(picoPlacaEmbedSlug('Neiva', { ...embed, default_slug: 'medellin' })).toBe('medellin');
  });

  it('maps no DIVIPOLA municipality to another municipality’s slug', () => {
    const divipola = JSON.parse(readFileSync(fileURLToPath(DIVIPOLA_JSON_URL), 'utf8')) as {
      municipalities: { code: string; name: string; common_name?: string }[];
    };
    const embedNames = new Set(embed.cities.map((c) => slugifyCity(c.name)));
    for (const m of divipola.municipalities) {
      const slug = picoPlacaEmbedSlug(m.name, embed);
      if (slug === embed.default_slug && m.code !== '11001') continue;
      const entry = embed.cities.find((c) => c.slug === slug);
      // Same-name municipalities in other departments (Armenia, Barbosa …) are expected to share the slug.
      const sameName = embedNames.has(slugifyCity(m.name));
      expect(entry?.dane_code === m.code || sameName, `${m.code} ${m.name} → ${slug}`).toBe(true);
    }
  });
});

describe('picoPlacaEmbedSlugForDane', () => {
  it('maps the DANE codes of the list', () => {
    expect(picoPlacaEmbedSlugForDane('11001', embed)).toBe('bogota');
    expect(picoPlacaEmbedSlugForDane('05088', embed)).toBe('bello');
    expect(picoPlacaEmbedSlugForDane('23417', embed)).toBe('santa-cruz-de-lorica');
    expect(picoPlacaEmbedSlugForDane('47001', embed)).toBe('santa-marta');
  });

  it('falls back to the default slug', () => {
    expect(picoPlacaEmbedSlugForDane('05059', embed)).toBe('bogota'); // Armenia, Antioquia — not the Quindío one
    expect(picoPlacaEmbedSlugForDane('41001', embed)).toBe('bogota');
    expect(picoPlacaEmbedSlugForDane(null, embed)).toBe('bogota');
  });

  it('builds the page URL', () => {
    expect(picoPlacaEmbedUrl(embed.url_pattern ?? '', 'santa-marta')).toBe(
      'https://www.pyphoy.com/santa-marta',
    );
  });
});
