import type { ErrorBody } from "@folio/contract/common";
import type { RenewResult } from "@folio/contract/loans";
import type {
  PaymentHistory,
  Statement,
  TopUpLimits,
  TopUpResponse,
} from "@folio/contract/payments";
import type { UserInfo } from "@folio/contract/accounts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createUser, type TestUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});
afterAll(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

async function topUpWithKey(token: string, amount: unknown, key: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/payments/topup",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": key,
    },
    payload: JSON.stringify({ amount }),
  });
  return {
    status: response.statusCode,
    body: response.json<Omit<TopUpResponse, "state"> & Omit<ErrorBody, "state">>(),
  };
}

describe("payments/topup", () => {
  it("adds the amount to the balance and answers the payment", async () => {
    const user = await createUser(t.app, t.database.db);
    const { status, body } = await http.post<TopUpResponse>(
      "/api/payments/topup",
      { amount: 50 },
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      amount: 50,
      balance: 50,
      message: "Top up successful! £50.00 has been added to your account",
    });
    expect(body.paymentId).toMatch(/^[1-9][0-9]*$/);
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(50);
  });

  it("adds up to the penny, however the amounts fall in binary", async () => {
    const user = await createUser(t.app, t.database.db);
    for (let i = 0; i < 10; i += 1)
      await http.post("/api/payments/topup", { amount: 0.1 }, user.token);
    await http.post("/api/payments/topup", { amount: 0.2 }, user.token);
    const last = await http.post<TopUpResponse>(
      "/api/payments/topup",
      { amount: "4.99" },
      user.token,
    );
    expect(last.body.balance).toBe(6.19);
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(6.19);
  });

  it.each([
    [0, "The amount must be greater than £0"],
    [-5, "The amount must be greater than £0"],
    [10000.01, "The amount must be at most £10000"],
    [1e300, "The amount must be at most £10000"],
    [1.234, "The amount can have at most 2 decimal places"],
    [1e-300, "The amount can have at most 2 decimal places"],
    ["abc", "amount must be a number of pounds."],
    [null, "amount must be a number of pounds."],
    [[5], "amount must be a number of pounds."],
    [undefined, "amount is required."],
  ])("refuses amount %j with %j and changes nothing", async (amount, message) => {
    const user = await createUser(t.app, t.database.db);
    const { status, body } = await http.post<ErrorBody>(
      "/api/payments/topup",
      amount === undefined ? {} : { amount },
      user.token,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: "error", code: "VALIDATION", message });
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(0);
    expect(
      (await http.post<PaymentHistory>("/api/payments/history", undefined, user.token)).body.data,
    ).toEqual([]);
  });

  it("accepts exactly 10000 in one top-up where the daily limit allows it", async () => {
    const generous = await createTestApp({ TOP_UP_DAILY_LIMIT: "10000" }, { shareDatabaseWith: t });
    try {
      const user = await createUser(generous.app, generous.database.db);
      expect(
        (
          await httpClient(generous.app).post<TopUpResponse>(
            "/api/payments/topup",
            { amount: 10000 },
            user.token,
          )
        ).body.balance,
      ).toBe(10000);
    } finally {
      await generous.close();
    }
  });

  it("replays the first answer for a repeated Idempotency-Key and charges once", async () => {
    const user = await createUser(t.app, t.database.db);
    const first = await topUpWithKey(user.token, 20, "topup-key-1");
    const again = await topUpWithKey(user.token, 20, "topup-key-1");
    expect(again).toEqual(first);
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(20);
    const reused = await topUpWithKey(user.token, 30, "topup-key-1");
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const other = await createUser(t.app, t.database.db);
    expect((await topUpWithKey(other.token, 20, "topup-key-1")).body.balance).toBe(20);
  });

  it("replays once under a burst of the same key", async () => {
    const user = await createUser(t.app, t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => topUpWithKey(user.token, 7.5, "burst-key")),
    );
    expect(new Set(answers.map((a) => a.body.paymentId)).size).toBe(1);
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(7.5);
  });

  it("refuses a malformed Idempotency-Key and callers without a login", async () => {
    const user = await createUser(t.app, t.database.db);
    const bad = await topUpWithKey(user.token, 5, "a key with spaces");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("Idempotency-Key");
    expect((await http.post("/api/payments/topup", { amount: 5 })).status).toBe(401);
  });
});

describe("payments/history", () => {
  it("lists the caller's top-ups only, newest first", async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    await http.post("/api/payments/topup", { amount: 10 }, user.token);
    t.clock.advance(1000);
    await http.post("/api/payments/topup", { amount: 25.5 }, user.token);
    await http.post("/api/payments/topup", { amount: 99 }, other.token);
    const { status, body } = await http.post<PaymentHistory>(
      "/api/payments/history",
      undefined,
      user.token,
    );
    expect(status).toBe(200);
    expect(body.data.map((p) => p.amount)).toEqual([25.5, 10]);
    expect(new Date(body.data[0]!.date).getTime()).toBeGreaterThan(
      new Date(body.data[1]!.date).getTime(),
    );
    expect((await http.post("/api/payments/history")).status).toBe(401);
  });
});

describe("the daily top-up limit by default (TOP_UP_DAILY_LIMIT, £10,000)", () => {
  it("takes the spec's largest top-up, £10,000, on a fresh account, then refuses more today", async () => {
    const user = await createUser(t.app, t.database.db);
    const largest = await http.post<TopUpResponse>(
      "/api/payments/topup",
      { amount: 10000 },
      user.token,
    );
    expect(largest.status).toBe(200);
    expect(largest.body.balance).toBe(10000);
    const more = await http.post<ErrorBody>("/api/payments/topup", { amount: 0.01 }, user.token);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(
      "You have reached today's top-up limit of £10,000.00. You can top up again tomorrow.",
    );
  });
});

describe("payments/limits: what the top-up form may offer", () => {
  it("answers the largest top-up, the daily limit and what is left today, in pounds", async () => {
    const user = await createUser(t.app, t.database.db);
    const fresh = await http.get<TopUpLimits>("/api/payments/limits", user.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      state: "success",
      maxAmount: 10000,
      dailyLimit: 10000,
      leftToday: 10000,
    });
    await http.post("/api/payments/topup", { amount: 9599.5 }, user.token);
    expect(
      (await http.post<TopUpLimits>("/api/payments/limits", undefined, user.token)).body,
    ).toMatchObject({ dailyLimit: 10000, leftToday: 400.5 });
    expect((await http.get("/api/payments/limits")).status).toBe(401);
  });

  it("follows TOP_UP_DAILY_LIMIT", async () => {
    const user = await createUser(capped.app, capped.database.db);
    await cappedHttp.post("/api/payments/topup", { amount: 600 }, user.token);
    expect((await cappedHttp.get<TopUpLimits>("/api/payments/limits", user.token)).body).toEqual({
      state: "success",
      maxAmount: 10000,
      dailyLimit: 1000,
      leftToday: 400,
    });
  });
});

// The setting still caps: a shop that sets TOP_UP_DAILY_LIMIT=1000 keeps every rule of the limit.
let capped: TestApp;
let cappedHttp: ReturnType<typeof httpClient>;
beforeAll(async () => {
  capped = await createTestApp({ TOP_UP_DAILY_LIMIT: "1000" }, { shareDatabaseWith: t });
  cappedHttp = httpClient(capped.app);
});
afterAll(async () => {
  await capped.close();
});

describe("the daily top-up limit set lower (TOP_UP_DAILY_LIMIT=1000)", () => {
  it("lets a reader add up to £1,000 in a day, then refuses with what is left, charging nothing", async () => {
    const user = await createUser(capped.app, capped.database.db);
    expect((await cappedHttp.post("/api/payments/topup", { amount: 600 }, user.token)).status).toBe(
      200,
    );
    const over = await cappedHttp.post<ErrorBody>(
      "/api/payments/topup",
      { amount: 500 },
      user.token,
    );
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: "TOP_UP_DAILY_LIMIT",
      message: "You can top up at most £1,000.00 a day. You can add up to £400.00 more today.",
      field: "amount",
    });
    expect((await cappedHttp.post("/api/payments/topup", { amount: 400 }, user.token)).status).toBe(
      200,
    );
    const full = await cappedHttp.post<ErrorBody>(
      "/api/payments/topup",
      { amount: 0.01 },
      user.token,
    );
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      "You have reached today's top-up limit of £1,000.00. You can top up again tomorrow.",
    );
    expect((await cappedHttp.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(1000);
    expect(
      (await cappedHttp.post<PaymentHistory>("/api/payments/history", undefined, user.token)).body
        .data,
    ).toHaveLength(2);
  });

  it("holds under top-ups sent at once", async () => {
    const user = await createUser(capped.app, capped.database.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        cappedHttp.post("/api/payments/topup", { amount: 200 }, user.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect((await cappedHttp.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(1000);
  });

  it("starts again at local midnight (TIME_ZONE)", async () => {
    const user = await createUser(capped.app, capped.database.db);
    const start = capped.clock.now();
    const topUp = async (amount: number) =>
      (await cappedHttp.post("/api/payments/topup", { amount }, user.token)).status;
    try {
      // 23:00 in London, then 01:00 the next day.
      capped.clock.set("2026-11-20T23:00:00Z");
      expect(await topUp(1000)).toBe(200);
      expect(await topUp(1)).toBe(409);
      capped.clock.set("2026-11-21T01:00:00Z");
      expect(await topUp(1000)).toBe(200);
    } finally {
      capped.clock.set(start);
    }
  });
});

const statementOf = async (user: TestUser, query = "") =>
  (await http.get<Statement>(`/api/payments/statement${query}`, user.token)).body;

/** The sum of the amounts, added in pence: what every balanceAfter must agree with. */
const pence = (pounds: number) => Math.round(pounds * 100);

describe("payments/statement", () => {
  it("lists top-ups, borrow and renewal charges newest first, with the book and the balance after each", async () => {
    const user = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db, { title: "The Statement Voyage", price: 499 });
    const first = await http.post<TopUpResponse>("/api/payments/topup", { amount: 20 }, user.token);
    t.clock.advance(1000);
    await http.post("/api/borrow/borrow", { bookId: book.id }, user.token);
    t.clock.advance(1000);
    const renewed = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      user.token,
    );
    expect(renewed.body.state).toBe("success");
    t.clock.advance(1000);
    await http.post("/api/payments/topup", { amount: 5 }, user.token);

    const { status, body } = await http.post<Statement>("/api/payments/statement", {}, user.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      page: 1,
      pageSize: 10,
      total: 4,
      balance: 15.02,
    });
    expect(
      body.entries.map(({ kind, amount, bookId, bookTitle, balanceAfter }) => ({
        kind,
        amount,
        bookId,
        bookTitle,
        balanceAfter,
      })),
    ).toEqual([
      { kind: "topup", amount: 5, bookId: null, bookTitle: null, balanceAfter: 15.02 },
      {
        kind: "renewal",
        amount: -4.99,
        bookId: String(book.id),
        bookTitle: "The Statement Voyage",
        balanceAfter: 10.02,
      },
      {
        kind: "borrow",
        amount: -4.99,
        bookId: String(book.id),
        bookTitle: "The Statement Voyage",
        balanceAfter: 15.01,
      },
      { kind: "topup", amount: 20, bookId: null, bookTitle: null, balanceAfter: 20 },
    ]);
    // A top-up's id is its Order No, the paymentId Payment Records has always shown.
    expect(body.entries[3]!.id).toBe(first.body.paymentId);
    expect(new Date(body.entries[0]!.date).getTime()).toBe(t.clock.now().getTime());
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(15.02);
    // payments/history answers as it always has: the top-ups alone.
    const history = await http.post<PaymentHistory>("/api/payments/history", undefined, user.token);
    expect(history.body.data.map((p) => p.amount)).toEqual([5, 20]);
  });

  it("keeps the running balance right on every page, rows at the same instant in id order", async () => {
    const user = await createUser(t.app, t.database.db);
    const amounts = [12.34, 0.01, 7, 99.99, 3.5, 1, 250, 0.66, 42, 5.05, 8.88, 19.99];
    for (const [i, amount] of amounts.entries()) {
      await http.post("/api/payments/topup", { amount }, user.token);
      // Every third pair shares its instant: the ledger id breaks the tie.
      if (i % 3 !== 0) t.clock.advance(1000);
    }
    const all = await statementOf(user, "?pageSize=50");
    expect(all.total).toBe(12);
    expect(all.entries.map((e) => e.amount)).toEqual([...amounts].reverse());
    let running = 0;
    for (const entry of [...all.entries].reverse()) {
      running += pence(entry.amount);
      expect(pence(entry.balanceAfter)).toBe(running);
    }
    expect(pence(all.balance)).toBe(running);

    const pages: Statement[] = [];
    for (let page = 1; page <= 4; page += 1)
      pages.push(await statementOf(user, `?page=${page}&pageSize=5`));
    expect(pages.map((p) => p.entries.length)).toEqual([5, 5, 2, 0]);
    expect(pages.every((p) => p.total === 12 && p.pageSize === 5)).toBe(true);
    expect(pages.flatMap((p) => p.entries)).toEqual(all.entries);
    expect(pages[3]).toMatchObject({ page: 4, entries: [], balance: all.balance });

    // POST with a body pages the same way as GET with a query.
    const posted = await http.post<Statement>(
      "/api/payments/statement",
      { page: "2", pageSize: 5 },
      user.token,
    );
    expect(posted.body).toEqual(pages[1]);
  });

  it("shows 10 a page unless asked, and an empty statement for a new reader", async () => {
    const user = await createUser(t.app, t.database.db);
    expect(await statementOf(user)).toEqual({
      state: "success",
      entries: [],
      page: 1,
      pageSize: 10,
      total: 0,
      balance: 0,
    });
    for (let i = 0; i < 11; i += 1)
      await http.post("/api/payments/topup", { amount: 1 }, user.token);
    const first = await statementOf(user);
    expect(first.entries).toHaveLength(10);
    expect(first.total).toBe(11);
    expect((await statementOf(user, "?page=2")).entries).toHaveLength(1);
  });

  it.each([
    ["?page=0", "page", "page must be 1 or more."],
    ["?page=-1", "page", "page must be 1 or more."],
    ["?page=abc", "page", "page must be a number."],
    ["?page=1.5", "page", "page must be a whole number."],
    ["?page=9999999999999", "page", "page must be at most 100000."],
    ["?pageSize=0", "pageSize", "pageSize must be 1 or more."],
    ["?pageSize=51", "pageSize", "pageSize must be at most 50."],
    ["?pageSize=2.5", "pageSize", "pageSize must be a whole number."],
  ])("refuses %s with a 400 naming the field", async (query, field, message) => {
    const user = await createUser(t.app, t.database.db);
    const asGet = await http.get<ErrorBody>(`/api/payments/statement${query}`, user.token);
    expect(asGet.status).toBe(400);
    expect(asGet.body).toEqual({ state: "error", code: "VALIDATION", field, message });
    const [name, value] = query.slice(1).split("=");
    const asPost = await http.post<ErrorBody>(
      "/api/payments/statement",
      { [name!]: value },
      user.token,
    );
    expect(asPost.status).toBe(400);
    expect(asPost.body).toMatchObject({ code: "VALIDATION", field, message });
  });

  it("needs a login", async () => {
    expect((await http.post("/api/payments/statement")).status).toBe(401);
    expect((await http.post("/api/payments/statement", {})).status).toBe(401);
    expect((await http.get("/api/payments/statement?page=1")).status).toBe(401);
  });

  it("shows only the caller's rows: never another reader's, nor a deleted account's", async () => {
    const gone = await createUser(t.app, t.database.db);
    await http.post("/api/payments/topup", { amount: 30 }, gone.token);
    expect((await http.post("/api/users/delete", undefined, gone.token)).status).toBe(200);
    // The same address registers again: a new account, with nothing of the old one's money.
    const again = await createUser(t.app, t.database.db, { email: gone.email });
    expect(await statementOf(again)).toMatchObject({ entries: [], total: 0, balance: 0 });

    const user = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    await http.post("/api/payments/topup", { amount: 8 }, user.token);
    await http.post("/api/payments/topup", { amount: 9 }, other.token);
    const mine = await statementOf(user);
    expect(mine.entries.map((e) => e.amount)).toEqual([8]);
    expect(mine).toMatchObject({ total: 1, balance: 8 });
  });
});

describe("the top-up receipt", () => {
  const receiptsTo = (email: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.type, "top_up_receipt")));

  it("is written with the top-up: amount, new balance, Order No, date and Payment Records", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/payments/topup", { amount: 2.5 }, user.token);
    t.clock.set("2026-11-22T15:30:00Z");
    const { body } = await http.post<TopUpResponse>(
      "/api/payments/topup",
      { amount: 450.5 },
      user.token,
    );
    const receipts = await receiptsTo(user.email);
    expect(receipts).toHaveLength(2);
    const mail = receipts.find((m) => m.textBody.includes("£450.50"))!;
    expect(mail.subject).toBe("Your Folio top-up receipt");
    for (const part of [
      "You added £450.50 to your balance on 22 November 2026.",
      `Order No: ${body.paymentId}`,
      "Amount: £450.50",
      "Date: 22 November 2026",
      "New balance: £453.00",
      "See your Payment Records: http://shop.test/mypayments",
    ])
      expect(mail.textBody).toContain(part);
    expect(mail.htmlBody).toContain(
      `<li style="margin-bottom:6px">Order No: ${body.paymentId}</li>`,
    );
    expect(mail.htmlBody).toContain('href="http://shop.test/mypayments"');
    expect(mail.htmlBody).toContain("New balance: £453.00");
    t.clock.set(new Date());
  });

  it("is written once for a top-up repeated with the same Idempotency-Key, and not for a refused one", async () => {
    const user = await createUser(t.app, t.database.db);
    const first = await topUpWithKey(user.token, 15, "receipt-key");
    const again = await topUpWithKey(user.token, 15, "receipt-key");
    expect(again).toEqual(first);
    await Promise.all(Array.from({ length: 4 }, () => topUpWithKey(user.token, 15, "receipt-key")));
    expect(await receiptsTo(user.email)).toHaveLength(1);
    // Over the daily limit: nothing changes, so nothing is mailed.
    expect((await http.post("/api/payments/topup", { amount: 10000 }, user.token)).status).toBe(
      409,
    );
    expect((await http.post("/api/payments/topup", { amount: 0 }, user.token)).status).toBe(400);
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });
});
