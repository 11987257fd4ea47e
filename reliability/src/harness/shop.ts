import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { PostgresDatabase } from "./database";
import { ServerProcess } from "./server";

/**
 * The shop most scenarios start from: migrated and seeded once per run (global-setup.ts), by a
 * server as `npm start` seeds it, and then copied for each scenario in well under a second
 * instead of seeded again (about 3 s on PostgreSQL and 15 s on the embedded database each).
 */
export interface SeededShops {
  /** a PostgreSQL database to copy with `create database … template` */
  postgresTemplate: string;
  /** the data directory that goes with it: the seed's books and covers (content/) */
  postgresDataDir: string;
  /** an embedded shop's data directory: its database (pglite/) and content/ */
  embeddedDataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    seededShops: SeededShops;
  }
}

/** The run's seeded shops, from inside a scenario. */
export const seededShops = (): SeededShops => inject("seededShops");

/** Seeds both shops at once; `remove` drops the template and deletes the folders. */
export async function seedShops(): Promise<{ shops: SeededShops; remove(): Promise<void> }> {
  const secret = randomBytes(32).toString("hex");
  const work = await mkdtemp(path.join(tmpdir(), "folio-rel-seeded-"));
  const database = await PostgresDatabase.create();
  await mkdir(path.join(work, "postgres-run"));
  await mkdir(path.join(work, "embedded-run"));
  const [postgresServer, embeddedServer] = await Promise.all([
    ServerProcess.start(
      { dataDir: path.join(work, "postgres-run"), databaseUrl: database.url, secret },
      "seed-postgres",
    ),
    ServerProcess.start({ dataDir: path.join(work, "embedded-run"), secret }, "seed-embedded"),
  ]);
  await Promise.all([postgresServer.stop(), embeddedServer.stop()]);
  // What a shop keeps, without the seeding servers' logs, secret and mail.
  const postgresDataDir = path.join(work, "postgres");
  const embeddedDataDir = path.join(work, "embedded");
  await cp(path.join(work, "postgres-run", "content"), path.join(postgresDataDir, "content"), {
    recursive: true,
  });
  for (const part of ["pglite", "content"])
    await cp(path.join(work, "embedded-run", part), path.join(embeddedDataDir, part), {
      recursive: true,
    });
  // Nothing is connected to it now, as `create database … template` needs.
  return {
    shops: { postgresTemplate: database.name, postgresDataDir, embeddedDataDir },
    remove: async () => {
      await database.drop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
