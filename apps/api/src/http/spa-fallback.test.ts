import { describe, expect, it } from 'vitest';
import { spaPage, type SpaPages } from './spa-fallback.ts';

const pages: SpaPages = {
  web: true,
  console: true,
  entryPages: new Set(['/app/home', '/app/agendamientos', '/app/agendamientos/:id', '/a/:x/b/:y']),
};

describe('spaPage', () => {
  it("serves an entry route's own page, with or without a trailing slash or a query", () => {
    expect(spaPage('/app/home', pages)).toBe('_pages/app/home.html');
    expect(spaPage('/app/agendamientos/?tab=1', pages)).toBe('_pages/app/agendamientos.html');
  });

  it('serves a page with :param segments for any one non-empty segment there (decision 131)', () => {
    expect(spaPage('/app/agendamientos/3f2a-9c', pages)).toBe('_pages/app/agendamientos/:id.html');
    expect(spaPage('/a/1/b/2', pages)).toBe('_pages/a/:x/b/:y.html');
    expect(spaPage('/a/1/c/2', pages)).toBe('index.html');
    expect(spaPage('/app/agendamientos/3f2a/otro', pages)).toBe('index.html');
  });

  it("gives other paths the app's index, the console its page, and API or webhook paths nothing", () => {
    expect(spaPage('/app/profile', pages)).toBe('index.html');
    expect(spaPage('/operador/agenda', pages)).toBe('operador/operador.html');
    expect(spaPage('/operador/assets/x.js', pages)).toBeNull();
    expect(spaPage('/api/nada', pages)).toBeNull();
    expect(spaPage('/wh/tramites/agenda/', pages)).toBeNull();
    expect(spaPage('/app/home', { ...pages, web: false })).toBeNull();
  });
});
