import { useOnline } from '../../lib/connectivity.ts';
import { applyUpdate, setPwaStatus, usePwaStatus } from '../../lib/pwa-status.ts';
import './pwa-banners.css';

export const OFFLINE_BANNER = 'Sin conexión: mostrando los últimos datos guardados';
/** Offline before any saved answer was shown (decision 040). */
export const NO_CONNECTION_BANNER = 'Sin conexión a internet: verás los datos guardados en este teléfono';
export const UPDATE_TITLE = 'Nueva versión disponible';

/** The offline banner (saved data shown, or no connection) and the 'Nueva versión disponible' prompt (SPPF §8), over every screen. */
export function PwaBanners() {
  const { needRefresh, offlineData } = usePwaStatus();
  const online = useOnline();
  const offlineText = offlineData ? OFFLINE_BANNER : online ? null : NO_CONNECTION_BANNER;
  return (
    <>
      {/* One polite live region, always present, so a screen reader hears the change when it happens. */}
      <div className={offlineText ? 'pwa-offline' : 'visually-hidden'} role="status">
        {offlineText}
      </div>
      {needRefresh ? (
        <div className="pwa-update" role="alertdialog" aria-labelledby="pwa-update-title">
          <p id="pwa-update-title" className="pwa-update__title">
            {UPDATE_TITLE}
          </p>
          <div className="pwa-update__actions">
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => setPwaStatus({ needRefresh: false })}
            >
              Más tarde
            </button>
            <button type="button" className="btn btn--primary" onClick={applyUpdate}>
              Actualizar
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
