import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
