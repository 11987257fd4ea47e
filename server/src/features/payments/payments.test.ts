import type { ErrorBody } from "@folio/contract/common";
import type { PaymentHistory, TopUpResponse } from "@folio/contract/payments";
import type { UserInfo } from "@folio/contract/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createUser } from "../../test/accounts";

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

describe("the daily top-up limit (TOP_UP_DAILY_LIMIT, £1,000 by default)", () => {
  it("lets a reader add up to £1,000 in a day, then refuses with what is left, charging nothing", async () => {
    const user = await createUser(t.app, t.database.db);
    expect((await http.post("/api/payments/topup", { amount: 600 }, user.token)).status).toBe(200);
    const over = await http.post<ErrorBody>("/api/payments/topup", { amount: 500 }, user.token);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: "TOP_UP_DAILY_LIMIT",
      message: "You can top up at most £1,000.00 a day. You can add up to £400.00 more today.",
      field: "amount",
    });
    expect((await http.post("/api/payments/topup", { amount: 400 }, user.token)).status).toBe(200);
    const full = await http.post<ErrorBody>("/api/payments/topup", { amount: 0.01 }, user.token);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(
      "You have reached today's top-up limit of £1,000.00. You can top up again tomorrow.",
    );
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(1000);
    expect(
      (await http.post<PaymentHistory>("/api/payments/history", undefined, user.token)).body.data,
    ).toHaveLength(2);
  });

  it("holds under top-ups sent at once", async () => {
    const user = await createUser(t.app, t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        http.post("/api/payments/topup", { amount: 200 }, user.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.balance).toBe(1000);
  });

  it("starts again at local midnight (TIME_ZONE)", async () => {
    const user = await createUser(t.app, t.database.db);
    const start = t.clock.now();
    try {
      // 23:00 in London, then 01:00 the next day.
      t.clock.set("2026-11-20T23:00:00Z");
      expect((await http.post("/api/payments/topup", { amount: 1000 }, user.token)).status).toBe(
        200,
      );
      expect((await http.post("/api/payments/topup", { amount: 1 }, user.token)).status).toBe(409);
      t.clock.set("2026-11-21T01:00:00Z");
      expect((await http.post("/api/payments/topup", { amount: 1000 }, user.token)).status).toBe(
        200,
      );
    } finally {
      t.clock.set(start);
    }
  });
});
