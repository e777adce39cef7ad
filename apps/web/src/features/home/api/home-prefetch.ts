import type { QueryClient } from '@tanstack/react-query';
import { catalogQuery } from './catalog.ts';
import { selectedVehicleQuery, userGaragesQuery } from './garage.ts';

/** Asks the browser for the carousel's first image as soon as its address is known (the page's largest paint). */
function preloadImage(href: string | undefined): void {
  if (!href) return;
  const links = document.head.querySelectorAll('link[rel="preload"]');
  if ([...links].some((link) => link.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', href);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * The home's reads, started by the router together with the home's chunks (app/route-kit.tsx) rather than
 * after them: on a slow link that saves round trips before the banner and the vehicle show. Settles when all
 * have (prefetchQuery never rejects).
 */
export function prefetchHome(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(catalogQuery('ALIAS_URLS_TOGO')),
    client.prefetchQuery(userGaragesQuery),
    client.prefetchQuery(selectedVehicleQuery),
    client.prefetchQuery(catalogQuery('BANNERS_OTROS_TOGO')),
    client
      .fetchQuery(catalogQuery('BANNERS_GENERALES_TOGO'))
      .then((entries) => preloadImage(entries[0]?.detalle_archivos[0]?.archivo))
      .catch(() => undefined),
  ]);
}
