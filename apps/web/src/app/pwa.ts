/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { setPwaStatus, setUpdater } from '../lib/pwa-status.ts';

/** SPPF §9: the update check registers after 30 s of stability. */
export const UPDATE_CHECK_DELAY_MS = 30_000;
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Loaded after the first paint (main.tsx): registers the service worker at once (offline shell, cached
 * reads), and — once the page has been up for 30 s — checks for a new build every hour and whenever the
 * app comes back to the foreground. A new build waits for 'Actualizar' ('Nueva versión disponible').
 */
export function startPwa(): void {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => setPwaStatus({ needRefresh: true }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      window.setTimeout(() => {
        check();
        window.setInterval(check, UPDATE_CHECK_EVERY_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      }, UPDATE_CHECK_DELAY_MS);
    },
  });
  setUpdater(() => void updateSW(true));
}
