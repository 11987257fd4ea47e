import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readerRows, tokenHash } from "../harness/access-digest";
import { waitForMail } from "../harness/access-mail";
import { rawRequest } from "../harness/access-raw";
import { drainOutbox } from "../harness/verify";
import { AccessScenario } from "./scenario";

const access = AccessScenario.forFile("password reset tokens");

describe("access control, over HTTP, on PostgreSQL: password reset tokens", () => {
  it("takes a password-reset token once, within its hour, and ends every session", async () => {
    const { api, database, figures, mail, server, violations } = access;
    const seen = violations.length;
    const reader = await access.newReader(0);
    const resetToken = async (): Promise<string> => {
      const since = mail.received.length;
      // fetch will not send another Host; the raw request does.
      const asked = await rawRequest(server.base, "/api/auth/forget", {
        method: "POST",
        headers: { host: "evil.example", "content-type": "application/json" },
        body: JSON.stringify({ email: reader.email }),
      });
      expect(asked.status).toBe(200);
      const match = await waitForMail(
        mail,
        since,
        reader.email,
        /(\S+)\/reset-password\?token=([A-Za-z0-9_-]+)/,
      );
      // The link goes to the shop, not to whatever Host the request named.
      access.expectThat(!match[1]!.includes("evil.example"), `reset link points at ${match[1]}`);
      return match[2]!;
    };
    const reset = (token: string, password: string) =>
      api.post("/api/auth/reset", { token, password });
    const canLogin = async (password: string) =>
      (await api.post("/api/auth/login", { email: reader.email, password })).status === 200;

    // An unknown address answers the same and mails nobody.
    const nobody = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const unknown = await api.post("/api/auth/forget", { email: nobody });
    expect(unknown.status).toBe(200);

    const first = await resetToken();
    const before = await readerRows(database, reader.id);
    for (const forged of [
      randomBytes(32).toString("base64url"),
      `${first}x`,
      first.slice(0, -1),
      tokenHash(first),
    ]) {
      const answer = await reset(forged, "forged password 1");
      access.expectThat(answer.status === 400, "forged reset token: expected 400", answer);
      if (answer.status === 400) figures.refusedAsExpected += 1;
    }
    access.expectThat(
      (await readerRows(database, reader.id)) === before,
      "forged reset tokens changed the reader",
    );

    expect((await reset(first, "second password 2")).status).toBe(200);
    access.expectThat(await canLogin("second password 2"), "the new password does not log in");
    access.expectThat(!(await canLogin(reader.password)), "the old password still logs in");
    const oldSession = await api.post("/api/users/info", {}, reader.token);
    access.expectThat(
      oldSession.status === 401,
      "a session from before the reset still works",
      oldSession,
    );
    const again = await reset(first, "third password 3");
    access.expectThat(again.status === 400, "a reset token worked twice", again);
    access.expectThat(!(await canLogin("third password 3")), "the second use changed the password");

    // Of two links in the mailbox, using one ends the other.
    const older = await resetToken();
    const newer = await resetToken();
    expect((await reset(newer, "fifth password 5")).status).toBe(200);
    const stale = await reset(older, "sixth password 6");
    access.expectThat(stale.status === 400, "an older reset link outlived a reset", stale);
    access.expectThat(await canLogin("fifth password 5"), "the older link changed the password");
    figures.refusedAsExpected += 1;

    // An hour later (moved in the database), the token is dead.
    const late = await resetToken();
    await database.query(
      "update password_resets set expires_at = now() - interval '1 second' where token_hash = $1",
      [tokenHash(late)],
    );
    const expired = await reset(late, "fourth password 4");
    access.expectThat(expired.status === 400, "an expired reset token worked", expired);
    access.expectThat(await canLogin("fifth password 5"), "an expired token changed the password");
    figures.refusedAsExpected += 2;
    expect(await drainOutbox(database, 20_000)).toBe(0);
    access.expectThat(
      !mail.received.some((m) => m.to.includes(nobody)),
      "mailed an unknown address",
    );
    expect(violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
