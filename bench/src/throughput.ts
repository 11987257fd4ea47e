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
  bare: LoadResult;
  measured: LoadResult;
  /** the route's requests per second over the bare route's, measured just before it */
  ratio: number;
}

/**
 * Each route right after a run of the bare route, so both see the same machine: the ratio of the
 * two stays meaningful when others share the cores.
 */
export async function ratios(
  base: string,
  bare: Target,
  targets: Target[],
  seconds: number,
  connections: number,
  log: (line: string) => void,
): Promise<Ratio[]> {
  // A short warm-up: JIT, connection pools, PostgreSQL's caches.
  for (const target of [bare, ...targets]) await hammer(base, target, 2, connections);
  const out: Ratio[] = [];
  for (const target of targets) {
    const bareRun = await hammer(base, bare, seconds, connections);
    const measured = await hammer(base, target, seconds, connections);
    const ratio = measured.requestsPerSecond / Math.max(1, bareRun.requestsPerSecond);
    log(
      `  ${target.name}: ${measured.requestsPerSecond} req/s vs bare ${bareRun.requestsPerSecond} req/s → ${ratio.toFixed(2)}` +
        (measured.non2xx || measured.errors
          ? ` (${measured.non2xx} non-2xx, ${measured.errors} errors)`
          : ""),
    );
    out.push({
      route: target.name,
      reportedOnly: target.reportedOnly ?? false,
      bare: bareRun,
      measured,
      ratio,
    });
  }
  return out;
}
