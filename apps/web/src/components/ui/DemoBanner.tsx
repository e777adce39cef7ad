import { usePublicConfig } from '../../lib/public-config.ts';
import './pwa-banners.css';

export const DEMO_BANNER = 'Modo demostración: los datos, pagos y mensajes no son reales';

/** Over every screen when the server runs a demonstration in production (ALLOW_DEMO=1, /api/config). */
export function DemoBanner() {
  const { data } = usePublicConfig();
  if (!data?.demo_mode) return null;
  return (
    <div className="demo-banner" role="note" aria-label="Modo demostración">
      {DEMO_BANNER}
    </div>
  );
}
