import path from 'node:path';
import { defineConfig } from 'vite';
import { lazySchemas } from './vite-lazy-schemas.ts';
import { noJsonSchema } from './vite-no-json-schema.ts';
import react from '@vitejs/plugin-react';
import { precompress, reactRouterProductionBuild } from './vite.shared.ts';

/**
 * The operator console's build (docs/decisions/029): a second pass after the drivers' build, into
 * dist/operador with its files under /operador/assets. Separate so the drivers' chunks are byte-for-byte the
 * same with or without the console (a shared first-paint chunk would also run the drivers' entry), and so the
 * drivers' service worker, generated in the first pass, never precaches the console.
 */
export default defineConfig({
  plugins: [react(), precompress(), reactRouterProductionBuild(), lazySchemas(), noJsonSchema()],
  base: '/operador/',
  // The drivers' build already copies public/ (favicon, icons) to the site root.
  publicDir: false,
  build: {
    outDir: 'dist/operador',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { operador: path.resolve(import.meta.dirname, 'operador.html') },
    },
  },
});
