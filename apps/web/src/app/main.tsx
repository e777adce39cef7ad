import '../lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { DialogProvider } from '../components/ui/dialog-context.tsx';
import { fetchPublicConfig, publicConfigKey } from '../lib/public-config.ts';
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

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </DialogProvider>
    </QueryClientProvider>
  </StrictMode>,
);
