import type { TrustProxy } from '../config-schema.ts';

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the N nearest hops": Fastify 5 refuses a bare
 * number (it cannot check that the nearest hop is a proxy), so hop counts are only safe when the API is
 * reachable through the proxies alone; addresses/CIDRs are checked (docs/decisions/019-production-runtime.md).
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_addr, hop) => hop < value;
  return value;
}
