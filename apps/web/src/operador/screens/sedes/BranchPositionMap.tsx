import L, { type LatLngBoundsExpression, type LeafletMouseEvent } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { fetchPublicConfig } from '../../../lib/public-config.ts';
import { COLOMBIA_BOX, insideColombia, roundCoordinate } from './branch-position.ts';

/** The drivers' basemap of Colombia's departments (its own lazy chunk, decision 034), when there is no tile server. */
const ColombiaBasemap = lazy(() => import('../../../components/map/ColombiaBasemap.tsx'));

const BOUNDS: LatLngBoundsExpression = [
  [COLOMBIA_BOX.lat[0], COLOMBIA_BOX.lng[0]],
  [COLOMBIA_BOX.lat[1], COLOMBIA_BOX.lng[1]],
];
/** Colombia's centre, shown while the branch has no valid position. */
const CENTRE: [number, number] = [4.6, -74.1];

const MARKER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><path d="M16 1C9.9 1 5 5.9 5 12c0 8.2 11 19 11 19s11-10.8 11-19C27 5.9 22.1 1 16 1z" fill="#b42318" stroke="#fff" stroke-width="2"/><circle cx="16" cy="12" r="4.5" fill="#fff"/></svg>`;
const markerIcon = L.icon({
  iconUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(MARKER_SVG)}`,
  iconSize: [32, 32],
  iconAnchor: [16, 31],
});

export interface BranchPositionMapProps {
  lat: number | null;
  lng: number | null;
  /** Called with the clicked (or dragged-to) point, rounded to 6 decimals, only inside Colombia's box. */
  onPick: (lat: number, lng: number) => void;
}

function Picker({ onPick }: { onPick: BranchPositionMapProps['onPick'] }) {
  useMapEvents({
    click: (e: LeafletMouseEvent) => {
      if (insideColombia(e.latlng.lat, e.latlng.lng)) {
        onPick(roundCoordinate(e.latlng.lat), roundCoordinate(e.latlng.lng));
      }
    },
  });
  return null;
}

/** Follows a point typed in the inputs, keeping the zoom the operator chose. */
function Follow({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

/**
 * The branch's position on a map (decision 039): a click or tap sets it, the marker can be dragged, and a point
 * typed in the latitude/longitude inputs moves the marker. A lazy chunk of the Sedes screen (leaflet never
 * reaches the console's entry); tiles when the server has a tile URL, else the drivers' departments basemap.
 * Keyboard and screen-reader users keep the number inputs beside it; the map is an addition, not the only way.
 */
export default function BranchPositionMap({ lat, lng, onPick }: BranchPositionMapProps) {
  const config = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
  });
  if (config.isPending) {
    return <div className="ops-map ops-map--loading" role="status" aria-label="Cargando el mapa…" />;
  }
  const tileUrl = config.data?.map_tile_url ?? null;
  const placed = lat !== null && lng !== null && insideColombia(lat, lng);
  const centre: [number, number] = placed ? [lat, lng] : CENTRE;
  return (
    <div className={tileUrl ? 'ops-map' : 'ops-map ops-map--plain'}>
      <MapContainer
        center={centre}
        zoom={placed ? (tileUrl ? 15 : 9) : 5}
        minZoom={4}
        maxBounds={BOUNDS}
        maxBoundsViscosity={1}
        scrollWheelZoom={false}
        attributionControl={!!tileUrl}
      >
        {tileUrl ? (
          <TileLayer url={tileUrl} attribution={config.data?.map_tile_attribution ?? ''} />
        ) : (
          <Suspense fallback={null}>
            <ColombiaBasemap />
          </Suspense>
        )}
        <Picker onPick={onPick} />
        {placed ? (
          <>
            <Follow lat={lat} lng={lng} />
            <Marker
              position={[lat, lng]}
              icon={markerIcon}
              draggable
              title="Posición de la sede"
              alt="Posición de la sede"
              eventHandlers={{
                dragend: (e) => {
                  const point = (e.target as L.Marker).getLatLng();
                  if (insideColombia(point.lat, point.lng)) {
                    onPick(roundCoordinate(point.lat), roundCoordinate(point.lng));
                  }
                },
              }}
            />
          </>
        ) : null}
      </MapContainer>
      {tileUrl ? null : (
        <p className="ops-map__note">Mapa de referencia con los departamentos de Colombia.</p>
      )}
    </div>
  );
}
