import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headerProblems, inlineScripts } from "./harness/access-headers";
import { rawRequest, type RawAnswer } from "./harness/access-raw";
import { Api, newReader, type Reader } from "./harness/client";
import { PgliteDirectory, PostgresDatabase } from "./harness/database";
import { catalogueIds } from "./harness/load";
import { recordScenario } from "./harness/report";
import { ServerProcess } from "./harness/server";
import { seededShops } from "./harness/shop";

// Two server processes on one PostgreSQL database: one as shipped (CORS closed), one started
// with CORS_ORIGINS naming a single origin.

const LISTED = "https://app.example.com";
const FOREIGN = [
  "https://evil.example",
  `${LISTED}.evil.example`,
  "http://app.example.com",
  "null",
];

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let closed: ServerProcess;
let open: ServerProcess;
let reader: Reader;
let bookId: string;
const figures = { answersChecked: 0, pagesChecked: 0, corsChecks: 0 };

beforeAll(async () => {
  const shops = seededShops();
  const database = await PostgresDatabase.create(shops.postgresTemplate);
  cleanups.push(() => database.drop());
  const dirs = [
    await PgliteDirectory.create(shops.postgresDataDir),
    await PgliteDirectory.create(shops.postgresDataDir),
  ];
  for (const dir of dirs) cleanups.push(() => dir.remove());
  const secret = randomBytes(32).toString("hex");
  closed = await ServerProcess.start(
    { dataDir: dirs[0]!.dataDir, databaseUrl: database.url, secret },
    "headers",
  );
  cleanups.push(() => closed.stop());
  open = await ServerProcess.start(
    {
      dataDir: dirs[1]!.dataDir,
      databaseUrl: database.url,
      secret,
      env: { CORS_ORIGINS: LISTED },
    },
    "headers-cors",
  );
  cleanups.push(() => open.stop());
  const api = new Api(closed.base);
  reader = await newReader(api, 50);
  bookId = (await catalogueIds(api))[0]!;
  const borrowed = await api.post("/api/borrow/borrow", { bookId: [bookId] }, reader.token);
  expect(borrowed.status).toBe(200);
});

afterAll(() => {
  recordScenario("headers: CSP, nosniff, referrer, framing, CORS", { ...figures, violations: 0 });
});

const bearer = () => ({ authorization: `Bearer ${reader.token}` });

describe("security headers, over HTTP", () => {
  it("sends a strict policy on API answers, errors, files and the web app's pages", async () => {
    const page = await rawRequest(closed.base, "/");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = /<script[^>]*\bsrc="([^"]+)"/.exec(page.body)?.[1];
    expect(asset).toBeDefined();
    const link = await new Api(closed.base).post<{ contentURL: string }>(
      "/api/books/content",
      { bookId },
      reader.token,
    );
    expect(link.status).toBe(200);

    const targets: {
      what: string;
      path: string;
      init?: Parameters<typeof rawRequest>[2];
      page: boolean;
    }[] = [
      { what: "API answer", path: "/api/health", page: false },
      { what: "API 404", path: "/api/no/such/call", page: false },
      { what: "API 401", path: "/api/cart/get", init: { method: "POST" }, page: false },
      {
        what: "API answer with a token",
        path: "/api/users/info",
        init: { headers: bearer() },
        page: false,
      },
      { what: "API 400", path: "/api/books/get?bookId=abc", page: false },
      { what: "index.html", path: "/", page: true },
      { what: "index.html by name", path: "/index.html", page: true },
      { what: "an app route", path: "/book/1", page: true },
      { what: "a protected app route", path: "/user/profile?view=TopUp", page: true },
      { what: "a script", path: asset!, page: false },
      { what: "the icon", path: "/favicon.svg", page: false },
      { what: "a drawn cover", path: `/api/books/${bookId}/cover`, page: false },
      { what: "an e-book file", path: link.body.contentURL, page: false },
      { what: "the API docs page", path: "/api/docs/", page: true },
    ];
    const problems: string[] = [];
    for (const target of targets) {
      const answer: RawAnswer = await rawRequest(closed.base, target.path, target.init);
      figures.answersChecked += 1;
      if (answer.status >= 500) problems.push(`${target.what}: ${answer.status}`);
      for (const problem of headerProblems(answer.headers, target.page))
        problems.push(`${target.what} (${target.path}): ${problem}`);
      if (target.page) {
        if (
          answer.status !== 200 ||
          !String(answer.headers["content-type"]).startsWith("text/html")
        )
          problems.push(
            `${target.what}: no page (${answer.status} ${answer.headers["content-type"]})`,
          );
        figures.pagesChecked += 1;
        for (const script of inlineScripts(answer.body))
          problems.push(`${target.what}: inline script the policy would block: ${script}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("CORS, over HTTP", () => {
  const preflight = (base: string, origin: string) =>
    rawRequest(base, "/api/cart/get", {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
  const call = (base: string, origin: string) =>
    rawRequest(base, "/api/cart/get", {
      method: "POST",
      headers: { origin, ...bearer(), "content-type": "application/json" },
      body: "{}",
    });

  it("is closed by default: no origin, not even a plausible one, is let in", async () => {
    for (const origin of [LISTED, ...FOREIGN]) {
      for (const answer of [
        await rawRequest(closed.base, "/api/health", { headers: { origin } }),
        await call(closed.base, origin),
        await preflight(closed.base, origin),
        await rawRequest(closed.base, "/", { headers: { origin } }),
      ]) {
        figures.corsChecks += 1;
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
        expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    }
  });

  it("with CORS_ORIGINS, answers the listed origin and its preflight, and no other", async () => {
    const ok = await call(open.base, LISTED);
    expect(ok.status).toBe(200);
    expect(ok.headers["access-control-allow-origin"]).toBe(LISTED);
    expect(String(ok.headers.vary)).toMatch(/origin/i);
    expect(ok.headers["access-control-allow-credentials"]).toBeUndefined();
    const allowed = await preflight(open.base, LISTED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(LISTED);
    expect(String(allowed.headers["access-control-allow-methods"])).toContain("POST");
    expect(String(allowed.headers["access-control-allow-headers"])).toContain("authorization");
    figures.corsChecks += 2;

    for (const origin of FOREIGN) {
      for (const answer of [
        await rawRequest(open.base, "/api/health", { headers: { origin } }),
        await call(open.base, origin),
        await preflight(open.base, origin),
      ]) {
        figures.corsChecks += 1;
        expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
      }
    }
    // Opening CORS loosens nothing else.
    expect(headerProblems((await rawRequest(open.base, "/")).headers, true)).toEqual([]);
  });
});
