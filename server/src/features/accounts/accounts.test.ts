import type {
  LoginResponse,
  RegisterResponse,
  SimpleSuccess,
  UpdateUserResponse,
  UserInfo,
} from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR, MINUTE } from "../../clock";
import { sessions, users } from "../../db/schema";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { lastMailTo as lastMailOf, linkTokenFrom, resetTokenFrom } from "../../test/mail";
import { createUser } from "../../test/accounts";
import { hashOf } from "./tokens";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});

const uniqueEmail = (label: string) =>
  `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

const lastMailTo = (email: string) => lastMailOf(t.database.db, email);

describe("register", () => {
  it("creates an account with a zero balance, trimmed email, and writes the welcome mail", async () => {
    const email = uniqueEmail("ada");
    const { status, body } = await http.post<RegisterResponse>("/api/users/register", {
      name: "  Ada Lovelace ",
      email: `  ${email} `,
      password: "analytical engine",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: "success", name: "Ada Lovelace", email });
    expect(body.UUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.createdat).toISOString()).toBe(body.createdat);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.UUID));
    expect(row?.balancePence).toBe(0);
    // At the cost the test app sets (PASSWORD_HASH_COST=10); passwords.test.ts checks the shop's.
    expect(row?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(row?.passwordHash).not.toContain("analytical");

    const mail = await lastMailTo(email);
    expect(mail).toMatchObject({ type: "register", subject: "Welcome to Folio", sentAt: null });
    // The address is unproven: the welcome carries no text the registrant typed.
    expect(mail?.textBody).toContain("Dear reader,");
    expect(mail?.textBody).not.toContain("Ada Lovelace");
  });

  it("refuses an email already registered, in any case, with the spec's message", async () => {
    const email = uniqueEmail("dup");
    expect(
      (await http.post("/api/users/register", { name: "A", email, password: "walnut-pass1" }))
        .status,
    ).toBe(200);
    const again = await http.post<ErrorBody>("/api/users/register", {
      name: "B",
      email: email.toUpperCase(),
      password: "second secret 2",
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      state: "error",
      code: "EMAIL_TAKEN",
      message: "Email has already been registered",
    });
  });

  it.each([
    [{ email: "a@b.co", password: "walnut-pass1" }, "Please fill in all fields"],
    [{ name: "  ", email: "a@b.co", password: "walnut-pass1" }, "Please fill in all fields"],
    [{ name: "A", email: "", password: "walnut-pass1" }, "Please fill in all fields"],
    [{ name: "A", email: "a@b.co" }, "Please fill in all fields"],
    [
      { name: "A", email: "not-an-email", password: "walnut-pass1" },
      "Please enter a valid email address",
    ],
    [
      { name: "A", email: "a b@c.de", password: "walnut-pass1" },
      "Please enter a valid email address",
    ],
    [
      { name: "A", email: "a@b.co", password: "12345" },
      "Password must be at least 6 characters long",
    ],
    [
      { name: "A".repeat(101), email: "a@b.co", password: "walnut-pass1" },
      "Name must be at most 100 characters long",
    ],
    [{ name: 42, email: "a@b.co", password: "walnut-pass1" }, "Please fill in all fields"],
  ])("refuses %j with %j", async (payload, message) => {
    const { status, body } = await http.post<ErrorBody>("/api/users/register", payload);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: "error", code: "VALIDATION", message });
  });
});

describe("login and sessions", () => {
  it("answers a token valid 30 days that opens users/info by GET and POST", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Grace Hopper" });
    const login = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      state: "success",
      expiresIn: 30 * 24 * 3600,
      UUID: user.id,
    });
    expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const info of [
      await http.get<UserInfo>("/api/users/info", login.body.token),
      await http.post<UserInfo>("/api/users/info", undefined, login.body.token),
    ]) {
      expect(info.status).toBe(200);
      expect(info.body).toEqual({
        state: "success",
        UUID: user.id,
        name: "Grace Hopper",
        email: user.email,
        balance: 0,
        createdat: expect.any(String) as string,
        role: "reader",
      });
    }
  });

  it("stores only a hash of the token", async () => {
    const user = await createUser(t.app, t.database.db);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashOf(user.token));
    expect(rows.map((r) => r.tokenHash)).not.toContain(user.token);
  });

  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const user = await createUser(t.app, t.database.db);
    const wrong = await http.post<ErrorBody>("/api/auth/login", {
      email: user.email,
      password: "not the password",
    });
    const unknown = await http.post<ErrorBody>("/api/auth/login", {
      email: uniqueEmail("nobody"),
      password: "whatever1",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Incorrect email or password.");
  });

  it("refuses calls without a token, with a forged one, and after 30 days", async () => {
    const user = await createUser(t.app, t.database.db);
    expect((await http.get("/api/users/info")).status).toBe(401);
    expect(
      (await http.get<ErrorBody>("/api/users/info", "forged-token-forged-token-forged-token-xx"))
        .body,
    ).toMatchObject({ code: "UNAUTHORIZED" });
    t.clock.advance(30 * DAY - MINUTE);
    expect((await http.get("/api/users/info", user.token)).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    t.clock.set(new Date());
  });

  it("logout revokes that session only", async () => {
    const user = await createUser(t.app, t.database.db);
    const second = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    const out = await http.post<SimpleSuccess>("/api/auth/logout", undefined, user.token);
    expect(out).toMatchObject({ status: 200, body: { state: "success" } });
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    expect((await http.get("/api/users/info", second.body.token)).status).toBe(200);
    expect((await http.post("/api/auth/logout", undefined, user.token)).status).toBe(401);
  });
});

describe("users/update", () => {
  it("changes only the fields sent; a blank password leaves it as it is", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Old Name" });
    const { status, body } = await http.post<UpdateUserResponse>(
      "/api/users/update",
      { name: "New Name", password: "" },
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      state: "success",
      message: "Account information updated successfully",
      name: "New Name",
      email: user.email,
    });
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it("changes the email, and refuses one another account has in any case", async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    const taken = await http.post<ErrorBody>(
      "/api/users/update",
      { email: other.email.toUpperCase() },
      user.token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("Email has already been registered");
    const fresh = uniqueEmail("moved");
    const moved = await http.post<UpdateUserResponse>(
      "/api/users/update",
      { email: fresh },
      user.token,
    );
    // design.md §7.4: the new address takes effect when the link mailed to it is opened.
    expect(moved.body).toMatchObject({ email: user.email, pendingEmail: fresh });
    const token = linkTokenFrom((await lastMailTo(fresh))!.textBody, "confirm-email")!;
    const confirmed = await http.post("/api/users/email/confirm", { token });
    expect(confirmed.body).toMatchObject({ state: "success", email: fresh });
    expect((await http.get<UserInfo>("/api/users/info", user.token)).body.email).toBe(fresh);
    expect(
      (await http.post("/api/auth/login", { email: fresh, password: user.password })).status,
    ).toBe(200);
  });

  it("a new password ends every other session but this one", async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await http.post<LoginResponse>("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(
      (await http.post("/api/users/update", { password: "brand new pw" }, user.token)).status,
    ).toBe(200);
    expect((await http.get("/api/users/info", user.token)).status).toBe(200);
    expect((await http.get("/api/users/info", other.body.token)).status).toBe(401);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: "brand new pw" })).status,
    ).toBe(200);
  });

  it.each([
    [{}, "Please fill at least one field to update"],
    [{ name: " ", email: "", password: "" }, "Please fill at least one field to update"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ password: "123" }, "Password must be at least 6 characters long"],
  ])("refuses %j", async (payload, message) => {
    const user = await createUser(t.app, t.database.db);
    const { status, body } = await http.post<ErrorBody>("/api/users/update", payload, user.token);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("needs a login", async () => {
    expect((await http.post("/api/users/update", { name: "X" })).status).toBe(401);
  });
});

describe("users/delete", () => {
  it("deletes the account, ends its sessions, and frees the email", async () => {
    const user = await createUser(t.app, t.database.db);
    const { status, body } = await http.post<SimpleSuccess>(
      "/api/users/delete",
      undefined,
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ state: "success", message: "Account deleted successfully" });
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(
      [],
    );
    expect(
      (
        await http.post("/api/users/register", {
          name: "Again",
          email: user.email,
          password: "another life 1",
        })
      ).status,
    ).toBe(200);
  });
});

describe("password reset", () => {
  it("answers the same for unknown and known emails, mailing only a known one", async () => {
    const user = await createUser(t.app, t.database.db);
    const unknownEmail = uniqueEmail("ghost");
    const unknown = await http.post<SimpleSuccess>("/api/auth/forget", { email: unknownEmail });
    const known = await http.post<SimpleSuccess>("/api/auth/forget", { email: user.email });
    expect(unknown).toEqual(known);
    expect(known.status).toBe(200);
    expect(await lastMailTo(unknownEmail)).toBeUndefined();
    const mail = await lastMailTo(user.email);
    expect(mail?.type).toBe("password_reset");
    expect(mail?.textBody).toContain("http://shop.test/reset-password?token=");
  });

  it("sets the new password once, ends every session, and the link then stops working", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: user.email });
    const token = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    const reset = await http.post<SimpleSuccess>("/api/auth/reset", {
      token,
      password: "reset pass 1",
    });
    expect(reset.status).toBe(200);
    expect((await http.get("/api/users/info", user.token)).status).toBe(401);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: "reset pass 1" })).status,
    ).toBe(200);
    const again = await http.post<ErrorBody>("/api/auth/reset", {
      token,
      password: "reset pass 2",
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_RESET_TOKEN");
  });

  it("expires after an hour", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: user.email });
    const token = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    t.clock.advance(HOUR + MINUTE);
    const late = await http.post<ErrorBody>("/api/auth/reset", { token, password: "too late 1" });
    t.clock.set(new Date());
    expect(late.status).toBe(400);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(200);
  });

  it("ends the account's other reset links once one is used", async () => {
    const user = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: user.email });
    const older = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    await http.post("/api/auth/forget", { email: user.email });
    const newer = resetTokenFrom((await lastMailTo(user.email))!.textBody)!;
    expect(newer).not.toBe(older);
    expect(
      (await http.post("/api/auth/reset", { token: newer, password: "newer pass 1" })).status,
    ).toBe(200);
    const stale = await http.post<ErrorBody>("/api/auth/reset", {
      token: older,
      password: "older pass 1",
    });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe("INVALID_RESET_TOKEN");
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: "newer pass 1" })).status,
    ).toBe(200);
  });

  it("refuses a made-up token and a short password", async () => {
    expect(
      (
        await http.post<ErrorBody>("/api/auth/reset", {
          token: "made-up",
          password: "walnut-pass1",
        })
      ).body.code,
    ).toBe("INVALID_RESET_TOKEN");
    expect(
      (await http.post<ErrorBody>("/api/auth/reset", { token: "made-up", password: "123" })).body
        .message,
    ).toBe("Password must be at least 6 characters long");
  });
});

describe("rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("answers 429 with a clear message past the limit per minute, and lets through after it", async () => {
    const client = httpClient(limited.app);
    const attempt = () =>
      client.post<ErrorBody>("/api/auth/login", {
        email: "someone@example.com",
        password: "wrong pw",
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "Too many requests. Please wait a minute and try again.",
    });
    limited.clock.advance(61_000);
    expect((await attempt()).status).toBe(401);
  });

  it("limits register and forget too", async () => {
    const client = httpClient(limited.app);
    limited.clock.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await client.post("/api/auth/forget", { email: "x@example.com" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    limited.clock.advance(61_000);
    const reg: number[] = [];
    for (let i = 0; i < 4; i += 1)
      reg.push(
        (
          await client.post("/api/users/register", {
            name: "R",
            email: uniqueEmail("r"),
            password: "walnut-pass1",
          })
        ).status,
      );
    expect(reg).toEqual([200, 200, 200, 429]);
  });

  it("limits reset attempts per address, whatever token each one guesses", async () => {
    const client = httpClient(limited.app);
    limited.clock.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (
          await client.post("/api/auth/reset", {
            token: `guess-${i}-${"x".repeat(40)}`,
            password: "guessed pass 1",
          })
        ).status,
      );
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
