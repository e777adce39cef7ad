import { applyUpdate, setPwaStatus, usePwaStatus } from '../../lib/pwa-status.ts';
import './pwa-banners.css';

export const OFFLINE_BANNER = 'Sin conexión: mostrando los últimos datos guardados';
export const UPDATE_TITLE = 'Nueva versión disponible';

/** The offline-data banner and the 'Nueva versión disponible' prompt (SPPF §8), over every screen. */
export function PwaBanners() {
  const { needRefresh, offlineData } = usePwaStatus();
  return (
    <>
      {offlineData ? (
        <div className="pwa-offline" role="status">
          {OFFLINE_BANNER}
        </div>
      ) : null}
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
