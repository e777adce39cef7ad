/**
 * Which page a GET that matched no route gets (docs/decisions/010, 029): the operator console's page for
 * /operador and /operador/* (its files under /operador/assets are static files, a missing one is a 404), the
 * drivers' index.html for any other path that is not the API's, a webhook's or a file's; null for a 404.
 */
export function spaPage(url: string, pages: { web: boolean; console: boolean }): string | null {
  const pathname = url.split('?')[0] ?? url;
  if (pathname.startsWith('/api/') || pathname.startsWith('/wh/')) return null;
  if (pathname === '/operador' || pathname.startsWith('/operador/')) {
    if (!pages.console || pathname.startsWith('/operador/assets/')) return null;
    return 'operador/operador.html';
  }
  return pages.web ? 'index.html' : null;
}
