/** Catalogue keys read by the alerts area (same values as @togo/domain catalog.contract, without zod). */
export const CATALOG_KEYS = {
  peritajes: 'PERITAJES_TOGO',
  tramites: 'TRAMITES_TOGO',
} as const;
