import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BANNER_CATALOGS } from '@togo/domain/operator/operator-content.contract';
import { errorText } from '../../lib/operator-messages.ts';
import { useMay } from '../../lib/staff-role.tsx';
import { BlogPanel } from './BlogPanel.tsx';
import { catalogGroups } from './content-api.ts';
import { EntriesPanel } from './EntriesPanel.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { UrlsPanel } from './UrlsPanel.tsx';
import '../../components/operator-screens.css';
import './contenido.css';

const BANNER_LABELS: Record<string, string> = {
  BANNERS_GENERALES_TOGO: 'Carrusel del inicio',
  BANNERS_OTROS_TOGO: 'Promociones del inicio',
};

const TABS = [
  { id: 'banners', label: 'Banners' },
  { id: 'urls', label: 'URLs' },
  { id: 'catalogo', label: 'Catálogo' },
  { id: 'blog', label: 'Blog' },
  { id: 'exportar', label: 'Exportar' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function CatalogTab() {
  const groups = useQuery({
    queryKey: ['operador', 'contenido', 'grupos'],
    queryFn: ({ signal }) => catalogGroups(signal),
  });
  if (groups.error)
    return (
      <p role="alert" className="field-error">
        {errorText(groups.error)}
      </p>
    );
  if (!groups.data) return <p role="status">Cargando catálogos…</p>;
  const names = groups.data
    .map((g) => g.clave_padre)
    .filter((g) => !(BANNER_CATALOGS as readonly string[]).includes(g));
  const labels = Object.fromEntries(
    groups.data.map((g) => [g.clave_padre, `${g.clave_padre} (${g.entradas})`]),
  );
  return <EntriesPanel groups={names} banner={false} labels={labels} />;
}

/**
 * Content (issues 13, 38): banners with image upload, named URLs, catalogue entries, the blog and (admin) the
 * seed-format export.
 */
export default function ContenidoScreen() {
  const [tab, setTab] = useState<Tab>('banners');
  const mayExport = useMay('exportar.seed');
  const tabs = TABS.filter((t) => t.id !== 'exportar' || mayExport);
  return (
    <div className="ct-screen">
      <h1>Contenido</h1>
      <div role="tablist" aria-label="Contenido" className="ct-tabs">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`ct-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`ct-panel-${t.id}`}
            className={tab === t.id ? 'ct-tab ct-tab--on' : 'ct-tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`ct-panel-${tab}`} aria-labelledby={`ct-tab-${tab}`}>
        {tab === 'banners' ? (
          <EntriesPanel groups={[...BANNER_CATALOGS]} banner labels={BANNER_LABELS} />
        ) : null}
        {tab === 'urls' ? <UrlsPanel /> : null}
        {tab === 'catalogo' ? <CatalogTab /> : null}
        {tab === 'blog' ? <BlogPanel /> : null}
        {tab === 'exportar' && mayExport ? <ExportPanel /> : null}
      </div>
    </div>
  );
}
