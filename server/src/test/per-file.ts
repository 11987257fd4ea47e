import { afterAll, beforeAll } from "vitest";

/**
 * A thing a test file shares among its tests: made before them, closed after them. Its fields
 * are there from the first hook on; touched earlier, it says so rather than answer undefined.
 */
export function perFile<T extends object>(
  what: string,
  make: () => Promise<T>,
  close: (made: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made) await close(made);
  });
  return new Proxy({} as T, {
    get(_target, field) {
      if (!made) throw new Error(`The ${what} is made in beforeAll: use it inside hooks and tests`);
      return Reflect.get(made, field) as unknown;
    },
  });
}
