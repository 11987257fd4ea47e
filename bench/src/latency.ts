export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { count: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)) };
}

export interface Latency {
  concurrency: number;
  seconds: number;
  all: Percentiles;
  byKind: Record<string, Percentiles>;
  failures: number;
}

/** One request of a mix: its kind (for the figures by kind) and its path. */
export interface Draw {
  kind: string;
  path: string;
}

/**
 * Wall-clock time of the requests `draw` makes over HTTP, `concurrency` at a time: a few readers
 * at once, not a saturating load (that is the throughput run), so the figure is the time one
 * request takes. Each asks `Cache-Control: no-cache`: the time of the work itself, not of an
 * answer kept in memory.
 */
export async function measureLatency(
  base: string,
  draw: () => Draw,
  seconds: number,
  concurrency: number,
): Promise<Latency> {
  const samples: number[] = [];
  const byKind = new Map<string, number[]>();
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const lane = async () => {
    while (Date.now() < deadline) {
      const { kind, path } = draw();
      const started = performance.now();
      const response = await fetch(base + path, { headers: { "cache-control": "no-cache" } });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (!response.ok) failures += 1;
      samples.push(ms);
      const ofKind = byKind.get(kind) ?? [];
      ofKind.push(ms);
      byKind.set(kind, ofKind);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return {
    concurrency,
    seconds,
    all: percentiles(samples),
    byKind: Object.fromEntries([...byKind].map(([kind, ms]) => [kind, percentiles(ms)])),
    failures,
  };
}
