import type { AuditList } from "@folio/contract/admin";
import type { UserInfo } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { grantRole } from "./grant";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
let admin: TestUser;
let librarian: TestUser;
let reader: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  admin = await createStaff(t.app, t.database.db, "admin");
  librarian = await createStaff(t.app, t.database.db, "librarian");
  reader = await createUser(t.app, t.database.db);
});

describe("roles", () => {
  it("shows each account its role in users/info", async () => {
    expect((await http.get<UserInfo>("/api/users/info", admin.token)).body.role).toBe("admin");
    expect((await http.get<UserInfo>("/api/users/info", librarian.token)).body.role).toBe(
      "librarian",
    );
    expect((await http.get<UserInfo>("/api/users/info", reader.token)).body.role).toBe("reader");
  });

  it("refuses a staff call with no token (401), a reader's (403) and a librarian's on an admin call (403)", async () => {
    expect((await http.get<ErrorBody>("/api/admin/audit")).status).toBe(401);
    const asReader = await http.get<ErrorBody>("/api/admin/audit", reader.token);
    expect(asReader.status).toBe(403);
    expect(asReader.body).toMatchObject({ code: "FORBIDDEN" });
    expect((await http.get<ErrorBody>("/api/admin/audit", librarian.token)).status).toBe(403);
    expect((await http.get<AuditList>("/api/admin/audit", admin.token)).status).toBe(200);
  });

  it("grants a role by email, audits it with the command line as actor, and says when there is no account", async () => {
    const someone = await createUser(t.app, t.database.db);
    const granted = await grantRole(
      t.database.db,
      someone.email.toUpperCase(),
      "librarian",
      "command line",
    );
    expect(granted).toMatchObject({ status: "granted", before: "reader", after: "librarian" });
    expect(
      await grantRole(t.database.db, someone.email, "librarian", "command line"),
    ).toMatchObject({
      status: "unchanged",
    });
    expect(await grantRole(t.database.db, "nobody@example.com", "admin", "x")).toEqual({
      status: "no-account",
    });
    const log = await http.get<AuditList>(
      `/api/admin/audit?action=reader.role&actor=command`,
      admin.token,
    );
    expect(log.body.entries[0]).toMatchObject({
      actorId: null,
      actorEmail: "command line",
      action: "reader.role",
      targetId: someone.id,
      before: { role: "reader" },
      after: { role: "librarian" },
    });
    // The new role counts at once, on the session the account already had.
    expect((await http.get<AuditList>("/api/admin/audit", someone.token)).status).toBe(403);
    expect((await http.get("/api/admin/books", someone.token)).status).not.toBe(403);
  });
});

describe("the audit log", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const db = t.database.db;
    const countRows = async () =>
      (
        await queryRows<{ count: number }>(db, sql`select count(*)::int as count from audit_log`)
      )[0]!.count;
    const count = await countRows();
    expect(count).toBeGreaterThan(0);
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await countRows()).toBe(count);
  });

  it("keeps text with a lone surrogate (which jsonb cannot hold) as U+FFFD, not a 500", async () => {
    const made = await http.post<{ category: { categoryId: string } }>(
      "/api/admin/categories/create",
      { name: "Odd \ud800 Text", description: "half a pair: \ude34 here" },
      librarian.token,
    );
    expect(made.status).toBe(200);
    const log = await http.get<AuditList>("/api/admin/audit?action=category.create", admin.token);
    expect(log.body.entries[0]!.after).toMatchObject({ description: "half a pair: \ufffd here" });
  });

  it("filters by day and refuses a day that is not one", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const some = await http.get<AuditList>(
      `/api/admin/audit?from=${today}&to=${today}`,
      admin.token,
    );
    expect(some.body.total).toBeGreaterThan(0);
    const none = await http.get<AuditList>(`/api/admin/audit?to=2000-01-01`, admin.token);
    expect(none.body.total).toBe(0);
    expect((await http.get(`/api/admin/audit?from=yesterday`, admin.token)).status).toBe(400);
  });
});
