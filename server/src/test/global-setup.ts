import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../db/client";
import { seedCatalogue } from "../seed/seed";
import { testDatabaseKind, testDatabaseUrl, withDatabaseName } from "./database-url";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database per run; every test file then starts from a copy of it
 * (a PGlite data-directory dump, or a PostgreSQL template database) in well under a second.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseKind() === "postgres") {
    const adminUrl = testDatabaseUrl();
    const template = `folio_tpl_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({
      databaseUrl: withDatabaseName(adminUrl, template),
      poolSize: 2,
    });
    await handle.migrate();
    await seedCatalogue(handle.db);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("pgliteSnapshot", "");
    return async () => {
      // Drop the copies the test files made (they drop their own; this catches a crashed one).
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${template.replace("tpl", "t")}%`],
      );
      for (const row of rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), "folio-snapshot-"));
  const handle = await openDatabase({});
  await handle.migrate();
  await seedCatalogue(handle.db);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const file = path.join(dir, "snapshot.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshot", file);
  project.provide("postgresTemplate", "");
  return () => rm(dir, { recursive: true, force: true });
}
