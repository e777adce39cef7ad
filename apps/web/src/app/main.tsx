import '../lib/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hasEarlyReads } from '../lib/early-read.ts';
import { fetchPublicConfig, publicConfigKey } from '../lib/public-config.ts';
import { AppProviders } from './AppProviders.tsx';
import { nextTask } from './next-task.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes, preloadRoutes } from './route-kit.tsx';
import { routes } from './router.tsx';
import { whenSettled } from './when-settled.ts';
import '../components/styles.css';

const queryClient = createQueryClient();

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
// A signed-in screen's page carries a shell instead (the home's: features/home/components/HomeShell.tsx), a picture
// of the screen before its data: React draws the screen over it (createRoot clears the container when it commits).
function start(root: HTMLElement) {
  if (root.firstElementChild && !root.querySelector(':scope > [data-shell]')) {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => {
        // Observable by the browser journeys and the benchmarks (a page that never hydrates loses the gain).
        performance.mark('togo:hydration-fallback');
        if (import.meta.env.DEV) console.info('Prerendered page drawn again on the client:', error);
      },
    });
  } else {
    // A transition: React draws the screen in slices of a few milliseconds, yielding between them, instead of one
    // task of 40–70 ms on a phone (the home's first render; decision 124). The shell stays on screen meanwhile.
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

/**
 * The start-up, in steps of a task each (app/next-task.ts, docs/decisions/050): the entry's evaluation (before this
 * runs), the first reads and chunk loads, then the first render. The page is on screen already (prerendered, or a
 * shell): between the steps the browser answers the visitor, where in one piece they made a task of 200–300 ms on
 * a phone.
 */
async function boot(root: HTMLElement) {
  await nextTask();
  // The login page needs it (social buttons); start fetching it with the first route chunk.
  void queryClient.prefetchQuery({
    queryKey: publicConfigKey,
    queryFn: () => fetchPublicConfig(),
    staleTime: Infinity,
  });
  await nextTask();
  // The first screen's chunks (layout and page) download together with the config, before React renders; the
  // first render waits for them (a second at most), so it draws the screen rather than a loader first. When the
  // page started the screen's reads early (app/early-reads.ts: the home), it waits for their answers too, so the
  // first render already shows them.
  const firstScreen = preloadRoutes(routes, window.location.pathname, queryClient, {
    withReads: hasEarlyReads(),
  });
  await Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, 1000))]);
  await nextTask();
  start(root);
  // The service worker (offline shell, cached reads, update prompt) is registered in its own chunk, so it never
  // weighs on the initial JavaScript, once the first screen has settled: its install downloads the whole app, which
  // would compete with the screen's own reads and rendering (docs/decisions/053).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    whenSettled(
      () => void import('./pwa.ts').then((pwa) => pwa.startPwa()),
      () => queryClient.isFetching() > 0,
    );
  }
}

void boot(container);
