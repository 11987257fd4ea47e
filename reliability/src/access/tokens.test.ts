import { createHmac, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { readerRows, tokenHash } from "../harness/access-digest";
import { AccessScenario, expectOk, ownedCalls, type Victim } from "./scenario";

const access = AccessScenario.forFile("tokens");

interface Credential {
  kind: string;
  headers: Record<string, string>;
  /** added to the query string */
  query?: string;
}

let victim: Victim;
let credentials: Credential[];

/**
 * Tokens that must open nothing: none, garbage, forged ones of the right shape, the victim's
 * own sessions once expired, logged out or ended by a password change, a deleted account's,
 * and the victim's live token offered anywhere but the Authorization header.
 */
async function deadCredentials(v: Victim): Promise<Credential[]> {
  const { api } = access;
  // A password change ends every other session, so make that one first.
  const beforePasswordChange = await access.login(v.email, v.password);
  const newPassword = `${v.password} changed`;
  await expectOk(
    await api.post("/api/users/update", { password: newPassword }, v.token),
    "password change",
  );
  v.password = newPassword;
  const expired = await access.login(v.email, v.password);
  await access.database.query(
    "update sessions set expires_at = now() - interval '1 second' where token_hash = $1",
    [tokenHash(expired)],
  );
  const loggedOut = await access.login(v.email, v.password);
  await expectOk(await api.post("/api/auth/logout", {}, loggedOut), "logout");
  // A session the victim ended from the sessions list (design.md §7.4).
  const endedFromList = await access.login(v.email, v.password);
  const [ended] = await access.database.query<{ id: string }>(
    "select id::text from sessions where token_hash = $1",
    [tokenHash(endedFromList)],
  );
  await expectOk(
    await api.post("/api/users/sessions/revoke", { sessionId: ended!.id }, v.token),
    "session revoked",
  );
  const ghost = await access.newReader(0);
  await expectOk(await api.post("/api/users/delete", {}, ghost.token), "delete");

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const flipped = `${v.token.slice(0, -4)}${v.token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  return [
    { kind: "no token", headers: {} },
    { kind: "garbage token", headers: bearer("garbage") },
    { kind: "empty bearer", headers: { authorization: "Bearer " } },
    { kind: "unsigned JWT", headers: bearer("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ2aWN0aW0ifQ.") },
    {
      kind: "random token of the right shape",
      headers: bearer(randomBytes(32).toString("base64url")),
    },
    { kind: "victim's token altered", headers: bearer(flipped) },
    { kind: "victim's stored token hash", headers: bearer(tokenHash(v.token)) },
    {
      kind: "token forged with another secret",
      headers: bearer(
        createHmac("sha256", "not the server's secret").update(v.id).digest("base64url"),
      ),
    },
    { kind: "expired session", headers: bearer(expired) },
    { kind: "session after logout", headers: bearer(loggedOut) },
    { kind: "session after password change", headers: bearer(beforePasswordChange) },
    { kind: "session ended from the sessions list", headers: bearer(endedFromList) },
    { kind: "deleted account's session", headers: bearer(ghost.token) },
    {
      kind: "live token in the query string",
      headers: {},
      query: `token=${v.token}&access_token=${v.token}`,
    },
    { kind: "live token in a cookie", headers: { cookie: `token=${v.token}; session=${v.token}` } },
    { kind: "live token under another scheme", headers: { authorization: `Token ${v.token}` } },
    {
      kind: "password as Basic auth",
      headers: {
        authorization: `Basic ${Buffer.from(`${v.email}:${v.password}`).toString("base64")}`,
      },
    },
  ];
}

beforeAll(async () => {
  victim = await access.newVictim();
  credentials = await deadCredentials(victim);
});

describe("access control, over HTTP, on PostgreSQL: tokens", () => {
  it("refuses every reader-owned call without a live token, and changes nothing", async () => {
    const { figures, violations } = access;
    const seen = violations.length;
    const baseline = await readerRows(access.database, victim.id);
    let current = baseline;
    for (const credential of credentials) {
      for (const call of ownedCalls) {
        const answer = await access.send(call.send(victim), credential.headers, credential.query);
        const refused = answer.status === 401 && answer.body?.code === "UNAUTHORIZED";
        access.expectThat(refused, `${credential.kind} → ${call.name}`, answer);
        if (refused) figures.refusedAsExpected += 1;
        const after = await readerRows(access.database, victim.id);
        access.expectThat(
          after === current,
          `${credential.kind} → ${call.name}: changed the victim's rows`,
        );
        current = after;
      }
    }
    expect(violations.slice(seen)).toEqual([]);
    // The victim's own token still works: the refusals were not a broken login.
    expect((await access.api.get("/api/users/info", victim.token)).status).toBe(200);
    expect(current).toBe(baseline);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
