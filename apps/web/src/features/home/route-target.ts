/** Where a banner, promotion or notification leads (AHGA §2): inside the app when the route contains 'app/'. */
export type RouteTarget = { internal: string } | { external: string };

/**
 * Resolves a catalogue alias (ALIAS_URLS_TOGO clave → route) first, then: a route containing 'app/' is an
 * in-app path ('/app/…'), anything else an external address opened in a new tab. null when there is none.
 */
export function routeTarget(
  route: string | null | undefined,
  aliases: Readonly<Record<string, string>> = {},
): RouteTarget | null {
  const value = (route && (aliases[route] ?? route))?.trim();
  if (!value) return null;
  const at = value.indexOf('app/');
  return at >= 0 ? { internal: `/${value.slice(at)}` } : { external: value };
}
