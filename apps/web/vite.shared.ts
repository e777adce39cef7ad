import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

/** Writes `file`.gz and `file`.br (gzip -9, brotli 11) beside it, as the API's preCompressed serving expects. */
export function writeCompressed(file: string, bytes: Buffer | string): void {
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

/**
 * Writes .br and .gz next to every text file of the build, which the API serves with @fastify/static's
 * preCompressed (docs/decisions/010). The service worker is left alone: it must be byte-checked as served.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'togo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file) || /(^|\/)(sw|push-sw)\.js$/.test(file))
          continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeCompressed(file, bytes);
      }
    },
  };
}

/**
 * Development only: /operador and /operador/* (not its files) answer operador.html, as the API does for the
 * build, so `npm run dev` serves the operator console too (docs/decisions/029).
 */
export function operatorDevPages(): Plugin {
  return {
    name: 'togo-operator-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        if (req.method === 'GET' && /^\/operador(\/[^.]*)?(\?.*)?$/.test(url)) req.url = '/operador.html';
        next();
      });
    },
  };
}

/**
 * react-router's package exports only its development build to bundlers (the production file differs by
 * `ENABLE_DEV_WARNINGS = false` and drops the warnings' code): production builds resolve the production file
 * (docs/decisions/043). The dev server and the tests keep the development build and its warnings.
 */
export function reactRouterProductionBuild(): Plugin {
  const production = createRequire(import.meta.url)
    .resolve('react-router')
    .replace(/dist[\\/]development[\\/]index\.m?js$/, 'dist/production/index.mjs');
  return {
    name: 'togo-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

/**
 * The app's React is Preact 11 through preact/compat (docs/decisions/045): React's API at a sixth of React
 * DOM's weight. The aliases apply to the builds, the dev server and the unit tests alike, so the tests run
 * the renderer that ships.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Packages that import React, and Preact itself: Vite must transform them (not leave them to Node) wherever it
 * runs code outside the browser (the prerender, the unit tests), or they would import React rather than the
 * alias, or a second copy of Preact.
 */
export const PREACT_INLINE = [
  'preact',
  'preact-render-to-string',
  'react-router',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers',
  'react-leaflet',
  '@react-leaflet/core',
  '@testing-library/react',
];

/** The same packages as the unit tests' runner matches them: by their files' paths. */
export const PREACT_INLINE_PATHS = PREACT_INLINE.map(
  (name) => new RegExp(`[\\\\/]node_modules[\\\\/]${name.replace('/', '[\\\\/]')}[\\\\/]`),
);

/**
 * JSX through @vitejs/plugin-react, without React's Fast Refresh: it patches React DOM, which is not there (the
 * dev server reloads the page when a component changes instead).
 */
export function reactJsx(): PluginOption {
  return react({ refreshExclude: /./ });
}

export function preactCompat(): Plugin {
  return {
    name: 'togo-preact-compat',
    config: () => ({ resolve: { alias: preactAliases }, ssr: { noExternal: PREACT_INLINE } }),
    // React Router reads React.useOptimistic when it exists and falls back without it: Preact has none.
    onLog(_level, log) {
      if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return false;
    },
  };
}
