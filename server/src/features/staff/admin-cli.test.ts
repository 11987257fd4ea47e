import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import { users } from "../../db/schema";
import { openTestDatabase } from "../../test/database";
import { testDatabaseKind } from "../../test/database-url";

// `npm run admin -- grant EMAIL ROLE`, run as a person runs it: a process of its own on the
// configured database (a PGlite folder, or DATABASE_URL).

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.resolve(serverDir, "../node_modules/.bin/tsx");
const onPglite = testDatabaseKind() === "pglite";

let dataDir: string;
let database: DatabaseHandle | null = null;
const email = "first.admin@example.com";

function admin(...args: string[]) {
  const run = spawnSync(tsx, ["src/features/staff/admin-cli.ts", ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(database?.url ? { DATABASE_URL: database.url } : { DATABASE_URL: "" }),
    },
    encoding: "utf8",
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

async function withDatabase<T>(work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  if (database) return work(database.db);
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  try {
    await handle.migrate();
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "folio-admin-cli-"));
  if (!onPglite) database = await openTestDatabase();
  await withDatabase((db) =>
    db.insert(users).values({ name: "First Admin", email, passwordHash: "unused" }),
  );
}, 60_000);
afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm run admin", () => {
  it("grants a role by email (any case), says so, and audits it with the command line as actor", () => {
    const run = admin("grant", "First.Admin@Example.com", "admin");
    expect(run.out).toContain("First.Admin@Example.com is now admin (was reader).");
    expect(run.status).toBe(0);
    expect(admin("grant", email, "admin").out).toContain("is already admin");
  }, 60_000);

  it("left the role and its audit row in the database", async () => {
    const rows = await withDatabase((db) =>
      queryRows<{ role: string; actor: string; after: unknown }>(
        db,
        sql`select u.role, a.actor_email as actor, a.after from users u
            join audit_log a on a.target_id = u.id::text where u.email = ${email}`,
      ),
    );
    expect(rows).toEqual([{ role: "admin", actor: "command line", after: { role: "admin" } }]);
  });

  it("exits 1 for an address with no account and 2 for bad usage, changing nothing", () => {
    const none = admin("grant", "nobody@example.com", "librarian");
    expect(none.status).toBe(1);
    expect(none.out).toContain("There is no account with the email nobody@example.com.");
    for (const args of [
      ["grant", email, "owner"],
      ["promote", email, "admin"],
      ["grant", email],
    ]) {
      const bad = admin(...args);
      expect(bad.status).toBe(2);
      expect(bad.out).toContain("Usage: npm run admin -- grant EMAIL ROLE");
    }
  }, 60_000);

  // Only the embedded database is a folder one process may hold; PostgreSQL takes many.
  if (onPglite)
    it("refuses (exit 3) while a running shop has the embedded database open", async () => {
      const open = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
      try {
        const run = admin("grant", email, "librarian");
        expect(run.status).toBe(3);
        expect(run.out).toContain("is open in another process");
      } finally {
        await open.close();
      }
      // Closed, the folder is free again.
      expect(admin("grant", email, "admin").status).toBe(0);
    }, 60_000);
});
