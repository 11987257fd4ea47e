import { beforeAll, describe, expect, it } from "vitest";
import type { Reader } from "../harness/client";
import { readerRows } from "../harness/access-digest";
import { AccessScenario, expectOk, type Victim } from "./scenario";

const access = AccessScenario.forFile("staff calls");

interface StaffCall {
  method: string;
  path: string;
  /** the least role the OpenAPI document names for it */
  needs: "librarian" | "admin";
}

interface Operation {
  security?: Record<string, string[]>[];
}

/**
 * Every /api/admin/ call the running server documents, with the role its entry names: the
 * matrix grows by itself as calls are added, so none is left out.
 */
async function staffCalls(): Promise<StaffCall[]> {
  const doc = await access.api.get<{ paths: Record<string, Record<string, Operation>> }>(
    "/api/docs/json",
  );
  return Object.entries(doc.body.paths)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        needs: operation.security?.[0]?.bearer?.[0] === "admin" ? "admin" : "librarian",
      })),
    );
}

/** A request a member of staff might send: real ids of the victim, so a slip would do harm. */
function attempt(call: StaffCall, v: Victim) {
  const url = `${call.path.replace(/\{[^}]+\}/g, "1")}${call.method === "GET" ? `?userId=${v.id}&bookId=${v.loanBook}` : ""}`;
  if (call.method === "GET") return { method: call.method, url };
  if (call.path.endsWith("/upload"))
    return {
      method: call.method,
      url,
      raw: Buffer.from("PK\u0003\u0004 not really a book"),
      headers: { "content-type": "application/epub+zip" },
    };
  return {
    method: call.method,
    url,
    json: {
      userId: v.id,
      bookId: v.loanBook,
      amount: 50,
      reason: "access test",
      role: "admin",
      copies: 0,
      price: 0.01,
      title: "Taken over",
      commentId: v.commentId,
      reviewId: v.commentId,
    },
  };
}

let victim: Victim;
let reader: Reader;
let librarian: Reader;
let admin: Reader;
let calls: StaffCall[];

beforeAll(async () => {
  victim = await access.newVictim();
  reader = await access.newReader(0);
  librarian = await access.newReader(0);
  admin = await access.newReader(0);
  await access.database.query("update users set role = 'librarian' where id = $1", [librarian.id]);
  await access.database.query("update users set role = 'admin' where id = $1", [admin.id]);
  calls = await staffCalls();
});

/** The shop's shared rows a staff call could change: books, categories and the audit log. */
async function shopRows(): Promise<string> {
  const [row] = await access.database.query<{ rows: string }>(
    `select json_build_object(
       'books', (select json_agg(b order by b.id) from books b),
       'categories', (select json_agg(c order by c.id) from categories c),
       'audit', (select count(*) from audit_log),
       'roles', (select json_agg(json_build_object('id', u.id, 'role', u.role,
                  'blocked', u.blocked_at) order by u.id) from users u)
     )::text as rows`,
  );
  return row!.rows;
}

describe("access control, over HTTP, on PostgreSQL: staff calls", () => {
  it("documents the staff calls, with the admin-only ones marked", () => {
    expect(calls.length).toBeGreaterThanOrEqual(25);
    expect(calls.filter((c) => c.needs === "admin").map((c) => c.path)).toEqual(
      expect.arrayContaining(["/api/admin/audit", "/api/admin/readers/role"]),
    );
  });

  it("refuses every staff call without a token (401), to a reader (403), and an admin call to a librarian (403), changing nothing", async () => {
    const { figures, violations } = access;
    const seen = violations.length;
    const victimBefore = await readerRows(access.database, victim.id);
    const shopBefore = await shopRows();
    const who: [string, string | undefined, number, (call: StaffCall) => boolean][] = [
      ["no token", undefined, 401, () => true],
      ["a reader's token", reader.token, 403, () => true],
      ["the victim's own token", victim.token, 403, () => true],
      ["a librarian's token", librarian.token, 403, (call) => call.needs === "admin"],
    ];
    for (const [kind, token, status, applies] of who) {
      for (const call of calls.filter(applies)) {
        const { method, url, ...rest } = attempt(call, victim);
        const answer = await access.api.call<{ code?: string }>(method, url, {
          ...(token ? { token } : {}),
          ...rest,
        });
        const code = status === 401 ? "UNAUTHORIZED" : "FORBIDDEN";
        const refused = answer.status === status && answer.body?.code === code;
        access.expectThat(refused, `${kind} → ${call.method} ${call.path}`, answer);
        if (refused) figures.refusedAsExpected += 1;
      }
    }
    expect(violations.slice(seen)).toEqual([]);
    expect(await readerRows(access.database, victim.id)).toBe(victimBefore);
    expect(await shopRows()).toBe(shopBefore);
  });

  it("lets staff in: every librarian call answers the librarian something other than 401/403", async () => {
    const { violations } = access;
    const seen = violations.length;
    for (const call of calls.filter((c) => c.needs === "librarian" && c.method === "GET")) {
      const answer = await access.api.call(call.method, attempt(call, victim).url, {
        token: librarian.token,
      });
      access.expectThat(
        answer.status !== 401 && answer.status !== 403 && answer.status < 500,
        `librarian → ${call.method} ${call.path}`,
        answer,
      );
    }
    expect(violations.slice(seen)).toEqual([]);
  });

  it("shuts out a blocked member of staff at once, and a librarian cannot grant roles", async () => {
    const other = await access.newReader(0);
    await access.database.query("update users set role = 'librarian' where id = $1", [other.id]);
    expect((await access.api.get("/api/admin/readers", other.token)).status).toBe(200);
    const grant = await access.api.post<{ code: string }>(
      "/api/admin/readers/role",
      { userId: other.id, role: "admin" },
      other.token,
    );
    expect(grant.status).toBe(403);
    await expectOk(
      await access.api.post(
        "/api/admin/readers/block",
        { userId: other.id, reason: "access test" },
        admin.token,
      ),
      "block",
    );
    const after = await access.api.get<{ code: string }>("/api/admin/readers", other.token);
    expect(after.status).toBe(401);
    const login = await access.api.post<{ code: string; message: string }>("/api/auth/login", {
      email: other.email,
      password: other.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("This account is blocked. Please contact the library.");
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
