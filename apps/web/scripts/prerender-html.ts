/** Pure helpers of scripts/prerender.ts: a route's chunks from Vite's manifest, and its page from index.html. */

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
 * index.html with the route's chunks and styles in <head>, the early reads' script (when named) before the
 * entry, and the prerendered markup (when there is some) in #root. A prerendered page's styles block its first
 * paint (it shows content); the others only preload them.
 */
export function pageHtml(
  template: string,
  assets: RouteAssets,
  body: string | null,
  earlyScript: string | null = null,
): string {
  if (!template.includes('</head>') || !template.includes('<div id="root"></div>')) {
    throw new Error('index.html no tiene </head> o <div id="root"></div>: no se puede generar la página');
  }
  const entry = '<script type="module" crossorigin src="/assets/index-';
  if (earlyScript !== null && !template.includes(entry)) {
    throw new Error('index.html no carga /assets/index-….js: no se puede anteponer el script de lecturas');
  }
  const links = [
    ...assets.styles.map((file) =>
      body === null
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="stylesheet" crossorigin href="/${file}">`,
    ),
    ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  const early =
    earlyScript === null ? '' : `<script type="module" async crossorigin src="/${earlyScript}"></script>`;
  const head = template
    .replace(entry, () => `${early}${entry}`)
    .replace('</head>', `${links.join('')}</head>`);
  return body === null ? head : head.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}
