import type { Database } from "./client";

/**
 * Reads that arrive together are answered by one query: each waits until the current turn of
 * the event loop has read every request that came in, then one query for all their keys
 * serves them all. Every answer is still read after its request arrived, so nothing is stale
 * (unlike a cache); under load it saves most round trips to the database.
 */
export class Batch<K, V> {
  private waiting = new Map<
    K,
    { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]
  >();

  constructor(private readonly readMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.readMany([...waiting.keys()]);
      for (const [key, waiters] of waiting) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of waiting.values()) for (const w of waiters) w.reject(error);
    }
  }
}

/** One of a thing per database (test apps each have their own), made on first use. */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let thing = made.get(db);
    if (thing === undefined) {
      thing = make(db);
      made.set(db, thing);
    }
    return thing;
  };
}

/** One batch per database, reading with `readMany`. */
export function batchPerDatabase<K, V>(
  readMany: (db: Database, keys: K[]) => Promise<Map<K, V>>,
): (db: Database) => Batch<K, V> {
  return perDatabase((db) => new Batch((keys: K[]) => readMany(db, keys)));
}
