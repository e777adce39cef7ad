/*
 * TOGO service worker (vite-plugin-pwa, injectManifest, built as a classic IIFE worker):
 * - precaches the app shell (index.html, every JS/CSS chunk, icons) so the app opens offline;
 * - answers navigations with the precached index.html (single-page app), never for /api, /wh, /dev, /operador;
 * - API reads (GET /api/*) are NetworkFirst: the network answer is stored, and when the network fails the
 *   last stored answer is served with the x-togo-offline header so the page can say so;
 * - a new build waits until the page says 'Actualizar' (SKIP_WAITING message);
 * - Web Push: importScripts('/push-sw.js') keeps the push and notificationclick handlers in one place.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_CACHE, OFFLINE_HEADER, SKIP_WAITING } from '../lib/pwa-constants.ts';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The worker's global scope, typed by hand: the app's TypeScript lib is DOM, not WebWorker. */
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  importScripts(...urls: string[]): void;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
};

self.importScripts('/push-sw.js');

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // /operador is the operator console's own page (docs/decisions/029), never the drivers' shell.
    denylist: [/^\/api\//, /^\/wh\//, /^\/dev\//, /^\/static\//, /^\/operador(\/|$)/],
  }),
);

/** Marks answers that come from the cache instead of the network. */
const markCachedAnswers = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | null }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(await cachedResponse.blob(), {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

/** Only successful answers are kept: an error must never replace the last good data. */
const onlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (response.ok ? response : null),
};

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === location.origin &&
    url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/api/files/') &&
    // Staff answers are never kept on the device.
    !url.pathname.startsWith('/api/operador/') &&
    !url.pathname.startsWith('/api/dev/'),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [onlyOk, markCachedAnswers],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
