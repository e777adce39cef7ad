import '../lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { fetchPublicConfig, publicConfigKey } from '../lib/public-config.ts';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes, preloadRoutes } from './route-kit.tsx';
import { routes } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
// The login page needs it (social buttons); start fetching it with the first route chunk.
void queryClient.prefetchQuery({
  queryKey: publicConfigKey,
  queryFn: () => fetchPublicConfig(),
  staleTime: Infinity,
});

// The first screen's chunks (layout and page) download together with the config, before React renders.
preloadRoutes(routes, window.location.pathname, queryClient);

// The service worker (offline shell, cached reads, update prompt) is registered after the first paint,
// in its own chunk, so it never weighs on the initial JavaScript.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./pwa.ts').then((pwa) => pwa.startPwa());
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento #root');

const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The public screens (sign-in, sign-up…) arrive prerendered (scripts/prerender.ts, docs/decisions/044): React
// takes over that HTML instead of drawing it again. When the visitor's state differs from the prerender (a
// session already open, say), React draws the page on the client; that is expected, not an error to report.
if (container.firstElementChild) {
  hydrateRoot(container, app, {
    onRecoverableError: (error) => {
      // Observable by the browser journeys and the benchmarks (a page that never hydrates loses the gain).
      performance.mark('togo:hydration-fallback');
      if (import.meta.env.DEV) console.info('Prerendered page drawn again on the client:', error);
    },
  });
} else {
  createRoot(container).render(app);
}
