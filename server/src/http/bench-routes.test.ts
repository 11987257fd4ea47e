import type { ErrorBody } from "@folio/contract/common";
import type { OutgoingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

/** The headers of an answer but those that differ from one request or body to the next. */
function sameForEveryAnswer(headers: OutgoingHttpHeaders) {
  const { date: _date, "content-length": _length, "x-request-id": _id, ...rest } = headers;
  return rest;
}

describe("the benchmark's bytes route", () => {
  let shop: TestApp;
  let bench: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
    bench = await createTestApp({ BENCH_ROUTES: "1" });
  });
  afterAll(async () => {
    await shop.close();
    await bench.close();
  });

  it("does not exist without BENCH_ROUTES", async () => {
    const answer = await shop.app.inject({ method: "GET", url: "/api/bench/bytes?n=6700" });
    expect(answer.statusCode).toBe(404);
    expect(answer.json<ErrorBody>()).toEqual({
      state: "error",
      code: "NOT_FOUND",
      message: "There is no GET /api/bench/bytes in this API.",
    });
  });

  it("answers exactly n bytes of JSON with the headers of a cached catalogue answer", async () => {
    const popular = await bench.app.inject({
      method: "GET",
      url: "/api/books/popular?page=1&pageSize=10",
    });
    expect(popular.statusCode).toBe(200);
    for (const n of [6700, 28, 1_000_000]) {
      const answer = await bench.app.inject({ method: "GET", url: `/api/bench/bytes?n=${n}` });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.length).toBe(n);
      expect(answer.headers["content-length"]).toBe(String(n));
      expect(answer.json()).toMatchObject({ state: "success" });
      expect(sameForEveryAnswer(answer.headers)).toEqual(sameForEveryAnswer(popular.headers));
    }
    const again = await bench.app.inject({ method: "GET", url: "/api/bench/bytes?n=6700" });
    expect(again.headers["cache-control"]).toBe("no-store");
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(again.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(again.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("is in the OpenAPI document only when it exists", async () => {
    const paths = async (of: TestApp) =>
      Object.keys(
        (await of.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
          paths: Record<string, unknown>;
        }>().paths,
      );
    expect(await paths(shop)).not.toContain("/api/bench/bytes");
    expect(await paths(bench)).toContain("/api/bench/bytes");
  });

  it.each(["", "n=", "n=27", "n=1000001", "n=6.5", "n=-1", "n=lots"])(
    "refuses ?%s with a 400 that says what n may be",
    async (query) => {
      const answer = await bench.app.inject({ method: "GET", url: `/api/bench/bytes?${query}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ErrorBody>()).toMatchObject({
        state: "error",
        code: "VALIDATION",
        message: "n must be a whole number of bytes from 28 to 1000000.",
        field: "n",
      });
    },
  );
});
