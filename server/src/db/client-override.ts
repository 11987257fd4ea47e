import type { PGlite } from "@electric-sql/pglite";

/**
 * The PGlite client with some of its methods replaced by `own`, everything else its own. PGlite's
 * methods use private fields, so the ones not replaced must still run on the client itself.
 */
export function withMethods(client: PGlite, own: Partial<PGlite>): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof PGlite] as unknown;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
