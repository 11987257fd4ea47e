import type { Database } from "./client";
import { writesOf } from "./client";
import type { WriteCount } from "./writes";

/** At most this many turns of the event loop before a read under load (Batch.gather). */
const GATHER_TURNS = 6;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/** Answers kept until the next write: the embedded database's count, and how many at most. */
interface Memory {
  writes: WriteCount;
  maxEntries: number;
}

/**
 * Reads that arrive together are answered by one query: each waits until the current turn of
 * the event loop has read every request that came in, then one query for all their keys
 * serves them all. While that query is under way, the keys asked meanwhile wait for it to end
 * and then share the next one, so there is one read in flight at a time: under load the
 * batches grow instead of the queries multiplying; once a read has answered several requests,
 * the next one also waits a few turns of the event loop for the requests on their way (see
 * gather). Every answer is still read after its request arrived, so nothing is stale (unlike
 * a cache).
 *
 * Given a `memory` (the embedded database only), answers are also kept until anything is
 * written to the database: a key asked again before then is answered without a query, and what
 * it gets is still what the database holds (decision 012).
 */
export class Batch<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private kept = new Map<K, V | undefined>();
  private keptAt = 0;
  private reading = false;
  /** how many requests the last read answered: more than one means load */
  private lastAnswered = 0;

  constructor(
    private readonly readMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly memory?: Memory,
  ) {}

  load(key: K): Promise<V | undefined> {
    if (this.memory) {
      if (this.keptAt !== this.memory.writes.value) this.kept.clear();
      else if (this.kept.has(key)) return Promise.resolve(this.kept.get(key));
    }
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0 && !this.reading) setImmediate(() => void this.flush());
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    this.reading = true;
    try {
      while (this.waiting.size > 0) {
        if (this.lastAnswered > 1) await this.gather();
        const waiting = this.waiting;
        this.waiting = new Map();
        await this.read(waiting);
      }
    } finally {
      this.reading = false;
    }
  }

  private async read(waiting: Map<K, Waiter<V>[]>): Promise<void> {
    const writesBefore = this.memory?.writes.value;
    try {
      const found = await this.readMany([...waiting.keys()]);
      this.lastAnswered = 0;
      for (const waiters of waiting.values()) this.lastAnswered += waiters.length;
      for (const [key, waiters] of waiting) for (const w of waiters) w.resolve(found.get(key));
      if (this.memory && this.memory.writes.value === writesBefore)
        this.keep(waiting.keys(), found);
    } catch (error) {
      for (const waiters of waiting.values()) for (const w of waiters) w.reject(error);
    }
  }

  /**
   * A read that answered several requests means load: before the next read the event loop turns
   * GATHER_TURNS times, so the requests on their way (those the last answers freed, on other
   * connections) join it. Fewer, larger reads: on the benchmark's cart/get, 6 requests a read
   * became 10-12 and the database's CPU a request fell by a third, for a few turns of the loop
   * of latency under load. A lone request never waits for this.
   */
  private async gather(): Promise<void> {
    for (let turn = 0; turn < GATHER_TURNS; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Keeps a read's answers, only when nothing was written while it ran. */
  private keep(keys: Iterable<K>, found: Map<K, V>): void {
    const { writes, maxEntries } = this.memory!;
    if (this.keptAt !== writes.value) {
      this.kept.clear();
      this.keptAt = writes.value;
    }
    for (const key of keys) {
      this.kept.delete(key);
      this.kept.set(key, found.get(key));
    }
    // Oldest first in a Map: drop the oldest past the limit.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= maxEntries) break;
      this.kept.delete(oldest);
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

/**
 * One batch per database, reading with `readMany`. With `keepUntilWrite`, on the embedded
 * database up to that many answers are kept until the next write (see Batch).
 */
export function batchPerDatabase<K, V>(
  readMany: (db: Database, keys: K[]) => Promise<Map<K, V>>,
  options: { keepUntilWrite?: number } = {},
): (db: Database) => Batch<K, V> {
  return perDatabase((db) => {
    const writes = writesOf(db);
    const memory =
      writes && options.keepUntilWrite ? { writes, maxEntries: options.keepUntilWrite } : undefined;
    return new Batch((keys: K[]) => readMany(db, keys), memory);
  });
}
