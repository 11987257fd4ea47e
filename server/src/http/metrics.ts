import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client";
import { withTimeout } from "./timeout";

/** The database reads behind the gauges, each its owning feature's (app.ts passes them in). */
export interface MetricsReads {
  openLoans: () => Promise<number>;
  openHolds: () => Promise<{ waiting: number; ready: number }>;
  outboxBacklog: () => Promise<{ unsent: number; oldestAgeSeconds: number }>;
}

export interface MetricsDeps {
  /** Unset: there is no /metrics, and requests are not timed. */
  token: string | undefined;
  database: Pick<DatabaseHandle, "poolUse">;
  reads: MetricsReads;
  /** The scheduler's record of each job (jobs/scheduler.ts). */
  jobRecords: () => ReadonlyMap<string, JobRuns>;
}

/** What the process knows of one scheduled job: see JobRecord in jobs/scheduler.ts. */
interface JobRuns {
  finishedAt?: Date | undefined;
  ranHereAt?: Date | undefined;
  failures: number;
}

/** A database read that takes longer is left out of the scrape rather than holding it up. */
const READ_TIMEOUT_MS = 2000;

/** From a cached read (5 ms) to the slowest request worth telling apart (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Hashed first so both sides have one length, and compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match !== null && timingSafeEqual(sha256(match[1]!), sha256(token));
}

/**
 * GET /metrics in Prometheus text format, for a caller with `Authorization: Bearer
 * METRICS_TOKEN`. Anyone else, and everyone while the token is unset, gets the answer an
 * unknown route gets, so the endpoint does not show that it exists.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const { token } = deps;
  if (!token) return;
  // Its own registry, not prom-client's global one: a test process builds many apps.
  const registry = new Registry();
  // The standard names (process_resident_memory_bytes, nodejs_eventloop_lag_seconds, …), which
  // ready-made Node.js dashboards expect.
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: "folio_http_request_duration_seconds",
    help: "Time from request to response, by route pattern and status",
    labelNames: ["method", "route", "status_code"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        // The pattern (/api/books/:id), never the path: one series per route, not per book.
        route: request.routeOptions.url ?? "unmatched",
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  registerProcessGauges(registry, deps);
  const readDatabase = registerDatabaseGauges(registry, deps, app.log);

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request, token)) return reply.callNotFound();
    await readDatabase();
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}

/** What this process knows without asking the database: its pools and its scheduler. */
function registerProcessGauges(registry: Registry, deps: MetricsDeps): void {
  const poolGauge = (name: string, help: string, pick: "total" | "idle" | "waiting") =>
    new Gauge({
      name,
      help,
      labelNames: ["pool"],
      registers: [registry],
      collect() {
        this.reset();
        for (const use of deps.database.poolUse()) {
          const value = use[pick];
          if (value !== undefined) this.set({ pool: use.pool }, value);
        }
      },
    });
  poolGauge("folio_db_pool_connections", "Database connections open, by pool", "total");
  poolGauge("folio_db_pool_idle_connections", "Database connections open and idle", "idle");
  poolGauge("folio_db_pool_waiting_queries", "Queries waiting for a free connection", "waiting");

  const jobGauge = (name: string, help: string, pick: "finishedAt" | "ranHereAt") =>
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers: [registry],
      collect() {
        this.reset();
        for (const [job, record] of deps.jobRecords()) {
          const at = record[pick];
          if (at) this.set({ job }, at.getTime() / 1000);
        }
      },
    });
  jobGauge(
    "folio_scheduler_last_run_timestamp_seconds",
    "When this process last finished the job: ran it, or found another process running it",
    "finishedAt",
  );
  jobGauge(
    "folio_scheduler_last_ran_here_timestamp_seconds",
    "When this process last did the job's work itself (one process does each run)",
    "ranHereAt",
  );
  new Counter({
    name: "folio_scheduler_failures_total",
    help: "Runs of the job that failed in this process",
    labelNames: ["job"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, record] of deps.jobRecords()) this.inc({ job }, record.failures);
    },
  });
}

/** One read of the database and the gauges it sets. */
interface DatabaseRead {
  gauges: Gauge[];
  /** Sets the gauges; throws when the read fails. */
  read: () => Promise<void>;
}

/**
 * Gauges read from the database, each by its owning feature's read. Answers the function a
 * scrape calls before rendering: it makes every read at once, and leaves out the gauges of any
 * read that fails or is slow, counting it in folio_metrics_read_errors_total (in this very
 * scrape), so one bad read never fails the scrape.
 */
function registerDatabaseGauges(
  registry: Registry,
  { reads: source }: MetricsDeps,
  log: FastifyInstance["log"],
): () => Promise<void> {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const readErrors = new Counter({
    name: "folio_metrics_read_errors_total",
    help: "Database reads for a scrape that failed or timed out; their gauges were left out",
    labelNames: ["metric"],
    registers: [registry],
  });
  const openLoans = gauge("folio_loans_open", "Loans not yet returned");
  const openHolds = gauge("folio_holds_open", "Holds waiting for a copy, or ready", ["state"]);
  const unsent = gauge("folio_outbox_unsent_mails", "Mails written and not yet sent");
  const oldest = gauge(
    "folio_outbox_oldest_unsent_age_seconds",
    "How long the oldest unsent mail has waited (0 when none waits)",
  );
  const reads: DatabaseRead[] = [
    { gauges: [openLoans], read: async () => openLoans.set(await source.openLoans()) },
    {
      gauges: [openHolds],
      read: async () => {
        const counts = await source.openHolds();
        openHolds.set({ state: "waiting" }, counts.waiting);
        openHolds.set({ state: "ready" }, counts.ready);
      },
    },
    {
      gauges: [unsent, oldest],
      read: async () => {
        const backlog = await source.outboxBacklog();
        unsent.set(backlog.unsent);
        oldest.set(backlog.oldestAgeSeconds);
      },
    },
  ];
  return async () => {
    await Promise.all(
      reads.map(async ({ gauges, read }) => {
        try {
          await withTimeout(read(), READ_TIMEOUT_MS, "metrics read");
        } catch (error) {
          for (const failed of gauges) {
            const { name } = await failed.get();
            log.warn({ err: error, metric: name }, "metrics: a database read failed");
            // reset() leaves an unlabelled gauge at 0; removing that one series empties it.
            failed.reset();
            failed.remove({});
            readErrors.inc({ metric: name });
          }
        }
      }),
    );
  };
}
