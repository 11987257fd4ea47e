import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, type Config } from "./config";
import { pgliteDirOf } from "./db/pglite-dir";

/**
 * Set in the environment of the process the primary forks to migrate and seed; the others
 * serve. The primary itself loads none of the app (it only forks and watches), so it stays
 * small: about 65 MB of memory instead of 95 on the benchmark's database.
 */
const PREPARE_ROLE = { FOLIO_PROCESS: "prepare" };

/** Forks the preparing process (migrations, the seed) and tells whether it ended well. */
function prepared(): Promise<boolean> {
  return new Promise((resolve) => {
    cluster.fork(PREPARE_ROLE).on("exit", (code, signal) => resolve(code === 0 && !signal));
  });
}

/**
 * On PostgreSQL, one process per core behind the cluster module's shared port: a first process
 * migrates and seeds, then the primary forks the workers and replaces any that dies. Nothing
 * shared lives in process memory, so the workers need no coordination beyond the database.
 */
async function supervise(config: Config): Promise<void> {
  if (!(await prepared())) {
    console.error("Folio could not start: preparing the database failed (see above)");
    process.exit(1);
  }

  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  for (let i = 0; i < config.workers; i += 1) fork();
}

/**
 * On the embedded database a first start (PGlite's initdb, the migrations, the seed books'
 * editions) runs in a preparing process, so the serving process never carries its peak:
 * WebAssembly memory is never given back, and serving after preparing in-process held about
 * 100 MB more than after a restart. Later starts prepare in-process (little to do, and a second
 * process would add a second or more to every start).
 */
async function serveEmbedded(config: Config): Promise<void> {
  const firstStart = !existsSync(path.join(pgliteDirOf(config.dataDir), "PG_VERSION"));
  // The app loads while the preparing process works: a second or so less to the first answer.
  const loading = import("./serve");
  if (firstStart && !(await prepared())) {
    console.error("Folio could not start: preparing the database failed (see above)");
    process.exit(1);
  }
  const { serve } = await loading;
  return serve(config, firstStart); // prepared already when it was a first start
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) return supervise(config);
  if (cluster.isPrimary && !config.databaseUrl) return serveEmbedded(config);
  // Loaded here, not above, so that the primary of a cluster never loads the app.
  const { prepareDatabase, serve } = await import("./serve");
  if (cluster.isPrimary) return serve(config, false);
  if (process.env.FOLIO_PROCESS === PREPARE_ROLE.FOLIO_PROCESS) {
    await prepareDatabase(config);
    process.exit(0);
  }
  return serve(config, true);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Folio could not start:", error);
  }
  process.exit(1);
});
