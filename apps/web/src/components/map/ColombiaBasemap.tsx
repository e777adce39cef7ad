import { GeoJSON } from 'react-leaflet';
import { COLOMBIA_DEPARTMENTS } from './colombia-departments.ts';

const STYLE = { color: '#8aa2c8', weight: 1, fillColor: '#f4f7fb', fillOpacity: 1 } as const;

/** The departments of Colombia as a light, non-interactive basemap (lazy: only without a tile server). */
export default function ColombiaBasemap() {
  return <GeoJSON data={COLOMBIA_DEPARTMENTS} style={STYLE} interactive={false} />;
}
