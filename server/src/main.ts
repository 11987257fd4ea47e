import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { ensureSeedEditions, isCatalogueEmpty, seedCatalogue } from "./db/seed/seed";
import { FileContentStore } from "./features/reading/content-store";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
  });
  await database.migrate();
  const content = new FileContentStore(path.join(config.dataDir, "content"));
  const { app, mailDelivery, scheduler } = await buildApp({ config, database, content });

  if (config.seedOnStart) {
    if (await isCatalogueEmpty(database.db)) {
      const report = await seedCatalogue(database.db);
      app.log.info(report, "seeded the catalogue");
    }
    const written = await ensureSeedEditions(database.db, content);
    if (written > 0) app.log.info({ written }, "wrote seed e-book editions");
  }

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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Folio could not start:", error);
  }
  process.exit(1);
});
