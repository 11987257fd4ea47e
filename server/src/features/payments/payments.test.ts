import type { ErrorBody } from "@folio/contract/common";
import type { PaymentHistory, TopUpResponse } from "@folio/contract/payments";
import type { UserInfo } from "@folio/contract/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createUser } from "../accounts/test-factories";

let t: TestApp;
let http: ReturnType<typeof httpClient>;
beforeAll(async () => {
  t = await createTestApp();
  http = httpClient(t.app);
});
afterAll(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
  await t.close();
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
    expect(body.paymentId).toBeGreaterThan(0);
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

  it("accepts exactly 10000", async () => {
    const user = await createUser(t.app, t.database.db);
    expect(
      (await http.post<TopUpResponse>("/api/payments/topup", { amount: 10000 }, user.token)).body
        .balance,
    ).toBe(10000);
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
