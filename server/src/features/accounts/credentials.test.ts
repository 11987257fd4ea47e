// What a stolen session, a guesser or a second change must not be able to do to an account's
// ways in (issue 43, round three of the outside probe): credentials need a fresh sign-in or the
// password, the owner hears of every change, two-factor codes and passwords are limited per
// account however they are sent, and the old address's undo link outlives a second change.
import type { LoginResponse, UpdateUserResponse } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import {
  TWO_FACTOR_ACCOUNT_TRIES,
  type EmailLinkResponse,
  type AppPasswordCreated,
  type LoginAnswer,
  type PasskeyOptionsResponse,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from "@folio/contract/security";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { HOUR, MINUTE } from "../../clock";
import { passkeys, rateLimitHits } from "../../db/schema";
import type { RateLimiter } from "../../rate-limit";
import { createUser, turnOnTwoFactor, type TestUser } from "../../test/accounts";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { lastMailTo as lastMailOf, linkTokenFrom, resetTokenFrom } from "../../test/mail";
import { checkLoginLimits } from "./service";
import { totpAt } from "./totp";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
/** The same shop with login's limit at 5 a minute, so a few requests reach it. */
let limited: TestApp;
beforeAll(async () => {
  http = httpClient(t.app);
  limited = await createTestApp({ AUTH_RATE_LIMIT: "5" }, { shareDatabaseWith: t });
});
afterAll(async () => {
  await limited.close();
});

/** A JSON POST from a given source address; its status. */
const postFrom = async (app: TestApp, from: string, url: string, body: unknown) =>
  (await httpClient(app.app, from).post(url, body)).status;
const lastMailTo = (email: string) => lastMailOf(t.database.db, email);

describe("the undo link mailed to the old address", () => {
  it("still puts the address back after a second change", async () => {
    const user = await createUser(t.app, t.database.db);
    const tag = user.id.slice(0, 8);
    const first = `first-${tag}@example.com`;
    expect(
      (await http.post<UpdateUserResponse>("/api/users/update", { email: first }, user.token))
        .status,
    ).toBe(200);
    const confirm = linkTokenFrom((await lastMailTo(first))!.textBody, "confirm-email")!;
    expect((await http.post("/api/users/email/confirm", { token: confirm })).status).toBe(200);
    const undo = linkTokenFrom((await lastMailTo(user.email))!.textBody, "undo-email")!;

    // Whoever holds the session moves the address on again, before the owner reads their mail.
    const second = `second-${tag}@example.com`;
    expect((await http.post("/api/users/update", { email: second }, user.token)).status).toBe(200);
    const secondConfirm = linkTokenFrom((await lastMailTo(second))!.textBody, "confirm-email")!;

    t.clock.advance(HOUR);
    const undone = await http.post<EmailLinkResponse>("/api/users/email/undo", { token: undo });
    expect(undone.status).toBe(200);
    expect(undone.body.email).toBe(user.email);
    // The undo ends what was pending: the second change can no longer be made.
    const late = await http.post<ErrorBody>("/api/users/email/confirm", { token: secondConfirm });
    expect(late.body.code).toBe("EMAIL_LINK_INVALID");
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(login.status).toBe(200);
  });

  it("survives the second change being confirmed too, within its 24 hours", async () => {
    const user = await createUser(t.app, t.database.db);
    const tag = user.id.slice(0, 8);
    const first = `one-${tag}@example.com`;
    await http.post("/api/users/update", { email: first }, user.token);
    const confirm = linkTokenFrom((await lastMailTo(first))!.textBody, "confirm-email")!;
    await http.post("/api/users/email/confirm", { token: confirm });
    const undo = linkTokenFrom((await lastMailTo(user.email))!.textBody, "undo-email")!;
    const second = `two-${tag}@example.com`;
    await http.post("/api/users/update", { email: second }, user.token);
    const secondConfirm = linkTokenFrom((await lastMailTo(second))!.textBody, "confirm-email")!;
    expect((await http.post("/api/users/email/confirm", { token: secondConfirm })).status).toBe(
      200,
    );

    t.clock.advance(23 * HOUR);
    const undone = await http.post<EmailLinkResponse>("/api/users/email/undo", { token: undo });
    expect(undone.status).toBe(200);
    expect(undone.body.email).toBe(user.email);
  });
});

describe("login limits under parallel requests", () => {
  /** The failures a key holds in the last minute (each a password checked and found wrong). */
  async function failuresOf(key: string): Promise<number> {
    const [row] = await t.database.db
      .select({ n: sql<number>`cardinality(${rateLimitHits.hits})::int` })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, key));
    return row?.n ?? 0;
  }

  it("checks one password from a fresh source of an account under attack, however many arrive at once", async () => {
    const owner = await createUser(t.app, t.database.db);
    for (let i = 0; i < 5; i += 1)
      await postFrom(limited, `10.43.${i}.1`, "/api/auth/login", {
        email: owner.email,
        password: `wrong ${i}`,
      });
    // Five guesses together, from a source the account has not seen: one is checked.
    const statuses = await Promise.all(
      ["guess a", "guess b", "guess c", "guess d", "guess e"].map((password) =>
        postFrom(limited, "10.43.99.1", "/api/auth/login", { email: owner.email, password }),
      ),
    );
    expect(statuses).toEqual([429, 429, 429, 429, 429]);
    expect(await failuresOf(`login:failed:${owner.email}:10.43.99.1`)).toBe(1);
    // The owner, from a clean source, still gets in.
    expect(
      await postFrom(limited, "10.43.100.1", "/api/auth/login", {
        email: owner.email,
        password: owner.password,
      }),
    ).toBe(200);
  });

  it("keeps an account under attack when guesses sent together are refused one after another", async () => {
    const owner = await createUser(t.app, t.database.db);
    for (let i = 0; i < 5; i += 1)
      (await checkLoginLimits(limited.ctx, owner.email, `10.48.0.${i}`)).failed();
    // Five guesses from one source, each counted against the account before any is placed
    // against its source: the order in which a busy server once ran them.
    const source = "10.48.1.1";
    let arrived = 0;
    let allArrived = () => {};
    const together = new Promise<void>((resolve) => (allArrived = resolve));
    const rateLimiter: RateLimiter = {
      hit: (keys, limit) => limited.ctx.rateLimiter.hit(keys, limit),
      reserve: async (key, limit, options) => {
        if (key.endsWith(`:${source}`)) {
          arrived += 1;
          if (arrived === 5) allArrived();
          await together;
        }
        return limited.ctx.rateLimiter.reserve(key, limit, options);
      },
    };
    const guesses = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        checkLoginLimits({ ...limited.ctx, rateLimiter }, owner.email, source),
      ),
    );
    expect(guesses.filter((guess) => guess.status === "fulfilled")).toHaveLength(1);
    // The refused guesses still count: the next source finds the account under attack.
    const next = await checkLoginLimits(limited.ctx, owner.email, "10.48.2.1");
    expect(next.underAttack).toBe(true);
  });

  it("keeps an account under attack while guesses keep coming, past the first minute's", async () => {
    const owner = await createUser(t.app, t.database.db);
    const guess = (from: string) =>
      postFrom(limited, from, "/api/auth/login", { email: owner.email, password: "a guess" });
    for (let i = 0; i < 5; i += 1) expect(await guess(`10.47.0.${i}`)).toBe(401);
    limited.clock.advance(30_000);
    // Under attack: a fresh source's one guess is answered 429, and counted.
    for (let i = 0; i < 5; i += 1) expect(await guess(`10.47.1.${i}`)).toBe(429);
    // The first five have left the window; the five since keep the account under attack.
    limited.clock.advance(31_000);
    expect(await guess("10.47.2.1")).toBe(429);
  });
});

describe("two-factor codes counted per account", () => {
  const withTwoFactor = (user: TestUser) => turnOnTwoFactor(t.app, t.clock.now(), user);

  /** The password step from `from`: a challenge. */
  async function challengeFor(user: TestUser, from: string): Promise<string> {
    const { body } = await httpClient(t.app, from).post<LoginAnswer>("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    if (body.state !== "2fa_required") throw new Error(JSON.stringify(body));
    return body.challenge;
  }

  it("locks the app's codes after the account's tenth wrong one, whatever the source, and mails the owner", async () => {
    const user = await createUser(t.app, t.database.db);
    const { secret, recoveryCodes } = await withTwoFactor(user);
    const right = () => totpAt(secret, t.clock.now());
    const wrong = () => String((Number(right()) + 500_000) % 1_000_000).padStart(6, "0");
    // Two wrong codes from each of five sources, each with its own challenge: no challenge and
    // no source reaches its own limit.
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_TRIES; i += 1) {
      const challenge = await challengeFor(user, `10.45.${i % 5}.1`);
      const answer = await http.post<ErrorBody>("/api/users/login/2fa", {
        challenge,
        code: wrong(),
      });
      expect(answer.body.code).toBe("WRONG_CODE");
    }
    // A code the app shows now, not yet used, is refused all the same.
    t.clock.advance(30_000);
    const locked = await http.post<ErrorBody>("/api/users/login/2fa", {
      challenge: await challengeFor(user, "10.45.9.1"),
      code: right(),
    });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({
      code: "TWO_FACTOR_LOCKED",
      message:
        "Too many wrong codes have been entered for this account. Please use one of your recovery codes.",
    });
    const told = (await lastMailTo(user.email))!;
    expect(told.type).toBe("two_factor_locked");
    expect(told.textBody).toContain(`${TWO_FACTOR_ACCOUNT_TRIES} wrong codes`);

    // The right password and a recovery code sign in, and lift the lock.
    const recovered = await http.post<LoginResponse>("/api/users/login/2fa", {
      challenge: await challengeFor(user, "10.45.9.1"),
      recoveryCode: recoveryCodes[0],
    });
    expect(recovered.status).toBe(200);
    t.clock.advance(30_000);
    const again = await http.post<LoginResponse>("/api/users/login/2fa", {
      challenge: await challengeFor(user, "10.45.9.1"),
      code: right(),
    });
    expect(again.status).toBe(200);
  });

  it("starts the count again after a right code", async () => {
    const user = await createUser(t.app, t.database.db);
    const { secret } = await withTwoFactor(user);
    const right = () => totpAt(secret, t.clock.now());
    const wrong = () => String((Number(right()) + 500_000) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < TWO_FACTOR_ACCOUNT_TRIES - 1; i += 1)
        await http.post("/api/users/login/2fa", {
          challenge: await challengeFor(user, "10.46.0.1"),
          code: wrong(),
        });
      t.clock.advance(30_000);
      const signedIn = await http.post<LoginResponse>("/api/users/login/2fa", {
        challenge: await challengeFor(user, "10.46.0.1"),
        code: right(),
      });
      expect(signedIn.status).toBe(200);
    }
  });
});

describe("a stolen session cannot make itself a new way in", () => {
  const stale = () => t.clock.advance(10 * MINUTE + 1000);
  const REAUTH = {
    code: "REAUTH_REQUIRED",
    message: "Please enter your current password to continue.",
  };

  it("needs the password for two-factor, a passkey and an app password once the sign-in is old", async () => {
    const user = await createUser(t.app, t.database.db);
    stale();
    const calls: [string, Record<string, unknown>][] = [
      ["/api/users/2fa/setup", {}],
      ["/api/users/2fa/enable", { code: "123456" }],
      ["/api/users/passkeys/register/options", {}],
      [
        "/api/users/passkeys/register/verify",
        {
          response: {
            id: "a",
            rawId: "a",
            type: "public-key",
            response: { clientDataJSON: "e30" },
          },
        },
      ],
      ["/api/users/app-passwords", { name: "KOReader" }],
    ];
    for (const [url, body] of calls) {
      const bare = await http.post<ErrorBody>(url, body, user.token);
      expect(bare.status, url).toBe(403);
      expect(bare.body, url).toMatchObject(REAUTH);
      const wrong = await http.post<ErrorBody>(
        url,
        { ...body, currentPassword: "not it" },
        user.token,
      );
      expect(wrong.body.code, url).toBe("WRONG_PASSWORD");
    }
    // Nothing was made.
    expect(
      (await http.get<{ appPasswords: unknown[] }>("/api/users/app-passwords", user.token)).body
        .appPasswords,
    ).toEqual([]);

    // With the password, each goes on; and the owner hears of what was added.
    const currentPassword = user.password;
    const setup = await http.post<TwoFactorSetupResponse>(
      "/api/users/2fa/setup",
      { currentPassword },
      user.token,
    );
    expect(setup.status).toBe(200);
    const enabled = await http.post<TwoFactorEnableResponse>(
      "/api/users/2fa/enable",
      { code: totpAt(setup.body.secret, t.clock.now()), currentPassword },
      user.token,
    );
    expect(enabled.status).toBe(200);
    const onMail = (await lastMailTo(user.email))!;
    expect(onMail.type).toBe("security_change");
    expect(onMail.subject).toBe("Two-factor sign-in is on for your Folio account");
    const options = await http.post<PasskeyOptionsResponse>(
      "/api/users/passkeys/register/options",
      { currentPassword },
      user.token,
    );
    expect(options.status).toBe(200);
    expect(options.body.options.challenge).toEqual(expect.any(String));
    const made = await http.post<AppPasswordCreated>(
      "/api/users/app-passwords",
      { name: "KOReader", currentPassword },
      user.token,
    );
    expect(made.status).toBe(200);
    const appMail = (await lastMailTo(user.email))!;
    expect(appMail.subject).toBe("An app password was made for your Folio account");
    expect(appMail.textBody).toContain("An app password named “KOReader” was made");
  });

  it("mails the owner when the password is changed in Settings", async () => {
    const user = await createUser(t.app, t.database.db);
    const changed = await http.post<UpdateUserResponse>(
      "/api/users/update",
      { password: "a new walnut tree 7" },
      user.token,
    );
    expect(changed.status).toBe(200);
    const mail = (await lastMailTo(user.email))!;
    expect(mail.type).toBe("security_change");
    expect(mail.subject).toBe("Your Folio password was changed");
    expect(mail.textBody).toContain("Your password was changed on");
  });

  it("ends every session, app password and passkey on a reset, keeps two-factor, and says so", async () => {
    const user = await createUser(t.app, t.database.db);
    await turnOnTwoFactor(t.app, t.clock.now(), user);
    const app = await http.post<AppPasswordCreated>(
      "/api/users/app-passwords",
      { name: "KOReader" },
      user.token,
    );
    // A passkey as registration stores it (the ceremony itself is the browser's: e2e).
    await t.database.db.insert(passkeys).values({
      userId: user.id,
      credentialId: `cred-${user.id}`,
      publicKey: "AAAA",
      counter: 0,
      transports: [],
      name: "Mallory's key",
      createdAt: t.clock.now(),
    });

    expect((await http.post("/api/auth/forget", { email: user.email })).status).toBe(200);
    const token = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    const password = "a fresh walnut tree 9";
    expect((await http.post("/api/auth/reset", { token, password })).status).toBe(200);

    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    const opds = await t.app.inject({
      method: "GET",
      url: "/opds/2.0/shelf",
      headers: { authorization: `Bearer ${app.body.password}` },
    });
    expect(opds.statusCode).toBe(401);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual(
      [],
    );
    const mail = (await lastMailTo(user.email))!;
    expect(mail.subject).toBe("Your Folio password was changed");
    expect(mail.textBody).toContain("Every session and app password was signed out.");
    expect(mail.textBody).toContain("The passkey on your account was removed");
    // Two-factor is still on: the new password alone does not sign in.
    const login = await http.post<LoginAnswer>("/api/auth/login", { email: user.email, password });
    expect(login.body.state).toBe("2fa_required");
  });
});
