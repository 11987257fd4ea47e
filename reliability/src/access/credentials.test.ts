import { describe, expect, it } from "vitest";
import { readerRows, tokenHash } from "../harness/access-digest";
import { waitForMail } from "../harness/access-mail";
import type { Reader } from "../harness/client";
import { AccessScenario, expectOk } from "./scenario";

const access = AccessScenario.forFile("credentials");

/** Makes a session as old as a stolen one: signed in longer ago than the 10-minute window. */
async function ageSession(reader: Reader) {
  await access.database.query(
    "update sessions set created_at = now() - interval '11 minutes' where token_hash = $1",
    [tokenHash(reader.token)],
  );
}

/** Every call that makes a new way into an account (issue 43), as a stolen session would send it. */
const credentialCalls: [string, Record<string, unknown>][] = [
  ["/api/users/2fa/setup", {}],
  ["/api/users/2fa/enable", { code: "123456" }],
  ["/api/users/passkeys/register/options", {}],
  [
    "/api/users/passkeys/register/verify",
    {
      response: {
        id: "bWFsbG9yeQ",
        rawId: "bWFsbG9yeQ",
        type: "public-key",
        response: { clientDataJSON: "e30" },
      },
    },
  ],
  ["/api/users/app-passwords", { name: "Mallory's reader" }],
];

describe("access control, over HTTP, on PostgreSQL: credentials", () => {
  it("refuses a stale session every new way in without the password, changing nothing", async () => {
    const { api, database, figures, violations } = access;
    const seen = violations.length;
    const victim = await access.newVictim();
    await ageSession(victim);
    const before = await readerRows(database, victim.id);
    for (const [url, body] of credentialCalls) {
      for (const [kind, sent] of [
        ["no password", body],
        ["a wrong password", { ...body, currentPassword: "stolen sessions know no password" }],
      ] as const) {
        const answer = await api.post<{ code?: string }>(url, sent, victim.token);
        const expected = kind === "no password" ? "REAUTH_REQUIRED" : "WRONG_PASSWORD";
        const refused = answer.status === 403 && answer.body.code === expected;
        access.expectThat(refused, `a stale session with ${kind} → ${url}`, answer);
        if (refused) figures.refusedAsExpected += 1;
      }
    }
    access.expectThat(
      (await readerRows(database, victim.id)) === before,
      "a stale session's refused calls changed the account",
    );
    // With the password, the owner goes on: the gate is the password, not the call.
    const made = await api.post<{ password: string }>(
      "/api/users/app-passwords",
      { name: "Owner's reader", currentPassword: victim.password },
      victim.token,
    );
    await expectOk(made, "app password with the current password");
    expect(violations.slice(seen)).toEqual([]);
  });

  it("ends every session, app password and passkey on a password reset", async () => {
    const { api, database, mail, violations } = access;
    const seen = violations.length;
    const victim = await access.newVictim();
    const app = await api.post<{ password: string }>(
      "/api/users/app-passwords",
      { name: "KOReader" },
      victim.token,
    );
    await expectOk(app, "app password");
    const since = mail.received.length;
    await expectOk(await api.post("/api/auth/forget", { email: victim.email }), "forget");
    const token = (
      await waitForMail(mail, since, victim.email, /reset-password\?token=([A-Za-z0-9_-]+)/)
    )[1]!;
    const password = "a walnut tree by the river 7";
    await expectOk(await api.post("/api/auth/reset", { token, password }), "reset");
    victim.password = password;

    access.expectThat(
      (await api.get("/api/users/info", victim.token)).status === 401,
      "a session outlived the reset",
    );
    const shelf = await api.call("GET", "/opds/2.0/shelf", {
      headers: { authorization: `Bearer ${app.body.password}` },
    });
    access.expectThat(shelf.status === 401, "an app password outlived the reset", shelf);
    const [keys] = await database.query<{ n: number }>(
      "select count(*)::int as n from passkeys where user_id = $1",
      [victim.id],
    );
    access.expectThat(keys?.n === 0, `${keys?.n} passkeys outlived the reset`);
    await waitForMail(mail, since, victim.email, /Every session and app password was signed out/);
    expect(violations.slice(seen)).toEqual([]);
  });

  it("never shows staff a live link's secret in the outbox, and audits each mail read", async () => {
    const { api, database, figures, mail, violations } = access;
    const seen = violations.length;
    const admin = await access.newReader(0);
    const librarian = await access.newReader(0);
    await database.query("update users set role = 'admin' where id = $1", [admin.id]);
    await database.query("update users set role = 'librarian' where id = $1", [librarian.id]);
    const since = mail.received.length;
    await expectOk(await api.post("/api/auth/forget", { email: admin.email }), "forget");
    const secret = (
      await waitForMail(mail, since, admin.email, /reset-password\?token=([A-Za-z0-9_-]+)/)
    )[1]!;

    const list = await api.get<{ mails: { mailId: string }[] }>(
      `/api/admin/mail?q=${encodeURIComponent(admin.email)}`,
      librarian.token,
    );
    await expectOk(list, "the outbox");
    access.expectThat(!list.text.includes(secret), "the outbox list showed a reset token");
    for (const { mailId } of list.body.mails) {
      const one = await api.get(`/api/admin/mail/get?mailId=${mailId}`, librarian.token);
      await expectOk(one, "one mail");
      access.expectThat(!one.text.includes(secret), `mail ${mailId} showed the reset token`);
      if (!one.text.includes(secret)) figures.refusedAsExpected += 1;
    }
    // What the librarian saw does not reset the admin's password.
    const hidden = await api.post("/api/auth/reset", {
      token: "[hidden]",
      password: "taken over by staff 1",
    });
    access.expectThat(hidden.status === 400, "the hidden token reset a password", hidden);
    const [reads] = await database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'mail.read' and actor_id = $1",
      [librarian.id],
    );
    access.expectThat(
      reads?.n === list.body.mails.length,
      `${reads?.n} audit rows for ${list.body.mails.length} mails read`,
    );
    // The admin's own link still works: hiding it from staff took nothing from its owner.
    await expectOk(
      await api.post("/api/auth/reset", { token: secret, password: "the admin's own choice 3" }),
      "the admin's reset",
    );
    admin.password = "the admin's own choice 3";
    expect(violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
