import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

const listed = "https://app.example.com";
const foreign = "https://evil.example";

describe("CORS", () => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await createTestApp();
    open = await createTestApp({ CORS_ORIGINS: `${listed}, http://localhost:5173` });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it("lets no other origin in by default", async () => {
    const answer = await closed.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: listed },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await closed.app.inject({
      method: "OPTIONS",
      url: "/api/cart/get",
      headers: { origin: listed, "access-control-request-method": "POST" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("answers a listed origin, and its preflight, but never a foreign one", async () => {
    const answer = await open.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: listed },
    });
    expect(answer.headers["access-control-allow-origin"]).toBe(listed);
    expect(answer.headers.vary).toContain("Origin");
    expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();

    const preflight = await open.app.inject({
      method: "OPTIONS",
      url: "/api/cart/get",
      headers: {
        origin: listed,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(listed);
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");

    for (const origin of [foreign, `${listed}.evil.example`, "null"]) {
      const refused = await open.app.inject({
        method: "OPTIONS",
        url: "/api/cart/get",
        headers: { origin, "access-control-request-method": "POST" },
      });
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
      const plain = await open.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { origin },
      });
      expect(plain.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });
});
