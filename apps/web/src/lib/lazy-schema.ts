/**
 * A schema built the first time it is used (docs/decisions/051).
 *
 * The domain's contracts declare their zod schemas at module level, so loading a contract module builds every
 * schema in it: on the sign-in page the entry's evaluation built a few hundred schemas (garage, catalogue, alerts…)
 * to use two. The web build (vite-lazy-schemas.ts) wraps each `…Schema` declaration of packages/domain in this
 * helper: the module exports a stand-in that builds the real schema on its first property access and forwards
 * everything to it afterwards, so `LoginResponseSchema.parse(x)`, `.shape`, `.extend(…)`, `'_zod' in schema`,
 * `instanceof` and a schema nested in another all behave as the real one would. The API and the domain's own tests
 * use the eager schemas; the web's tests run through the plugin, so both are exercised.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // The target stays an empty extensible object: nothing is ever defined on it, so every trap can answer for the
  // real schema without breaking a proxy invariant (a property the real schema defines as non-configurable is
  // reported as configurable, which an extensible target without that property allows).
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
