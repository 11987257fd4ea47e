import type { FastifyReply, FastifyRequest } from "fastify";
import { sendJsonText } from "./json-text";

/**
 * Answers kept in process memory for a short time. Each server process has its own, so after a
 * change a process may answer the old value until the entry's `ttlMs` is up; only answers for
 * which that is harmless are cached (docs/performance.md lists them and their lifetimes).
 * Concurrent misses for one key share one load; a failed load is not kept.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Oldest first in a Map: drop the oldest entries past the limit.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A client asking `Cache-Control: no-cache` gets a fresh answer (the benchmark's latency run). */
const wantsFresh = (request: FastifyRequest) =>
  /no-cache/i.test(request.headers["cache-control"] ?? "");

/**
 * Sends the answer of `load`, from the cache unless the client asks for a fresh one (then `load`
 * is told so, for what it keeps below this cache). Kept as the JSON text itself, so a hit costs
 * no serialising either.
 */
export async function cachedJson(
  cache: ResponseCache<string>,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: (fresh: boolean) => Promise<unknown>,
) {
  const text = wantsFresh(request)
    ? JSON.stringify(await load(true))
    : await cache.get(key, async () => JSON.stringify(await load(false)));
  return sendJsonText(reply, text);
}
