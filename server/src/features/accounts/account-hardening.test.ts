import type { LoginResponse, RegisterResponse, UserInfo } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { users } from "../../db/schema";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { lastMailTo as lastMailOf, linkTokenFrom, resetTokenFrom } from "../../test/mail";
import { createUser } from "../../test/accounts";

// Findings of the outside probe (issue 16) on accounts: addresses, login limits, reset links,
// and what mail may say to an address nobody has proven.

let limited: TestApp;
let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  limited = await createTestApp({ AUTH_RATE_LIMIT: "5" }, { shareDatabaseWith: t });
  http = httpClient(t.app);
});
afterAll(async () => {
  await limited.close();
});

const hex = () => Math.random().toString(16).slice(2, 10);

/** A JSON POST from a given source address (light-my-request's remoteAddress). */
const postFrom = <T>(app: TestApp, from: string, url: string, body: unknown) =>
  httpClient(app.app, from).post<T>(url, body);

const lastMailTo = (email: string) => lastMailOf(t.database.db, email);

describe("one form of an address for storage, lookup and limits", () => {
  it("stores an address trimmed, NFKC-normalised and in lower case, and finds it by any case", async () => {
    const local = `ada-${hex()}`;
    const registered = await http.post<RegisterResponse>("/api/users/register", {
      name: "Ada",
      email: `  ${local.toUpperCase()}@Example.COM `,
      password: "analytical engine",
    });
    expect(registered.status).toBe(200);
    expect(registered.body.email).toBe(`${local}@example.com`);
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, registered.body.UUID));
    expect(row?.email).toBe(`${local}@example.com`);
    // Fullwidth letters are the same address under NFKC.
    const fullwidth = [...`${local}@example.com`]
      .map((c) => (/[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join("");
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: fullwidth,
      password: "analytical engine",
    });
    expect(login.status).toBe(200);
    expect(login.body.UUID).toBe(registered.body.UUID);
  });

  it("never lets a dotted capital I reach the account of a plain i", async () => {
    const victim = await createUser(t.app, t.database.db, {
      email: `victim-${hex()}@example.com`,
    });
    const dotted = victim.email.replace("victim", "vİctim");
    const login = await http.post<ErrorBody>("/api/auth/login", {
      email: dotted,
      password: victim.password,
    });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe("WRONG_CREDENTIALS");
    // It is another address altogether: it may register, as another account.
    const other = await http.post<RegisterResponse>("/api/users/register", {
      name: "Mallory",
      email: dotted,
      password: "borrowed key 7",
    });
    expect(other.status).toBe(200);
    expect(other.body.UUID).not.toBe(victim.id);
  });

  it.each([
    ["a zero-width space", "vic\u200btim@example.com"],
    ["a soft hyphen", "vic\u00adtim@example.com"],
    ["a right-to-left mark", "victim\u200f@example.com"],
  ])("refuses an address with %s, on register, login and forget", async (_, email) => {
    const message =
      "This email address contains a character that cannot be seen. Please type it again.";
    for (const [url, body] of [
      ["/api/users/register", { name: "N", email, password: "walnut-pass1" }],
      ["/api/auth/login", { email, password: "walnut-pass1" }],
      ["/api/auth/forget", { email }],
    ] as const) {
      const answer = await http.post<ErrorBody>(url, body);
      expect(answer.status, url).toBe(400);
      expect(answer.body).toMatchObject({ code: "VALIDATION", message, field: "email" });
    }
  });
});

describe("login limits", () => {
  it("lets the owner in with the right password from a clean address after failures from elsewhere", async () => {
    const owner = await createUser(t.app, t.database.db);
    const guesses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const from = `10.1.${i}.1`;
      guesses.push(
        (
          await postFrom(limited, from, "/api/auth/login", {
            email: owner.email,
            password: `no ${i}`,
          })
        ).status,
      );
    }
    // Five failures put the account under attack; a sixth source gets its one guess answered 429.
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    const owners = await postFrom<LoginResponse>(limited, "10.1.99.1", "/api/auth/login", {
      email: owner.email,
      password: owner.password,
    });
    expect(owners.status).toBe(200);
    expect((await http.get<UserInfo>("/api/users/info", owners.body.token)).body.UUID).toBe(
      owner.id,
    );
    // A source that has failed on the account is refused even with the right password.
    const guesser = await postFrom<ErrorBody>(limited, "10.1.0.1", "/api/auth/login", {
      email: owner.email,
      password: owner.password,
    });
    expect(guesser.status).toBe(429);
    expect(guesser.body.code).toBe("TOO_MANY_REQUESTS");
  });

  it("counts an account's failures under one key, whatever the case or width of the address", async () => {
    const owner = await createUser(t.app, t.database.db);
    const spellings = [
      owner.email,
      owner.email.toUpperCase(),
      owner.email.replace("reader", "ＲＥＡＤＥＲ"),
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // A fresh source each time, so only the account's own count can refuse the sixth.
      const email = spellings[i % spellings.length]!;
      statuses.push(
        (await postFrom(limited, `10.2.${i}.1`, "/api/auth/login", { email, password: `no ${i}` }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts in a sliding window: a minute's boundary does not let twice the limit through", async () => {
    const from = "10.3.0.1";
    const forget = (i: number) =>
      postFrom(limited, from, "/api/auth/forget", { email: `w${i}-${hex()}@example.com` });
    // Start 50 s into a wall-clock minute of the test clock.
    const now = limited.clock.now().getTime();
    limited.clock.set(new Date(now - (now % MINUTE) + MINUTE + 50_000));
    for (let i = 0; i < 5; i += 1) expect((await forget(i)).status).toBe(200);
    // 15 s later: another minute on the wall clock, but within 60 s of the five.
    limited.clock.advance(15_000);
    expect((await forget(5)).status).toBe(429);
    // Once the first five are 60 s old, there is room again.
    limited.clock.advance(46_000);
    expect((await forget(6)).status).toBe(200);
  });

  it("limits changing the email to an address already registered, as login is limited", async () => {
    const user = await createUser(limited.app, limited.database.db);
    const other = await createUser(t.app, t.database.db);
    const client = httpClient(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await client.post("/api/users/update", { email: other.email }, user.token)).status,
      );
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
  });
});

describe("reset links", () => {
  it("stop working after a password change made in the account", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: user.email });
    const token = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    expect(
      (await http.post("/api/users/update", { password: "changed pw 1" }, user.token)).status,
    ).toBe(200);
    const reset = await http.post<ErrorBody>("/api/auth/reset", { token, password: "taken over" });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe("INVALID_RESET_TOKEN");
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: "changed pw 1" })).status,
    ).toBe(200);
  });

  it("stop working after an email change", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: user.email });
    const token = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    const moved = `moved-${hex()}@example.com`;
    expect((await http.post("/api/users/update", { email: moved }, user.token)).status).toBe(200);
    // The change takes effect when the link mailed to the new address is opened (design.md §7.4).
    const confirm = linkTokenFrom((await lastMailTo(moved))!.textBody, "confirm-email")!;
    expect((await http.post("/api/users/email/confirm", { token: confirm })).status).toBe(200);
    const reset = await http.post<ErrorBody>("/api/auth/reset", { token, password: "taken over" });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe("INVALID_RESET_TOKEN");
  });
});

describe("mail to an address nobody has proven", () => {
  it("carries no words the registrant typed; once a mailed link is used, the reader is greeted by name", async () => {
    const name = "your card was charged £950, dispute at http://evil.example";
    const user = await createUser(t.app, t.database.db, { name });
    const welcome = await lastMailTo(user.email);
    expect(welcome?.type).toBe("register");
    expect(welcome?.textBody).toContain("Dear reader,");
    expect(`${welcome?.subject} ${welcome?.textBody} ${welcome?.htmlBody}`).not.toContain("950");

    await http.post("/api/auth/forget", { email: user.email });
    const resetMail = (await lastMailTo(user.email))!;
    expect(resetMail.textBody).not.toContain("950");
    const token = resetTokenFrom(resetMail.textBody)!;
    expect((await http.post("/api/auth/reset", { token, password: "proven pw" })).status).toBe(200);
    // The address is proven now: the next mail may use the name the reader chose.
    await http.post("/api/auth/forget", { email: user.email });
    expect((await lastMailTo(user.email))?.textBody).toContain(`Dear ${name},`);

    // A new address is unproven until its mailed link is opened: that mail greets no one.
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email,
      password: "proven pw",
    });
    const moved = `moved-${hex()}@example.com`;
    await http.post("/api/users/update", { email: moved }, login.body.token);
    const confirmMail = (await lastMailTo(moved))!;
    expect(confirmMail.type).toBe("email_change_confirm");
    expect(confirmMail.textBody).toContain("Dear reader,");
    expect(`${confirmMail.subject} ${confirmMail.textBody}`).not.toContain("950");
  });
});
