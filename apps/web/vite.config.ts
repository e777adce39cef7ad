import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import react from '@vitejs/plugin-react';
import { operatorDevPages, precompress, reactRouterProductionBuild } from './vite.shared.ts';
import { lazySchemas } from './vite-lazy-schemas.ts';
import { noJsonSchema } from './vite-no-json-schema.ts';

/**
 * Inlines the entry's stylesheet (the shell's critical CSS, ~4 KB gzipped) into index.html as a <style>, so
 * the first paint does not wait for a render-blocking request (one more round trip on a slow mobile link).
 * The file stays in the build for anything that links it; screens' own CSS still arrives with their chunks.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'togo-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (!asset || asset.type !== 'asset') return tag;
            // The disabled <link> is never fetched; it tells Vite's preload helper that the entry's stylesheet is
            // already in the page, so a lazy chunk that lists it among its dependencies does not load it again
            // (and wait for it) before running.
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

const apiTarget = process.env.API_DEV_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [
    react(),
    // Installable PWA (docs/decisions/010): manifest + our own worker (src/sw/sw.ts), registered by
    // src/app/pwa.ts; a new build waits for 'Actualizar'.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'avatar.svg', 'push-sw.js', 'icons/apple-touch-icon.png'],
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The operator console (dist/operador, built after this by vite.operador.config.ts) is never
        // precached for drivers.
        globIgnores: ['push-sw.js', 'static/**', 'operador/**'],
      },
      manifest: {
        id: '/',
        name: 'TOGO',
        short_name: 'TOGO',
        description:
          'TOGO: alertas de SOAT, revisión técnico-mecánica, multas y pico y placa para tu vehículo en Colombia.',
        lang: 'es-CO',
        dir: 'ltr',
        start_url: '/app/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0B3D91',
        background_color: '#F4F6FB',
        categories: ['auto', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    inlineEntryCss(),
    precompress(),
    reactRouterProductionBuild(),
    lazySchemas(),
    noJsonSchema(),
    operatorDevPages(),
  ],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/wh': apiTarget, '/static': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route needs, for the entry pages (scripts/prerender.ts).
    manifest: true,
    // No modulepreload polyfill in the entry (≈ 0.3 KB gzipped): browsers without modulepreload (Safari < 17)
    // only skip the hint and load the chunks through their imports (decision 043).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The home's early reads (src/app/early-reads.ts) are no entry of their own: they are inlined in the
      // home's page (scripts/prerender.ts, decision 047).
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)) },
      output: {
        codeSplitting: {
          // Everything the first paint needs (React, the router, the query client, the guards) in one chunk
          // beside the entry, instead of eight small ones: on a slow mobile link each request costs a round
          // trip (docs/decisions/014).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
