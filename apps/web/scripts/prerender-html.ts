/** Pure helpers of scripts/prerender.ts: a route's chunks from Vite's manifest, and its page from index.html. */
import type { EarlyReadSet } from '../src/app/early-reads.ts';
import type { ShellAudience } from '../src/app/page-shells.ts';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** dist/.vite/manifest.json: source module (relative to apps/web) → its chunk. */
export type Manifest = Record<string, ManifestChunk>;

export interface RouteAssets {
  /** Chunks to modulepreload, as paths under dist ('assets/Login-….js'). */
  scripts: string[];
  styles: string[];
}

/**
 * The chunks (and their styles) of every lazy module among `modules` (those a path evaluated), with everything
 * they import statically, minus what index.html already loads.
 */
export function routeAssets(manifest: Manifest, modules: readonly string[], template: string): RouteAssets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry (index.html) is loaded already, its styles inlined.
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    if (!template.includes(`/${chunk.file}"`)) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!template.includes(`/${css}"`)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) if (manifest[module]?.isDynamicEntry) visit(module);
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

/**
 * The entry pages' inline script (scripts/page-boot-script.ts), whether this page starts the early reads and, for a
 * page with a shell, who sees it.
 */
export interface PageBootScript {
  code: string;
  earlyReads: EarlyReadSet | null;
  shell?: ShellAudience | null;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;

/**
 * index.html with the route's styles in <head> and the prerendered markup or shell (when there is some) in #root.
 * - A page with markup blocks its first paint on its styles only: the entry's tag gives way to the inline script
 *   (`boot`), which requests the entry and the route's chunks after that paint (src/app/page-boot.ts, decision 047).
 * - A page without markup has nothing to paint before the app runs: it keeps the entry's tag, preloads its styles
 *   and names its chunks (modulepreload) so they download beside the entry.
 */
export function pageHtml(
  template: string,
  assets: RouteAssets,
  body: string | null,
  boot: PageBootScript | null = null,
): string {
  if (!template.includes('</head>') || !template.includes('<div id="root"></div>')) {
    throw new Error('index.html no tiene </head> o <div id="root"></div>: no se puede generar la página');
  }
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) throw new Error('index.html no carga /assets/index-….js: no se puede generar la página');
  if (body === null) {
    if (boot?.earlyReads) {
      throw new Error('Las lecturas tempranas van en una página con contenido (su script de arranque)');
    }
    const links = [
      ...assets.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    return template.replace('</head>', () => `${links.join('')}</head>`);
  }
  if (boot === null) throw new Error('Una página con contenido necesita su script de arranque');
  const script = bootScriptTag(
    entry[1] as string,
    assets.scripts.map((file) => `/${file}`),
    boot.code,
    `${boot.earlyReads ? ` data-early-reads="${boot.earlyReads}"` : ''}${boot.shell ? ` data-shell-for="${boot.shell}"` : ''}`,
  );
  const styles = assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  return template
    .replace(entry[0], () => script)
    .replace('</head>', () => `${styles.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

const CONSOLE_ENTRY = /<script type="module" crossorigin src="(\/operador\/assets\/[^"]+\.js)"><\/script>/;
const CONSOLE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/operador\/assets\/[^"]+\.js)">/g;

/**
 * The operator console's page (dist/operador/operador.html, built by vite.operador.config.ts) with the entry
 * pages' inline script instead of its entry's tag and module preloads (decision 134): its loader is painted from
 * the HTML before the console's scripts run (src/app/page-boot.ts requests them after that first paint). A page
 * already rewritten is answered as it is.
 */
export function consolePageHtml(html: string, bootCode: string): string {
  if (html.includes(' data-entry="')) return html;
  const entry = CONSOLE_ENTRY.exec(html);
  if (!entry) throw new Error('operador.html no carga /operador/assets/….js: no se puede generar la página');
  const preloads = [...html.matchAll(CONSOLE_PRELOAD)].map((m) => m[1] as string);
  const script = bootScriptTag(entry[1] as string, preloads, bootCode);
  return html.replace(CONSOLE_PRELOAD, '').replace(entry[0], () => script);
}

/** The inline boot script's tag (src/app/page-boot.ts reads its attributes): the entry, its chunks, then `extra`. */
function bootScriptTag(entry: string, preloads: string[], code: string, extra = ''): string {
  return `<script data-entry="${entry}" data-preloads="${preloads.join(' ')}"${extra}>${code}</script>`;
}
