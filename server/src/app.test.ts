import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ErrorBody, Health } from "@folio/contract/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "./test/accounts";
import { createTestApp, useTestApp, type TestApp } from "./test/app";

const t = useTestApp({ BODY_LIMIT: "4096" });
beforeAll(async () => {
  // A route that echoes its parsed body, to observe the JSON body rules on their own.
  t.app.post("/api/test/echo", async (request) => ({ state: "success", body: request.body }));
});

describe("the HTTP layer", () => {
  it("answers health without telling a stranger the process id or the database kind", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const health = response.json<Health & Record<string, unknown>>();
    expect(health.state).toBe("success");
    expect(Object.keys(health).sort()).toEqual(["state", "uptimeSeconds"]);
    expect(response.body).not.toContain(String(process.pid));
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it("lets no answer of the API be cached unless its route says so", async () => {
    for (const url of ["/api/health", "/api/no/such/thing", "/api/books/popular"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const cover = await t.app.inject({ method: "GET", url: "/api/books/1/cover" });
    expect(cover.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["strict-transport-security"]).toBeDefined();
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no/such/thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({
      state: "error",
      code: "NOT_FOUND",
      message: "There is no GET /api/no/such/thing in this API.",
    });
  });

  it.each([
    ["an empty body with a JSON content type", { "content-type": "application/json" }, ""],
    ["no body and no content type", {}, undefined],
    ["white space only", { "content-type": "application/json" }, "  \n"],
  ])("takes %s as {}", async (_name, headers, payload) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ state: "success", body: {} });
  });

  it("refuses bad JSON, bad UTF-8 and prototype keys with clear 400s", async () => {
    const headers = { "content-type": "application/json" };
    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers,
      payload: "{bad",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json<ErrorBody>()).toMatchObject({
      code: "INVALID_JSON",
      message: "The request body is not valid JSON.",
    });

    const badUtf8 = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers,
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json<ErrorBody>().code).toBe("INVALID_ENCODING");

    const proto = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers,
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json<ErrorBody>().code).toBe("INVALID_JSON");
  });

  it("refuses a body over the limit with 413 and a body in another format with 415", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ text: "x".repeat(5000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<ErrorBody>()).toMatchObject({ state: "error", code: "BODY_TOO_LARGE" });

    const xml = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json<ErrorBody>().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("serves the OpenAPI document of every catalogue call at /api/docs", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/books/popular",
        "/api/books/get",
        "/api/books/search",
        "/api/books",
        "/api/categories/getAll",
        "/api/categories/{id}",
      ]),
    );
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe("private answers and logs", () => {
  it("says no-store on every answer that carries a reader's data or a token", async () => {
    const reader = await createUser(t.app, t.database.db);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: reader.email, password: reader.password }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    const calls: [string, string][] = [
      ["GET", "/api/users/info"],
      ["POST", "/api/cart/get"],
      ["POST", "/api/wishlist/get"],
      ["POST", "/api/borrow/borrowlist"],
      ["POST", "/api/borrow/history"],
      ["POST", "/api/payments/history"],
      ["GET", "/api/payments/statement"],
      ["GET", "/api/reviews/user"],
      ["GET", "/api/reading/progress?bookId=1"],
    ];
    for (const [method, url] of calls) {
      const response = await t.app.inject({
        method: method as "GET" | "POST",
        url,
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("keeps reset tokens and content signatures out of the request log", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: "info" },
      { shareDatabaseWith: t, logDestination: { write: (line) => void lines.push(line) } },
    );
    try {
      const secret = "resetTokenThatMustNotBeLogged0123456789";
      const signature = "SignatureThatMustNotBeLogged0123456789";
      await logged.app.inject({ method: "GET", url: `/reset-password?token=${secret}` });
      await logged.app.inject({
        method: "GET",
        url: `/api/content/1.epub?u=someone&n=1&e=99&s=${signature}`,
      });
      const log = lines.join("");
      expect(log).toContain("/reset-password?token=[redacted]");
      expect(log).toContain("/api/content/1.epub?u=someone&n=1&e=99&s=[redacted]");
      expect(log).not.toContain(secret);
      expect(log).not.toContain(signature);
    } finally {
      await logged.close();
    }
  });
});

describe("serving the web app", () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = path.join(t.dataDir, "web-dist");
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Folio</title>");
    await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    await writeFile(path.join(dist, "sw.js"), "self.skipWaiting()");
    await writeFile(path.join(dist, "manifest.webmanifest"), '{"name":"Folio"}');
    web = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await web.close();
  });

  it("serves index.html for the app's routes and hashed assets as immutable", async () => {
    for (const url of ["/", "/book/12", "/search?title=moby"]) {
      const page = await web.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<title>Folio</title>");
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    const asset = await web.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("serves a build written after start, and answers a missing asset 404, not the app", async () => {
    // A rebuild under a running server: its new chunks are served at once.
    await writeFile(path.join(t.dataDir, "web-dist", "assets", "page-def456.js"), "export {}");
    const added = await web.app.inject({ method: "GET", url: "/assets/page-def456.js" });
    expect(added.statusCode).toBe(200);
    expect(added.body).toBe("export {}");
    // A page of an older build asks for a chunk that is gone: a 404 it can tell from a page.
    const gone = await web.app.inject({ method: "GET", url: "/assets/page-000000.js" });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain("<title>Folio</title>");
  });

  it("has browsers ask again for the service worker and the web app manifest", async () => {
    // A new deploy must reach installed apps: the worker is checked against the server each time.
    const worker = await web.app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await web.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
  });

  it("still answers unknown API paths with JSON, not the app", async () => {
    const response = await web.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe("NOT_FOUND");
  });
});
