/** SPPF §9: map zoom 14 (a street-level view when a tile server draws the streets). */
export const MAP_ZOOM = 14;

/**
 * Without a tile server the basemap is Colombia's departments (decision 034): at street level it is one flat fill,
 * so the map stops at a zoom where the department's shape and its neighbours still show (issue 36: "an empty panel
 * with a pin").
 */
export const PLAIN_MAX_ZOOM = 9;

export type LatLng = [number, number];

export type MapFrame =
  | { kind: 'view'; center: LatLng; zoom: number }
  | { kind: 'bounds'; bounds: [LatLng, LatLng]; maxZoom: number };

/**
 * How the branch map frames its pins (issue 36: a second pin was drawn outside the box): one pin at its zoom, several
 * fitted together (with room for the 32 px markers), never closer than the basemap means something.
 */
export function mapFrame(points: readonly LatLng[], withTiles: boolean): MapFrame | null {
  const maxZoom = withTiles ? MAP_ZOOM : PLAIN_MAX_ZOOM;
  const [first] = points;
  if (!first) return null;
  if (points.length === 1) return { kind: 'view', center: first, zoom: maxZoom };
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  return {
    kind: 'bounds',
    bounds: [
      [Math.min(...lats), Math.min(...lngs)],
      [Math.max(...lats), Math.max(...lngs)],
    ],
    maxZoom,
  };
}
