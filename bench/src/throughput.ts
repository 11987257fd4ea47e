import autocannon from "autocannon";

export interface Target {
  name: string;
  method: "GET" | "POST";
  /** a new path for each request, so the database is not asked the same thing every time */
  path: () => string;
  headers?: Record<string, string>;
  body?: string;
  /** shown for information, held to no bar */
  reportedOnly?: boolean;
  /** needs the database on every request (no kept answer): also measured beside /api/health */
  databaseRead?: boolean;
  /** answered from a kept answer: also measured beside an answer of its own size from memory */
  cachedAnswer?: boolean;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number };
  non2xx: number;
  errors: number;
}

export async function hammer(
  base: string,
  target: Target,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: target.method,
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.body ? { body: target.body } : {}),
        setupRequest: (request) => ({ ...request, path: target.path() }),
      },
    ],
  });
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export interface Ratio {
  route: string;
  reportedOnly: boolean;
  /** the pair whose ratio is the median */
  bare: LoadResult;
  measured: LoadResult;
  /** the median over the pairs of the route's requests per second over the bare route's */
  ratio: number;
  /** every pair's ratio, in the order run */
  pairRatios: number[];
  /** non-2xx answers and errors of the route over all its runs */
  failures: number;
}

/**
 * Each route right after a run of the bare route, so both see the same machine, `pairs` times
 * in turn; the median pair's ratio is the figure. One pair's ratio moves by ±0.15 on this shared
 * machine (a collection, a neighbour: the bare route alone ran anywhere from 25,000 to 40,000
 * requests a second within minutes); the median of five moves much less.
 */
export async function ratios(
  base: string,
  bare: Target,
  targets: Target[],
  seconds: number,
  connections: number,
  pairs: number,
  log: (line: string) => void,
): Promise<Ratio[]> {
  // A short warm-up: JIT, connection pools, PostgreSQL's caches.
  for (const target of [bare, ...targets]) await hammer(base, target, 2, connections);
  const out: Ratio[] = [];
  for (const target of targets) {
    const runs: { bare: LoadResult; measured: LoadResult; ratio: number }[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const bareRun = await hammer(base, bare, seconds, connections);
      const measured = await hammer(base, target, seconds, connections);
      runs.push({
        bare: bareRun,
        measured,
        ratio: measured.requestsPerSecond / Math.max(1, bareRun.requestsPerSecond),
      });
    }
    const median = [...runs].sort((a, b) => a.ratio - b.ratio)[Math.floor(runs.length / 2)]!;
    const failures = runs.reduce((sum, run) => sum + run.measured.non2xx + run.measured.errors, 0);
    log(
      `  ${target.name}: ${median.measured.requestsPerSecond} req/s vs ${bare.name} ${median.bare.requestsPerSecond} req/s → ${median.ratio.toFixed(2)}` +
        (runs.length > 1
          ? ` (median of ${runs.map((run) => run.ratio.toFixed(2)).join(", ")})`
          : "") +
        (failures ? ` (${failures} non-2xx or errors)` : ""),
    );
    out.push({
      route: target.name,
      reportedOnly: target.reportedOnly ?? false,
      bare: median.bare,
      measured: median.measured,
      ratio: median.ratio,
      pairRatios: runs.map((run) => run.ratio),
      failures,
    });
  }
  return out;
}

/**
 * The mean size in bytes of the answers to `target` over `draws` paths drawn as the load draws
 * them (a search mix repeats its popular queries), each distinct path asked once.
 */
export async function answerBytes(base: string, target: Target, draws = 1000): Promise<number> {
  const drawn = new Map<string, number>();
  for (let i = 0; i < draws; i++) {
    const path = target.path();
    drawn.set(path, (drawn.get(path) ?? 0) + 1);
  }
  let bytes = 0;
  for (const [path, times] of drawn) {
    const response = await fetch(`${base}${path}`, {
      method: target.method,
      ...(target.headers ? { headers: target.headers } : {}),
      ...(target.body ? { body: target.body } : {}),
    });
    if (!response.ok) throw new Error(`${target.name}: ${path} answered ${response.status}`);
    bytes += (await response.arrayBuffer()).byteLength * times;
  }
  return Math.round(bytes / draws);
}

/** A cached answer's bar: this share of an answer of its own size from memory (design.md §6). */
export const SAME_SIZE_FLOOR = 0.8;

export interface SameSizeRatio extends Ratio {
  /** the route's mean answer, and so the size of the answer from memory it was measured beside */
  bytes: number;
}

/**
 * Each cached answer beside the server's bench route answering the same number of bytes from
 * memory through the same hooks (BENCH_ROUTES=1): what is left of the ratio is the cache's own
 * cost. Beside /api/ping's 19 bytes the ratio also charged it for sending and parsing kilobytes.
 */
export async function sameSizeRatios(
  base: string,
  targets: Target[],
  seconds: number,
  connections: number,
  pairs: number,
  log: (line: string) => void,
): Promise<SameSizeRatio[]> {
  const out: SameSizeRatio[] = [];
  for (const target of targets) {
    const bytes = await answerBytes(base, target);
    const anchor: Target = {
      name: `${bytes} B from memory`,
      method: "GET",
      path: () => `/api/bench/bytes?n=${bytes}`,
    };
    const [ratio] = await ratios(base, anchor, [target], seconds, connections, pairs, log);
    if (ratio) out.push({ ...ratio, bytes });
  }
  return out;
}
