/**
 * Shared by the service worker and the page: an API answer the worker served from its cache (the network
 * failed) carries this header, so the page can say it is showing saved data.
 */
export const OFFLINE_HEADER = 'x-togo-offline';
/** Cache of API reads (GET /api/*), NetworkFirst. Deleted at logout. */
export const API_CACHE = 'togo-api-v1';
/** Message the page sends to activate a waiting worker ('Actualizar'). */
export const SKIP_WAITING = 'SKIP_WAITING';
