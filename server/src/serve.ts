import { sql } from "drizzle-orm";
import { buildApp } from "./app";
import type { Config } from "./config";
import { openConfiguredDatabase } from "./db/client";
import { grantRole } from "./features/staff";
import { ensureSeedEditions, isCatalogueEmpty, seedCatalogue } from "./seed/seed";
import { contentStoreOf } from "./storage/configured-store";

const openFor = openConfiguredDatabase;

/** Migrations and, on an empty database, the seed catalogue: once, before any request. */
async function prepare(
  database: Awaited<ReturnType<typeof openFor>>,
  config: Config,
  log: (msg: string) => void,
) {
  await database.migrate();
  if (config.seedOnStart) {
    if (await isCatalogueEmpty(database.db)) {
      const report = await seedCatalogue(database.db);
      log(`seeded the catalogue: ${report.categoriesAdded} categories, ${report.booksAdded} books`);
    }
    const written = await ensureSeedEditions(database.db, contentStoreOf(config));
    if (written > 0) log(`wrote ${written} seed e-book editions`);
  }
  if (config.adminEmail) {
    const outcome = await grantRole(
      database.db,
      config.adminEmail,
      "admin",
      "ADMIN_EMAIL at start",
    );
    log(
      outcome.status === "no-account"
        ? `ADMIN_EMAIL: there is no account with the email ${config.adminEmail} yet`
        : `ADMIN_EMAIL: ${config.adminEmail} is an admin`,
    );
  }
  // Write the migrations and seed through to the data files now: after a crash the embedded
  // database then replays only what came since (a start after kill -9 took 14 s without it).
  if (database.kind === "pglite") await database.db.execute(sql`checkpoint`);
}

/** Migrates and seeds the database, then lets it go: what the cluster's preparing process does. */
export async function prepareDatabase(config: Config): Promise<void> {
  const database = await openFor(config);
  try {
    await prepare(database, config, (msg) => console.log(msg));
  } finally {
    await database.close();
  }
}

/**
 * One server process: the API, the web app, the mail worker and the scheduler. `prepared`: the
 * database was migrated and seeded already (by the cluster's preparing process).
 */
export async function serve(config: Config, prepared: boolean): Promise<void> {
  const database = await openFor(config);
  const { app, mailDelivery, scheduler } = await buildApp({
    config,
    database,
    content: contentStoreOf(config),
  });
  if (!prepared) await prepare(database, config, (msg) => app.log.info(msg));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop taking requests, let those in flight finish, then close the database.
    const forced = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    forced.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  mailDelivery.start();
  scheduler.start();
}
