/** The configured URL (togo-urls) of the fleet sidebar's data-processing policy link. */
export const FLEET_POLICY_NAMES = ['data_policy_pdf'] as const;

/** Served by the API when the catalogue has no data_policy_pdf entry. */
export const DATA_POLICY_FALLBACK = '/static/legal/politica-tratamiento-datos-personales.pdf';
