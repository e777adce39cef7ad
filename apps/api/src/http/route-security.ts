/**
 * Which routes need the `Authorization: Token …` header, for the OpenAPI document (decision 060): the guards that
 * read it (the drivers' and companies' session, the organisation's access, the console's staff guard, the /wh/
 * caller check) are marked when they are made, and the document reads the mark off each route's hooks. A route
 * whose hooks carry no marked guard is public in the document (`security: []`).
 */
const TOKEN_SECURED = Symbol.for('togo.token-secured');

type Hook = (...args: never[]) => unknown;

/** Marks a guard hook as requiring the Token header; answers the same function. */
export function tokenSecured<T extends Hook>(hook: T): T {
  Object.defineProperty(hook, TOKEN_SECURED, { value: true });
  return hook;
}

/** True when any of the route's onRequest, preValidation or preHandler hooks is a marked guard. */
export function isTokenSecured(route: {
  onRequest?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
}): boolean {
  return [route.onRequest, route.preValidation, route.preHandler]
    .flatMap((hooks) => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []))
    .some(
      (hook) =>
        typeof hook === 'function' && (hook as unknown as Record<symbol, unknown>)[TOKEN_SECURED] === true,
    );
}
