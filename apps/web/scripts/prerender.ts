/**
 * After `vite build` (docs/decisions/044): one HTML page per entry route in dist/_pages/, which the API sends
 * instead of index.html for that path (apps/api/src/http/spa-fallback.ts).
 * - Public screens (sign-in, sign-up…) are prerendered: the visitor sees the form in the first paint, before any
 *   JavaScript runs, and React hydrates it.
 * - The home's page carries its shell (its layout before the data, with the first banner the server fills in),
 *   shown on a device with a session until React draws the screen.
 * - A page with markup (prerendered or a shell) paints from its HTML and styles alone: its inline script
 *   (src/app/page-boot.ts) requests the entry and the route's chunks after that first paint (decision 047).
 * - A page without markup names its route's chunks (modulepreload) and styles, so they download beside the entry
 *   instead of after it has run: one round trip less on a slow mobile link.
 * Run with tsx from apps/web (its `build` script does it).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';
import { consolePageHtml, pageHtml, routeAssets, type Manifest } from './prerender-html.ts';
import { writeCompressed } from '../vite.shared.ts';
import { buildPageBootScript } from './page-boot-script.ts';
import { ENTRY_PAGES } from './entry-pages.ts';
import type { ShellView } from '../src/app/prerender.tsx';
import { LCP_IMAGE_MARKER } from '@togo/domain/entry-pages';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** What the screens read from storage while rendering: an empty browser (a signed-out visitor). */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

interface PrerenderModule {
  renderPage(pathname: string): Promise<string>;
  renderShell(pathname: string, view?: ShellView): Promise<string>;
  loadRouteModules(pathname: string): Promise<void>;
}

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const outDir = path.join(dist, '_pages');
const bootScript = await buildPageBootScript(webRoot);
rmSync(outDir, { recursive: true, force: true });
try {
  for (const page of ENTRY_PAGES) {
    Object.assign(globalThis, { localStorage: emptyStorage(), sessionStorage: emptyStorage() });
    // A runner per page: the modules it evaluated are exactly the ones this path needs.
    const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
    const prerender = await runner.import<PrerenderModule>('/src/app/prerender.tsx');
    const body = page.prerender
      ? await prerender.renderPage(page.path)
      : page.shell
        ? await prerender.renderShell(page.path, page.view)
        : null;
    await prerender.loadRouteModules(page.path);
    const modules = [...runner.evaluatedModules.idToModuleMap.values()].map((node) =>
      path.relative(webRoot, node.file).split(path.sep).join('/'),
    );
    const assets = routeAssets(manifest, modules, template);
    const boot =
      body === null
        ? null
        : { code: bootScript, earlyReads: page.earlyReads ?? null, shell: page.shell ?? null };
    const html = pageHtml(template, assets, body, boot);
    const file = path.join(outDir, `${page.path.slice(1)}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    // A shell with an image only the server knows is compressed by the API on each request: no .gz/.br for it.
    if (!html.includes(LCP_IMAGE_MARKER)) writeCompressed(file, html);
    await runner.close();
    console.log(
      `prerender: ${page.path} → _pages${page.path}.html (${body === null ? 'preloads only' : `${body.length} B of ${page.shell ? 'shell' : 'markup'}`}, ${assets.scripts.length} chunks, ${assets.styles.length} styles)`,
    );
  }
  // The console's page: its loader painted before its scripts run (decision 134).
  const consolePage = path.join(dist, 'operador', 'operador.html');
  const consoleHtml = consolePageHtml(readFileSync(consolePage, 'utf8'), bootScript);
  writeFileSync(consolePage, consoleHtml);
  writeCompressed(consolePage, consoleHtml);
  console.log('prerender: /operador → operador/operador.html (its loader painted before its scripts)');
} finally {
  await server.close();
}
