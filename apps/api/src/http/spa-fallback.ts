export interface SpaPages {
  web: boolean;
  console: boolean;
  /** Paths with their own page in _pages/ (an entry route's chunks, prerendered markup: decision 044). */
  entryPages?: ReadonlySet<string>;
}

/**
 * Which page a GET that matched no route gets (docs/decisions/010, 029, 044): the operator console's page for
 * /operador and /operador/* (its files under /operador/assets are static files, a missing one is a 404), an
 * entry route's own page (_pages/<path>.html) when the build wrote one, the drivers' index.html for any other
 * path that is not the API's, a webhook's or a file's; null for a 404.
 */
export function spaPage(url: string, pages: SpaPages): string | null {
  const pathname = url.split('?')[0] ?? url;
  if (pathname.startsWith('/api/') || pathname.startsWith('/wh/')) return null;
  if (pathname === '/operador' || pathname.startsWith('/operador/')) {
    if (!pages.console || pathname.startsWith('/operador/assets/')) return null;
    return 'operador/operador.html';
  }
  if (!pages.web) return null;
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages.entryPages ? entryPageOf(route, pages.entryPages) : null;
  return page ? `_pages${page}.html` : 'index.html';
}

/**
 * The entry page of `route`: its own, else one whose `:param` segments each stand for one non-empty segment
 * (/app/agendamientos/:id serves /app/agendamientos/3f…, decision 131).
 */
function entryPageOf(route: string, entryPages: ReadonlySet<string>): string | null {
  if (entryPages.has(route)) return route;
  const segments = route.split('/');
  for (const page of entryPages) {
    if (!page.includes('/:')) continue;
    const pattern = page.split('/');
    if (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    ) {
      return page;
    }
  }
  return null;
}
