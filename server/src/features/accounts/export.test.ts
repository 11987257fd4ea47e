import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { AccountExport } from "@folio/contract/security";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { passkeys, passwordResets, sessions, users } from "../../db/schema";
import { createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { lastMailTo, resetTokenFrom } from "../../test/mail";
import { EXPORTS_PER_MINUTE } from "./export";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(() => {
  http = httpClient(t.app);
});

const exportOf = (token?: string) =>
  t.app.inject({
    method: "GET",
    url: "/api/users/export",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** A call that must succeed: 200 and `state: "success"`. */
async function ok(answer: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await answer;
  expect({ status, state: (body as { state?: string }).state }).toEqual({
    status: 200,
    state: "success",
  });
}

/** A reader with something in every section, and the book titles they touched. */
async function busyReader() {
  const db = t.database.db;
  const reader = await createUser(t.app, db, { name: "Export Reader" });
  const lent = await createBook(db, { copies: 2, price: 250 });
  const carted = await createBook(db);
  const wished = await createBook(db);
  const queued = await createBook(db, { copies: 1 });

  await ok(http.post("/api/payments/topup", { amount: 20 }, reader.token));
  const borrowed = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: lent.id },
    reader.token,
  );
  expect(borrowed.body.state).toBe("success");
  await ok(http.post("/api/cart/add", { bookId: carted.id }, reader.token));
  await ok(http.post("/api/wishlist/add", { bookId: wished.id }, reader.token));
  await ok(
    http.post(
      "/api/reviews/add",
      { bookId: lent.id, rating: 4, comment: "A fine read." },
      reader.token,
    ),
  );
  await ok(
    http.post(
      "/api/reading/annotations",
      {
        bookId: lent.id,
        kind: "highlight",
        locator: { href: "chapter-1.xhtml", type: "application/xhtml+xml", locations: {} },
        text: "It was a test.",
        note: "my note",
      },
      reader.token,
    ),
  );
  await ok(
    http.post(
      "/api/reading/progress",
      { bookId: lent.id, locator: "epubcfi(/6/2)", percentage: 12.5 },
      reader.token,
    ),
  );

  // Someone else has the only copy of `queued`, so the reader waits for it.
  const other = await createUser(t.app, db, { name: "Someone Else", balancePence: 5000 });
  expect(
    (await http.post<BorrowResult>("/api/borrow/borrow", { bookId: queued.id }, other.token)).body
      .state,
  ).toBe("success");
  await ok(
    http.post(
      "/api/reviews/add",
      { bookId: queued.id, rating: 2, comment: "Theirs." },
      other.token,
    ),
  );
  await ok(http.post("/api/holds/place", { bookId: queued.id }, reader.token));

  // Secrets the export must never carry: a reset link's token, a TOTP secret, a passkey's key.
  await ok(http.post("/api/auth/forget", { email: reader.email }));
  const resetToken = resetTokenFrom((await lastMailTo(db, reader.email))!.textBody)!;
  expect(resetToken).toBeTruthy();
  await db
    .update(users)
    .set({ totpSecret: "JBSWY3DPEHPK3PXPTOTPSECRET" })
    .where(eq(users.id, reader.id));
  const passkey = { credentialId: `credential-${reader.id}`, publicKey: `public-key-${reader.id}` };
  await db.insert(passkeys).values({
    userId: reader.id,
    ...passkey,
    name: "My laptop",
    createdAt: t.clock.now(),
  });

  return { reader, other, resetToken, passkey, titles: { lent, carted, wished, queued } };
}

describe("GET /api/users/export", () => {
  it("answers every section of the caller's data, as an attachment", async () => {
    const { reader, titles } = await busyReader();
    const response = await exportOf(reader.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="folio-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    const data = response.json<AccountExport>();

    expect(new Date(data.exportedAt).toISOString()).toBe(data.exportedAt);
    expect(data.profile).toMatchObject({
      UUID: reader.id,
      name: "Export Reader",
      email: reader.email,
      balance: 17.5,
      role: "reader",
      twoFactorEnabled: true,
      blockedAt: null,
    });
    expect(data.sessions).toEqual([
      expect.objectContaining({
        current: true,
        revokedAt: null,
        sessionId: expect.any(String) as string,
      }),
    ]);
    expect(data.passkeys).toEqual([
      expect.objectContaining({
        name: "My laptop",
        lastUsedAt: null,
        id: expect.any(String) as string,
      }),
    ]);
    expect(data.loans).toEqual([
      expect.objectContaining({
        bookId: String(titles.lent.id),
        bookTitle: titles.lent.title,
        price: 2.5,
        returnDate: null,
      }),
    ]);
    expect(data.ledger.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
      ["borrow", -2.5, 17.5],
      ["topup", 20, 20],
    ]);
    expect(data.ledger[0]).toMatchObject({ bookTitle: titles.lent.title });
    expect(data.payments).toEqual([
      { paymentId: data.ledger[1]!.id, amount: 20, date: expect.any(String) as string },
    ]);
    expect(data.cart).toEqual([
      expect.objectContaining({ bookId: String(titles.carted.id), bookTitle: titles.carted.title }),
    ]);
    expect(data.wishlist).toEqual([
      expect.objectContaining({ bookId: String(titles.wished.id), bookTitle: titles.wished.title }),
    ]);
    expect(data.holds).toEqual([
      expect.objectContaining({
        bookId: String(titles.queued.id),
        bookTitle: titles.queued.title,
        status: "waiting",
      }),
    ]);
    expect(data.reviews).toEqual([
      expect.objectContaining({
        bookId: String(titles.lent.id),
        rating: 4,
        content: "A fine read.",
      }),
    ]);
    expect(data.annotations).toEqual([
      expect.objectContaining({
        bookId: String(titles.lent.id),
        bookTitle: titles.lent.title,
        kind: "highlight",
        note: "my note",
      }),
    ]);
    expect(data.readingProgress).toEqual([
      expect.objectContaining({
        bookId: String(titles.lent.id),
        locator: "epubcfi(/6/2)",
        percentage: 12.5,
      }),
    ]);
    expect(data.mails.map((mail) => mail.type).sort()).toEqual([
      "borrow",
      "password_reset",
      "register",
      "top_up_receipt",
    ]);
    for (const mail of data.mails) {
      expect(mail.to).toBe(reader.email);
      expect(Object.keys(mail).sort()).toEqual(
        ["createdAt", "id", "sentAt", "status", "subject", "to", "type"].sort(),
      );
    }
  });

  it("holds nothing of another reader's, and no password, token or secret", async () => {
    const { reader, other, resetToken, passkey } = await busyReader();
    const text = (await exportOf(reader.token)).body;
    const data = JSON.parse(text) as AccountExport;

    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Someone Else");
    expect(text).not.toContain("Theirs.");
    expect(data.loans).toHaveLength(1);
    expect(data.reviews).toHaveLength(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, reader.id));
    const sessionHashes = await t.database.db
      .select({ hash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, reader.id));
    const resetHashes = await t.database.db
      .select({ hash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, reader.id));
    expect(sessionHashes.length).toBeGreaterThan(0);
    expect(resetHashes.length).toBeGreaterThan(0);
    const secrets = [
      reader.token,
      reader.password,
      row!.passwordHash,
      row!.totpSecret!,
      resetToken,
      passkey.credentialId,
      passkey.publicKey,
      ...sessionHashes.map((s) => s.hash),
      ...resetHashes.map((r) => r.hash),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/scrypt\$|token_?hash|passwordHash|totp/i);
  });

  it("needs a login", async () => {
    const response = await exportOf();
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().code).toBe("UNAUTHORIZED");
    expect((await exportOf("not-a-real-token-at-all-0123456789")).statusCode).toBe(401);
  });

  it(`answers ${EXPORTS_PER_MINUTE} a minute to a reader, then 429 until the minute is over`, async () => {
    const reader: TestUser = await createUser(t.app, t.database.db);
    const neighbour: TestUser = await createUser(t.app, t.database.db);
    for (let i = 0; i < EXPORTS_PER_MINUTE; i++)
      expect((await exportOf(reader.token)).statusCode).toBe(200);
    const refused = await exportOf(reader.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>()).toMatchObject({ state: "error", code: "TOO_MANY_REQUESTS" });
    expect(refused.headers["retry-after"]).toBe("60");
    // The limit is the reader's own: another reader exports as before.
    expect((await exportOf(neighbour.token)).statusCode).toBe(200);
    t.clock.advance(MINUTE + 1000);
    expect((await exportOf(reader.token)).statusCode).toBe(200);
  });

  it("is in the OpenAPI document", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = json.json<{ paths: Record<string, { get?: { tags?: string[] } }> }>();
    expect(doc.paths["/api/users/export"]?.get?.tags).toEqual(["accounts"]);
  });
});
