import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../harness/access-raw";
import { Api } from "../harness/client";
import type { ServerProcess } from "../harness/server";
import { AccessScenario, expectOk, type Victim } from "./scenario";

// The operator's endpoints: GET /metrics (only with METRICS_TOKEN) and GET /api/ready (for load
// balancers, open to all). The scenario's server runs without METRICS_TOKEN; a second process
// on the same database runs with one.

const access = AccessScenario.forFile("operations");
const METRICS_TOKEN = randomBytes(24).toString("hex");

let victim: Victim;
let admin: Victim;
let metered: ServerProcess;

beforeAll(async () => {
  victim = await access.newVictim();
  admin = await access.newVictim();
  await access.database.query("update users set role = 'admin' where id = $1", [admin.id]);
  const { dataDir } = await access.resources.dataDir();
  metered = await access.resources.server(
    {
      dataDir,
      databaseUrl: access.database.url,
      secret: access.secret,
      env: { METRICS_TOKEN },
    },
    "access-metrics",
  );
});

/** What an unknown route answers, the path aside: the answer /metrics must give a stranger. */
const unknownRouteBody = (method: string, path: string) => ({
  state: "error",
  code: "NOT_FOUND",
  message: `There is no ${method} ${path} in this API.`,
});

/** Header names that differ between any two answers, whatever they are. */
const varying = new Set(["date", "content-length", "keep-alive", "connection"]);
const headerNames = (answer: RawAnswer) =>
  Object.keys(answer.headers)
    .filter((name) => !varying.has(name))
    .sort();

describe("access control, over HTTP, on PostgreSQL: the operator's endpoints", () => {
  it("answers /metrics as an unknown route to anyone without the metrics token", async () => {
    const seen = access.violations.length;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const tries: {
      what: string;
      server: ServerProcess;
      url?: string;
      method?: string;
      headers: Record<string, string>;
    }[] = [
      { what: "no token", server: metered, headers: {} },
      { what: "a reader's live session", server: metered, headers: bearer(victim.token) },
      { what: "an admin's live session", server: metered, headers: bearer(admin.token) },
      { what: "a wrong token", server: metered, headers: bearer(randomBytes(24).toString("hex")) },
      { what: "the token and more", server: metered, headers: bearer(`${METRICS_TOKEN}0`) },
      { what: "the token cut short", server: metered, headers: bearer(METRICS_TOKEN.slice(0, -1)) },
      {
        what: "the token with no scheme",
        server: metered,
        headers: { authorization: METRICS_TOKEN },
      },
      {
        what: "the token as Basic auth",
        server: metered,
        headers: { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString("base64")}` },
      },
      {
        what: "the token in a cookie",
        server: metered,
        headers: { cookie: `token=${METRICS_TOKEN}` },
      },
      {
        what: "the token in the query string",
        server: metered,
        url: `/metrics?token=${METRICS_TOKEN}&access_token=${METRICS_TOKEN}`,
        headers: {},
      },
      { what: "the token, POST", server: metered, method: "POST", headers: bearer(METRICS_TOKEN) },
      {
        what: "the token, unset on this server",
        server: access.server,
        headers: bearer(METRICS_TOKEN),
      },
      { what: "no token, unset on this server", server: access.server, headers: {} },
    ];
    // A missing file outside /api on the same server: the headers a 404 there carries.
    const reference = await rawRequest(metered.base, "/assets/no-such-chunk.js");
    expect(reference.status).toBe(404);
    for (const attempt of tries) {
      const method = attempt.method ?? "GET";
      const answer = await rawRequest(attempt.server.base, attempt.url ?? "/metrics", {
        method,
        headers: attempt.headers,
      });
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = answer.body.slice(0, 200);
      }
      access.expectThat(
        answer.status === 404 &&
          JSON.stringify(body) === JSON.stringify(unknownRouteBody(method, "/metrics")),
        `/metrics with ${attempt.what}`,
        { status: answer.status, text: answer.body },
      );
      access.expectThat(
        JSON.stringify(headerNames(answer)) === JSON.stringify(headerNames(reference)),
        `/metrics with ${attempt.what}: headers ${headerNames(answer).join(",")} differ from an unknown route's ${headerNames(reference).join(",")}`,
      );
      access.expectThat(
        !answer.body.includes("folio_"),
        `/metrics with ${attempt.what}: shows a metric`,
      );
    }
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("shows the metrics to the token, and no reader's name, address or token in them", async () => {
    const seen = access.violations.length;
    const answer = await new Api(metered.base).get("/metrics", METRICS_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/^folio_loans_open \d+$/m);
    expect(answer.text).toMatch(/^folio_http_request_duration_seconds_count\{/m);
    expect(answer.text).toMatch(/^process_resident_memory_bytes \d+/m);
    for (const reader of [victim, admin])
      for (const secret of [reader.email, reader.token, reader.name, reader.id, reader.password])
        access.expectThat(!answer.text.includes(secret), `the metrics show a reader's ${secret}`);
    access.expectThat(!answer.text.includes(METRICS_TOKEN), "the metrics show their own token");
    expect(access.violations.slice(seen)).toEqual([]);
  });

  it("answers /api/ready to anyone, telling no more than which checks pass", async () => {
    for (const server of [access.server, metered]) {
      for (const token of [undefined, victim.token, "garbage"]) {
        const answer = await expectOk(
          await new Api(server.base).get("/api/ready", token),
          "/api/ready",
        );
        expect(answer.body).toEqual({
          state: "success",
          checks: { database: "ok", migrations: "ok", contentStore: "ok" },
        });
        expect(answer.text).not.toMatch(/postgres|pglite|127\.0\.0\.1|\/tmp\//i);
        expect(answer.text).not.toContain(String(server.pid));
      }
    }
    // It only reads: any other method is an unknown route.
    const posted = await access.api.post("/api/ready", {});
    expect(posted.status).toBe(404);
  });

  it("leaves the database consistent and the servers without errors", async () => {
    await access.expectConsistentEnd();
    expect(await metered.errorLines()).toEqual([]);
    expect(await metered.log()).not.toContain(METRICS_TOKEN);
  });
});
