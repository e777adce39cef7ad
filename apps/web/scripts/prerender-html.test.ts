import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { ENTRY_PAGES } from './entry-pages.ts';
import { consolePageHtml, pageHtml, routeAssets, type Manifest } from './prerender-html.ts';

const TEMPLATE = [
  '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/app-1.js"><style>body{}</style></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_app-1.js'],
    css: ['assets/index-1.css'],
  },
  '_app-1.js': { file: 'assets/app-1.js' },
  '_Field-1.js': { file: 'assets/Field-1.js', imports: ['index.html', '_app-1.js'] },
  '_Carousel-1.js': { file: 'assets/Carousel-1.js', css: ['assets/Carousel-1.css'] },
  'src/features/auth/routes/Login.tsx': {
    file: 'assets/Login-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_Field-1.js'],
  },
  'src/features/home/routes/Home.tsx': {
    file: 'assets/Home-1.js',
    isDynamicEntry: true,
    imports: ['_Carousel-1.js', '_Field-1.js'],
    css: ['assets/Home-1.css'],
  },
  'src/features/fleet/routes/FleetList.tsx': { file: 'assets/FleetList-1.js', isDynamicEntry: true },
};

describe('routeAssets', () => {
  it('takes the lazy modules a path evaluated, with their static imports, minus what index.html loads', () => {
    const assets = routeAssets(
      MANIFEST,
      ['src/app/main.tsx', 'src/features/home/routes/Home.tsx', 'src/lib/api-client.ts', '_Field-1.js'],
      TEMPLATE,
    );
    expect(assets.scripts).toEqual(['assets/Carousel-1.js', 'assets/Field-1.js', 'assets/Home-1.js']);
    // The entry's own stylesheet is inlined in index.html: never linked again.
    expect(assets.styles).toEqual(['assets/Carousel-1.css', 'assets/Home-1.css']);
  });

  it('names nothing for a path whose modules are all in the entry', () => {
    expect(routeAssets(MANIFEST, ['src/app/main.tsx'], TEMPLATE)).toEqual({ scripts: [], styles: [] });
  });
});

describe('pageHtml', () => {
  const boot = { code: 'boot()', earlyReads: null };

  it('a prerendered page: its boot script in place of the entry, blocking styles and the markup in #root', () => {
    const html = pageHtml(
      TEMPLATE,
      { scripts: ['assets/Login-1.js', 'assets/Field-1.js'], styles: ['assets/a.css'] },
      '<h1>Hola $&</h1>',
      boot,
    );
    // The entry is requested by the boot script after the first paint, with the route's chunks (decision 047).
    expect(html).not.toContain('src="/assets/index-1.js"');
    expect(html).toContain(
      '<html><head><script data-entry="/assets/index-1.js" data-preloads="/assets/Login-1.js /assets/Field-1.js">boot()</script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/a.css"></head>');
    expect(html).not.toContain('rel="modulepreload" crossorigin href="/assets/Login-1.js"');
    // Replacement patterns in the markup ($&) are kept as text.
    expect(html).toContain('<div id="root"><h1>Hola $&</h1></div>');
  });

  it("the home's shell: the boot script also starts the early reads", () => {
    const html = pageHtml(TEMPLATE, { scripts: [], styles: [] }, '<main data-shell></main>', {
      code: 'boot()',
      earlyReads: 'home',
    });
    expect(html).toContain(
      '<script data-entry="/assets/index-1.js" data-preloads="" data-early-reads="home">boot()</script>',
    );
  });

  it("a shell's page names who sees it", () => {
    const html = pageHtml(
      TEMPLATE,
      { scripts: ['assets/Fleet-1.js'], styles: [] },
      '<div data-shell></div>',
      {
        code: 'boot()',
        earlyReads: null,
        shell: 'fleet',
      },
    );
    expect(html).toContain(
      '<script data-entry="/assets/index-1.js" data-preloads="/assets/Fleet-1.js" data-shell-for="fleet">boot()</script>',
    );
  });

  it('a page without markup keeps the entry, preloads its styles, names its chunks and keeps #root empty', () => {
    const html = pageHtml(TEMPLATE, { scripts: ['assets/Home-1.js'], styles: ['assets/a.css'] }, null);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/a.css"><link rel="modulepreload" crossorigin href="/assets/Home-1.js"></head>',
    );
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('data-entry');
  });

  it('refuses a template without #root or without the entry, and markup without its boot script', () => {
    expect(() =>
      pageHtml('<html><head></head><body></body></html>', { scripts: [], styles: [] }, null),
    ).toThrow(/root/);
    expect(() =>
      pageHtml(
        '<html><head></head><body><div id="root"></div></body></html>',
        { scripts: [], styles: [] },
        null,
      ),
    ).toThrow(/index-/);
    expect(() => pageHtml(TEMPLATE, { scripts: [], styles: [] }, '<h1>Hola</h1>')).toThrow(/arranque/);
    expect(() =>
      pageHtml(TEMPLATE, { scripts: [], styles: [] }, null, { code: 'boot()', earlyReads: 'home' }),
    ).toThrow(/lecturas/);
  });
});

describe('ENTRY_PAGES', () => {
  it('every listed path is a route of the app, and a prerendered one is public', () => {
    for (const page of ENTRY_PAGES) {
      const matches = matchRoutes(routes, page.path) ?? [];
      expect(matches.length, page.path).toBeGreaterThan(0);
      expect(matches.at(-1)?.pathname.replace(/\/$/, ''), page.path).toBe(page.path);
      if (page.prerender) expect(page.path.startsWith('/auth'), page.path).toBe(true);
    }
  });
});

describe('consolePageHtml (decision 134)', () => {
  const built =
    '<html><head><title>Consola</title>' +
    '<script type="module" crossorigin src="/operador/assets/operador-A1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/operador/assets/jsx-runtime-B2.js">' +
    '<link rel="modulepreload" crossorigin href="/operador/assets/schemas-C3.js">' +
    '<link rel="stylesheet" crossorigin href="/operador/assets/operador-D4.css"></head>' +
    '<body><div id="root"><div class="op-state">Cargando…</div></div></body></html>';

  it("gives the console's entry and preloads to the inline script, keeping its styles and loader", () => {
    const html = consolePageHtml(built, 'BOOT()');
    expect(html).toContain(
      '<script data-entry="/operador/assets/operador-A1.js" ' +
        'data-preloads="/operador/assets/jsx-runtime-B2.js /operador/assets/schemas-C3.js">BOOT()</script>',
    );
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/operador/assets/operador-D4.css">');
    expect(html).toContain('<div id="root"><div class="op-state">Cargando…</div></div>');
    // Rewritten once: a second pass leaves it as it is.
    expect(consolePageHtml(html, 'BOOT()')).toBe(html);
  });

  it('refuses a page that does not load the console’s entry', () => {
    expect(() => consolePageHtml('<html><head></head></html>', 'BOOT()')).toThrow(/operador\.html no carga/);
  });
});
