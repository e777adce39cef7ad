import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
        globIgnores: ['push-sw.js', 'static/**'],
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
  ],
  server: {
    port: 3000,
    proxy: { '/api': apiTarget, '/wh': apiTarget, '/static': apiTarget },
  },
  build: { outDir: 'dist', sourcemap: true },
});
