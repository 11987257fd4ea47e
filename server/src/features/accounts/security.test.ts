// Account security (design.md §7.4) over HTTP, on both databases: two-factor sign-in, passkeys'
// refusals, sessions, re-authentication, email change by confirmation and common passwords.
import type { LoginResponse, UpdateUserResponse, UserInfo } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import type {
  EmailLinkResponse,
  LoginAnswer,
  PasskeyOptionsResponse,
  SessionList,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from "@folio/contract/security";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HOUR, MINUTE } from "../../clock";
import { outbox, recoveryCodes, users } from "../../db/schema";
import { createUser, turnOnTwoFactor, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { appRequest, basic } from "../../test/opds-app";
import { lastMailTo as lastMailOf, linkTokenFrom } from "../../test/mail";
import { relyingParty } from "./passkeys";
import { passwordWeakness } from "./password-strength";
import { base32Decode, hotp, totpAt } from "./totp";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
beforeAll(() => {
  http = httpClient(t.app);
});
const lastMailTo = (email: string) => lastMailOf(t.database.db, email);

const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** A call with a User-Agent of its own (app.inject sends "lightMyRequest" otherwise). */
async function callAs(
  userAgent: string,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      "user-agent": userAgent,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Turns two-factor on for `user`; answers the secret and the recovery codes. */
const withTwoFactor = (user: TestUser) => turnOnTwoFactor(t.app, t.clock.now(), user);

const passwordStep = (user: TestUser) =>
  http.post<LoginAnswer>("/api/auth/login", {
    email: user.email,
    password: user.password,
  });

/** Moves the clock to the start of the next 30-second step, so each code there is new. */
const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000));

describe("TOTP (RFC 6238)", () => {
  it("gives the RFC's test values", () => {
    // RFC 6238 appendix B, SHA-1, secret "12345678901234567890": the low 6 of its 8 digits.
    const secret = Buffer.from("12345678901234567890");
    expect(hotp(secret, Math.floor(59 / 30))).toBe("287082");
    expect(hotp(secret, Math.floor(1111111109 / 30))).toBe("081804");
    expect(hotp(secret, Math.floor(1234567890 / 30))).toBe("005924");
    expect(hotp(secret, Math.floor(2000000000 / 30))).toBe("279037");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe(
      "12345678901234567890",
    );
  });
});

describe("two-factor sign-in", () => {
  it("turns on only with a right code, and then login asks for a code and gives no token", async () => {
    const user = await createUser(t.app, t.database.db);
    const off = await http.get<TwoFactorStatus>("/api/users/2fa", user.token);
    expect(off.body).toEqual({ state: "success", enabled: false, recoveryCodesLeft: 0 });
    expect(
      (await http.post<ErrorBody>("/api/users/2fa/enable", { code: "123456" }, user.token)).body
        .code,
    ).toBe("TWO_FACTOR_NOT_STARTED");
    const setup = await http.post<TwoFactorSetupResponse>("/api/users/2fa/setup", {}, user.token);
    expect(setup.body.otpauthUrl).toMatch(
      new RegExp(
        `^otpauth://totp/Folio:${encodeURIComponent(user.email)}\\?secret=${setup.body.secret}&issuer=Folio`,
      ),
    );
    const wrongCode = String(
      (Number(totpAt(setup.body.secret, t.clock.now())) + 1) % 1_000_000,
    ).padStart(6, "0");
    const wrong = await http.post<ErrorBody>(
      "/api/users/2fa/enable",
      { code: wrongCode },
      user.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "WRONG_CODE", field: "code" });
    // Not on yet: the spec's login still answers a token.
    expect((await passwordStep(user)).body.state).toBe("success");

    const enabled = await http.post<TwoFactorEnableResponse>(
      "/api/users/2fa/enable",
      { code: totpAt(setup.body.secret, t.clock.now()) },
      user.token,
    );
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    // Only hashes are kept.
    const stored = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(enabled.body.recoveryCodes[0]!.replace("-", ""));
    expect((await http.get<TwoFactorStatus>("/api/users/2fa", user.token)).body).toEqual({
      state: "success",
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await http.post<ErrorBody>("/api/users/2fa/setup", {}, user.token)).status).toBe(409);

    const login = await passwordStep(user);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(["challenge", "state"]);
    expect(login.body.state).toBe("2fa_required");
  });

  it("accepts each code once, the next step's code after it, and refuses a wrong password as before", async () => {
    const user = await createUser(t.app, t.database.db);
    const { secret } = await withTwoFactor(user);
    // The code that turned it on is spent: the same step's code is refused at login.
    const first = await passwordStep(user);
    if (first.body.state !== "2fa_required") throw new Error("expected a challenge");
    const replayed = await http.post<ErrorBody>("/api/users/login/2fa", {
      challenge: first.body.challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({
      code: "WRONG_CODE",
      message: "That code is not right. Please try again.",
    });
    nextStep();
    const code = totpAt(secret, t.clock.now());
    const signedIn = await http.post<LoginResponse>("/api/users/login/2fa", {
      challenge: first.body.challenge,
      code,
    });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(["UUID", "expiresIn", "state", "token"]);
    expect((await http.get<UserInfo>("/api/users/info", signedIn.body.token)).body.UUID).toBe(
      user.id,
    );
    // The challenge is spent, and the code is too, even with a fresh challenge.
    expect(
      (
        await http.post<ErrorBody>("/api/users/login/2fa", {
          challenge: first.body.challenge,
          code,
        })
      ).body.code,
    ).toBe("CHALLENGE_EXPIRED");
    const second = await passwordStep(user);
    if (second.body.state !== "2fa_required") throw new Error("expected a challenge");
    expect(
      (
        await http.post<ErrorBody>("/api/users/login/2fa", {
          challenge: second.body.challenge,
          code,
        })
      ).body.code,
    ).toBe("WRONG_CODE");
    // One step of drift: the code of the step before now is still taken, once.
    nextStep();
    nextStep();
    const late = totpAt(secret, new Date(t.clock.now().getTime() - 30_000));
    expect(
      (await http.post("/api/users/login/2fa", { challenge: second.body.challenge, code: late }))
        .status,
    ).toBe(200);
    const wrong = await http.post<ErrorBody>("/api/auth/login", {
      email: user.email,
      password: "not the password",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("WRONG_CREDENTIALS");
  });

  it("takes each recovery code once, without case or dash", async () => {
    const user = await createUser(t.app, t.database.db);
    const { recoveryCodes: codes } = await withTwoFactor(user);
    const login = await passwordStep(user);
    if (login.body.state !== "2fa_required") throw new Error("expected a challenge");
    const typed = codes[3]!.replace("-", "").toLowerCase();
    const signedIn = await http.post<LoginResponse>("/api/users/login/2fa", {
      challenge: login.body.challenge,
      recoveryCode: typed,
    });
    expect(signedIn.status).toBe(200);
    expect(
      (await http.get<TwoFactorStatus>("/api/users/2fa", user.token)).body.recoveryCodesLeft,
    ).toBe(9);
    const again = await passwordStep(user);
    if (again.body.state !== "2fa_required") throw new Error("expected a challenge");
    expect(
      (
        await http.post<ErrorBody>("/api/users/login/2fa", {
          challenge: again.body.challenge,
          recoveryCode: codes[3],
        })
      ).body.code,
    ).toBe("WRONG_CODE");
  });

  it("lapses a challenge after five minutes and after five tries", async () => {
    const user = await createUser(t.app, t.database.db);
    const { secret } = await withTwoFactor(user);
    const lapsing = await passwordStep(user);
    if (lapsing.body.state !== "2fa_required") throw new Error("expected a challenge");
    t.clock.advance(5 * MINUTE + 1000);
    const lapsed = await http.post<ErrorBody>("/api/users/login/2fa", {
      challenge: lapsing.body.challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(lapsed.status).toBe(401);
    expect(lapsed.body).toMatchObject({
      code: "CHALLENGE_EXPIRED",
      message: "This sign-in has expired. Please sign in again.",
    });

    const tried = await passwordStep(user);
    if (tried.body.state !== "2fa_required") throw new Error("expected a challenge");
    for (let i = 0; i < 5; i += 1) {
      const wrong = await http.post<ErrorBody>("/api/users/login/2fa", {
        challenge: tried.body.challenge,
        recoveryCode: `WRONG-${i}`,
      });
      expect(wrong.body.code).toBe("WRONG_CODE");
    }
    nextStep();
    // The sixth try, with the right code, finds the challenge spent.
    const sixth = await http.post<ErrorBody>("/api/users/login/2fa", {
      challenge: tried.body.challenge,
      code: totpAt(secret, t.clock.now()),
    });
    expect(sixth.body.code).toBe("CHALLENGE_EXPIRED");
    expect(
      (await http.post<ErrorBody>("/api/users/login/2fa", { challenge: "made-up", code: "123456" }))
        .body.code,
    ).toBe("CHALLENGE_EXPIRED");
    expect(
      (await http.post<ErrorBody>("/api/users/login/2fa", { challenge: tried.body.challenge }))
        .status,
    ).toBe(400);
  });

  it("turns off only with the password once the sign-in is older than ten minutes", async () => {
    const user = await createUser(t.app, t.database.db);
    await withTwoFactor(user);
    t.clock.advance(10 * MINUTE + 1000);
    const bare = await http.post<ErrorBody>("/api/users/2fa/disable", {}, user.token);
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      code: "REAUTH_REQUIRED",
      message: "Please enter your current password to continue.",
      field: "currentPassword",
    });
    const wrong = await http.post<ErrorBody>(
      "/api/users/2fa/disable",
      { currentPassword: "guess" },
      user.token,
    );
    expect(wrong.body).toMatchObject({ code: "WRONG_PASSWORD", field: "currentPassword" });
    expect(
      (await http.post("/api/users/2fa/disable", { currentPassword: user.password }, user.token))
        .status,
    ).toBe(200);
    expect((await passwordStep(user)).body.state).toBe("success");
    expect((await http.get<TwoFactorStatus>("/api/users/2fa", user.token)).body.enabled).toBe(
      false,
    );
  });
});

describe("two-factor sign-in and e-reader apps (issue 26)", () => {
  it("signs out an app that signed in with the password alone when two-factor comes on", async () => {
    const user = await createUser(t.app, t.database.db);
    const withPassword = basic(user.email, user.password);
    expect((await appRequest(t.app, "GET", "/opds/2.0/shelf", withPassword)).status).toBe(200);
    const appSession = async () =>
      (await http.get<SessionList>("/api/users/sessions", user.token)).body.sessions.filter(
        (session) => session.userAgent.startsWith("KOReader"),
      );
    expect(await appSession()).toHaveLength(1);
    await withTwoFactor(user);
    expect(await appSession()).toEqual([]);
    const refused = await appRequest(t.app, "GET", "/opds/2.0/shelf", withPassword);
    expect([refused.status, refused.headers["x-error-code"]]).toEqual([
      401,
      "APP_PASSWORD_REQUIRED",
    ]);
    // The browser session that turned it on is kept.
    expect((await http.get("/api/users/info", user.token)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("lists the reader's sessions with browser, system and address, and ends one or all others", async () => {
    const user = await createUser(t.app, t.database.db);
    const firefox = await callAs(FIREFOX_WINDOWS, "POST", "/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    const firefoxToken = firefox.body.token as string;
    const safari = await callAs(SAFARI_MAC, "POST", "/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    const safariToken = safari.body.token as string;
    const list = await http.get<SessionList>("/api/users/sessions", firefoxToken);
    expect(list.body.sessions).toHaveLength(3);
    const mine = list.body.sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ browser: "Firefox 133", os: "Windows 10", ip: "127.0.0.1" });
    expect(mine.userAgent).toBe(FIREFOX_WINDOWS);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(firefoxToken);

    // Another reader cannot end these.
    const other = await createUser(t.app, t.database.db);
    const theirs = await http.post<ErrorBody>(
      "/api/users/sessions/revoke",
      { sessionId: mine.sessionId },
      other.token,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("SESSION_NOT_FOUND");

    const safariSession = list.body.sessions.find((s) => s.browser.startsWith("Safari"))!;
    expect(
      (
        await http.post(
          "/api/users/sessions/revoke",
          { sessionId: safariSession.sessionId },
          firefoxToken,
        )
      ).status,
    ).toBe(200);
    // The revoked session's very next request is refused.
    expect((await http.get("/api/users/info", safariToken)).status).toBe(401);
    expect((await http.post("/api/cart/get", {}, safariToken)).status).toBe(401);

    const others = await http.post<{ revoked: number }>(
      "/api/users/sessions/revokeOthers",
      undefined,
      firefoxToken,
    );
    expect(others.body.revoked).toBe(1);
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    expect((await http.get("/api/users/info", firefoxToken)).status).toBe(200);
    const left = await http.get<SessionList>("/api/users/sessions", firefoxToken);
    expect(left.body.sessions.map((s) => s.current)).toEqual([true]);
  });

  it("mails the reader about a sign-in from a browser the account has not used, once", async () => {
    const user = await createUser(t.app, t.database.db);
    const mailsOfType = async (type: string) =>
      (
        await t.database.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, user.email), eq(outbox.type, type)))
      ).length;
    // The same browser again: no mail.
    await http.post("/api/auth/login", { email: user.email, password: user.password });
    expect(await mailsOfType("new_sign_in")).toBe(0);
    await callAs(SAFARI_MAC, "POST", "/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(await mailsOfType("new_sign_in")).toBe(1);
    const mail = await lastMailTo(user.email);
    expect(mail?.textBody).toContain("Safari 17 on macOS");
    expect(mail?.textBody).toContain("127.0.0.1");
    // The link goes to Settings, where the sessions list is.
    expect(mail?.textBody).toContain("See your sessions: http://shop.test/user/settings");
    // A newer version of the same browser is not a new browser.
    await callAs(SAFARI_MAC.replace("17.5", "18.1"), "POST", "/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(await mailsOfType("new_sign_in")).toBe(1);
  });

  it("keeps when a session was last used, to within minutes", async () => {
    const user = await createUser(t.app, t.database.db);
    const before = (await http.get<SessionList>("/api/users/sessions", user.token)).body
      .sessions[0]!;
    t.clock.advance(6 * MINUTE);
    await http.get("/api/users/info", user.token);
    const after = (await http.get<SessionList>("/api/users/sessions", user.token)).body
      .sessions[0]!;
    expect(new Date(after.lastSeenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(before.lastSeenAt).getTime() + 6 * MINUTE,
    );
    expect(after.createdAt).toBe(before.createdAt);
  });
});

describe("re-authentication", () => {
  it("lets a fresh session change the password without the old one, and an older one only with it", async () => {
    const user = await createUser(t.app, t.database.db);
    expect(
      (await http.post("/api/users/update", { password: "fresh pass 1" }, user.token)).status,
    ).toBe(200);
    t.clock.advance(10 * MINUTE + 1000);
    const stale = await http.post<ErrorBody>(
      "/api/users/update",
      { password: "fresh pass 2" },
      user.token,
    );
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe("REAUTH_REQUIRED");
    // A name needs no password, at any age.
    expect((await http.post("/api/users/update", { name: "Renamed" }, user.token)).status).toBe(
      200,
    );
    const wrong = await http.post<ErrorBody>(
      "/api/users/update",
      { password: "fresh pass 2", currentPassword: "fresh pass 9" },
      user.token,
    );
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    const right = await http.post<UpdateUserResponse>(
      "/api/users/update",
      { password: "fresh pass 2", currentPassword: "fresh pass 1" },
      user.token,
    );
    expect(right.body).toEqual({
      state: "success",
      message: "Account information updated successfully",
      name: "Renamed",
      email: user.email,
    });
    // The email needs it too.
    const email = await http.post<ErrorBody>(
      "/api/users/update",
      { email: `later-${user.id}@example.com` },
      user.token,
    );
    expect(email.body.code).toBe("REAUTH_REQUIRED");
  });

  it("asks for the password to delete an account signed in over ten minutes ago", async () => {
    const user = await createUser(t.app, t.database.db);
    t.clock.advance(11 * MINUTE);
    const bare = await http.post<ErrorBody>("/api/users/delete", undefined, user.token);
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe("REAUTH_REQUIRED");
    expect((await http.get("/api/users/info", user.token)).status).toBe(200);
    const done = await http.post(
      "/api/users/delete",
      { currentPassword: user.password },
      user.token,
    );
    expect(done.status).toBe(200);
    // A new sign-in is fresh again: no password needed within ten minutes.
    const fresh = await createUser(t.app, t.database.db);
    expect((await http.post("/api/users/delete", undefined, fresh.token)).status).toBe(200);
  });
});

describe("email change by confirmation", () => {
  it("takes effect when the mailed link is opened, tells the old address, and can be undone", async () => {
    const user = await createUser(t.app, t.database.db);
    const second = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    const newEmail = `new-${user.id.slice(0, 8)}@example.com`;
    const asked = await http.post<UpdateUserResponse>(
      "/api/users/update",
      { email: newEmail.toUpperCase() },
      user.token,
    );
    expect(asked.body).toEqual({
      state: "success",
      message: `We have sent a link to ${newEmail}. Your email changes when you open it.`,
      name: user.name,
      email: user.email,
      pendingEmail: newEmail,
    });
    // Nothing has changed yet: the old address still signs in, the new one does not.
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.email).toBe(user.email);
    expect(
      (await http.post("/api/auth/login", { email: newEmail, password: user.password })).status,
    ).toBe(401);
    const confirmMail = (await lastMailTo(newEmail))!;
    expect(confirmMail.type).toBe("email_change_confirm");
    const token = linkTokenFrom(confirmMail.textBody, "confirm-email")!;

    const confirmed = await http.post<EmailLinkResponse>("/api/users/email/confirm", { token });
    expect(confirmed.body).toEqual({
      state: "success",
      message: `Your email address is now ${newEmail}.`,
      email: newEmail,
    });
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.email).toBe(newEmail);
    const again = await http.post<ErrorBody>("/api/users/email/confirm", { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: "EMAIL_LINK_INVALID",
      message: "This link is invalid or has expired.",
    });
    const told = (await lastMailTo(user.email))!;
    expect(told.type).toBe("email_changed");
    expect(told.textBody).toContain(newEmail);
    const undo = linkTokenFrom(told.textBody, "undo-email")!;

    t.clock.advance(23 * HOUR);
    const undone = await http.post<EmailLinkResponse>("/api/users/email/undo", { token: undo });
    expect(undone.status).toBe(200);
    expect(undone.body.email).toBe(user.email);
    // Every session is signed out: whoever made the change may hold one.
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    expect((await http.get("/api/users/info", second.body.token)).status).toBe(401);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(200);
    expect((await http.post("/api/users/email/undo", { token: undo })).status).toBe(400);
  });

  it("refuses a link after 24 hours, a newer link ends an older one, and a taken address is refused", async () => {
    const user = await createUser(t.app, t.database.db);
    const first = `first-${user.id.slice(0, 8)}@example.com`;
    await http.post("/api/users/update", { email: first }, user.token);
    const firstToken = linkTokenFrom((await lastMailTo(first))!.textBody, "confirm-email")!;
    const second = `second-${user.id.slice(0, 8)}@example.com`;
    await http.post("/api/users/update", { email: second }, user.token);
    const secondToken = linkTokenFrom((await lastMailTo(second))!.textBody, "confirm-email")!;
    expect((await http.post("/api/users/email/confirm", { token: firstToken })).status).toBe(400);

    const other = await createUser(t.app, t.database.db);
    expect(
      (await http.post<ErrorBody>("/api/users/update", { email: other.email }, user.token)).body
        .code,
    ).toBe("EMAIL_TAKEN");

    t.clock.advance(24 * HOUR + 1000);
    const late = await http.post<ErrorBody>("/api/users/email/confirm", { token: secondToken });
    expect(late.body.code).toBe("EMAIL_LINK_INVALID");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });
});

describe("common passwords", () => {
  it("are refused on register, reset and settings with design.md's message", async () => {
    expect(await passwordWeakness("password")).toBe("common");
    expect(await passwordWeakness("PassWord")).toBe("common");
    expect(await passwordWeakness("correct horse")).toBeNull();
    const message = "This password is too common. Please choose another.";
    const register = await http.post<ErrorBody>("/api/users/register", {
      name: "N",
      email: `common-${Date.now()}@example.com`,
      password: "qwerty123",
    });
    expect(register.status).toBe(400);
    expect(register.body).toMatchObject({ code: "VALIDATION", message, field: "password" });
    const user = await createUser(t.app, t.database.db);
    const update = await http.post<ErrorBody>(
      "/api/users/update",
      { password: "Password1" },
      user.token,
    );
    expect(update.body).toMatchObject({ message, field: "password" });
    const reset = await http.post<ErrorBody>("/api/auth/reset", {
      token: "made-up",
      password: "iloveyou",
    });
    expect(reset.body).toMatchObject({ message, field: "password" });
    // The spec's rule and message stay, and come first.
    const short = await http.post<ErrorBody>("/api/users/register", {
      name: "N",
      email: `short-${Date.now()}@example.com`,
      password: "12345",
    });
    expect(short.body.message).toBe("Password must be at least 6 characters long");
  });
});

describe("passkeys", () => {
  it("hand out options with a fresh challenge, and refuse an answer that was not made for one", async () => {
    const user = await createUser(t.app, t.database.db);
    const options = await http.post<PasskeyOptionsResponse>(
      "/api/users/passkeys/register/options",
      undefined,
      user.token,
    );
    expect(options.status).toBe(200);
    expect(options.body.options).toMatchObject({ rp: { id: "shop.test", name: "Folio" } });
    expect(options.body.options.challenge.length).toBeGreaterThan(20);
    const login = await http.post<PasskeyOptionsResponse>("/api/users/passkeys/login/options");
    expect(login.body.options).toMatchObject({ rpId: "shop.test" });
    const clientData = (challenge: string) =>
      Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin: "http://shop.test" }),
      ).toString("base64url");
    const forged = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: {
        clientDataJSON: clientData(login.body.options.challenge),
        authenticatorData: "AAAA",
        signature: "AAAA",
      },
      clientExtensionResults: {},
    };
    const refused = await http.post<ErrorBody>("/api/users/passkeys/login/verify", {
      response: forged,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PASSKEY_FAILED");
    // The challenge went with that answer: it cannot be used again.
    expect(
      (await http.post<ErrorBody>("/api/users/passkeys/login/verify", { response: forged })).body
        .code,
    ).toBe("PASSKEY_FAILED");
    const notMade = await http.post<ErrorBody>(
      "/api/users/passkeys/register/verify",
      { response: { ...forged, response: { clientDataJSON: clientData("made-up") } } },
      user.token,
    );
    expect(notMade.body.code).toBe("PASSKEY_FAILED");
    expect((await http.get("/api/users/passkeys", user.token)).body).toEqual({
      state: "success",
      passkeys: [],
    });
    const missing = await http.post<ErrorBody>(
      "/api/users/passkeys/delete",
      { id: 999999 },
      user.token,
    );
    expect(missing.status).toBe(404);
  });

  it("name the shop's host as the relying party, and localhost for a loopback address", () => {
    expect(relyingParty("https://folio.example")).toEqual({
      rpID: "folio.example",
      origins: ["https://folio.example"],
    });
    expect(relyingParty("http://127.0.0.1:4391")).toEqual({
      rpID: "localhost",
      origins: ["http://127.0.0.1:4391", "http://localhost:4391"],
    });
  });
});
