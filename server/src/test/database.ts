import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { perFile } from "./per-file";
import { testDatabaseKind, testDatabaseUrl, withDatabaseName } from "./database-url";

/**
 * A fresh database for one test file, copied from the run's migrated and seeded snapshot.
 * Closing it also drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === "pglite") {
    const snapshot = await readFile(inject("pgliteSnapshot"));
    return openDatabase({ loadDataDir: new Blob([snapshot]) });
  }
  const adminUrl = testDatabaseUrl();
  const template = inject("postgresTemplate");
  const name = `${template.replace("tpl", "t")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The test file's database, for tests of the database layer without the app: opened before the
 * file's tests, closed (and dropped) after them. `useTestApp` is the same with the app on top.
 */
export function useTestDatabase(): DatabaseHandle {
  return perFile("test database", openTestDatabase, (opened) => opened.close());
}
