import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { lazy, Suspense, useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import type { Branch } from '@togo/domain/booking/booking.contract';
import { MAP_ZOOM, mapFrame, PLAIN_MAX_ZOOM, type LatLng } from './map-frame.ts';

/** Without a tile server: Colombia's departments, in their own chunk (decision 034). */
const ColombiaBasemap = lazy(() => import('../../../components/map/ColombiaBasemap.tsx'));

const MARKER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><path d="M16 1C9.9 1 5 5.9 5 12c0 8.2 11 19 11 19s11-10.8 11-19C27 5.9 22.1 1 16 1z" fill="#0b3d91" stroke="#fff" stroke-width="2"/><circle cx="16" cy="12" r="4.5" fill="#ffc400"/></svg>`;

const markerIcon = L.icon({
  iconUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(MARKER_SVG)}`,
  iconSize: [32, 32],
  iconAnchor: [16, 31],
  popupAnchor: [0, -28],
});

export interface BranchMapProps {
  branches: readonly Branch[];
  /** The branch the map centres on (the nearest, or the first). */
  focus: Branch | null;
  tileUrl: string | null;
  attribution: string;
  label: string;
  onChoose: (branch: Branch) => void;
}

/** Frames the pins (map-frame.ts): every branch inside the box, at a zoom where the basemap means something. */
function Frame({ points, withTiles }: { points: LatLng[]; withTiles: boolean }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const frame = mapFrame(JSON.parse(key) as LatLng[], withTiles);
    if (!frame) return;
    if (frame.kind === 'view') map.setView(frame.center, frame.zoom);
    else map.fitBounds(frame.bounds, { padding: [40, 40], maxZoom: frame.maxZoom });
  }, [map, key, withTiles]);
  return null;
}

/**
 * Leaflet map of the city's branches, one 32×32 marker each (a lazy chunk: leaflet never reaches the home
 * or sign-in bundles). Without a tile URL it draws Colombia's departments under the markers; the list beside it
 * is the accessible way to choose, so the map is hidden from screen readers' tab order by Leaflet itself.
 */
export default function BranchMap({
  branches,
  focus,
  tileUrl,
  attribution,
  label,
  onChoose,
}: BranchMapProps) {
  const placed = branches.filter((b) => Number.isFinite(b.lat) && Number.isFinite(b.lng));
  const center = focus ?? placed[0];
  if (!center) return null;
  return (
    <div className={tileUrl ? 'branch-map' : 'branch-map branch-map--plain'} aria-label={label} role="region">
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={tileUrl ? MAP_ZOOM : PLAIN_MAX_ZOOM}
        scrollWheelZoom={false}
        attributionControl={!!tileUrl}
      >
        {tileUrl ? (
          <TileLayer url={tileUrl} attribution={attribution} />
        ) : (
          <Suspense fallback={null}>
            <ColombiaBasemap />
          </Suspense>
        )}
        <Frame points={placed.map((b): LatLng => [b.lat, b.lng])} withTiles={!!tileUrl} />
        {placed.map((branch) => (
          <Marker
            key={branch.id}
            position={[branch.lat, branch.lng]}
            icon={markerIcon}
            title={branch.text}
            alt={branch.text}
          >
            <Popup>
              <strong>{branch.text}</strong>
              <br />
              {branch.direccion}
              <br />
              <button type="button" className="link-button" onClick={() => onChoose(branch)}>
                Elegir esta sede
              </button>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      {tileUrl ? null : (
        <p className="branch-map__note">Mapa de referencia con los departamentos de Colombia.</p>
      )}
    </div>
  );
}
