import { request } from "node:http";
import type { AddressInfo } from "node:net";
import type { ErrorBody } from "@folio/contract/common";
import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, createUser, type TestUser } from "../test/accounts";
import { useTestApp } from "../test/app";
import { fieldWithNul } from "./nul-characters";

let user: TestUser;
let base: string;
const t = useTestApp();
beforeAll(async () => {
  user = await createUser(t.app, t.database.db);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** A request of exactly these bytes over a real socket, where Node's own parser has its say. */
async function send(method: string, path: string, body?: string, headers = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": "application/json",
      ...headers,
    },
    ...(body !== undefined ? { body } : {}),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    connection: response.headers.get("connection"),
    body: (await response.json()) as ErrorBody,
  };
}

describe("input refused before any route runs", () => {
  it("answers a URL whose % escapes do not decode in our own words", async () => {
    const answer = await send("GET", "/api/books/%ff/cover");
    expect(answer).toMatchObject({ status: 400, body: { state: "error", code: "BAD_URL" } });
    expect(answer.type).toMatch(/^application\/json/);
  });

  it("answers a path parameter longer than any id with a 404", async () => {
    const answer = await send("GET", `/api/categories/${"1".repeat(250)}`);
    expect(answer).toMatchObject({ status: 404, body: { state: "error", code: "NOT_FOUND" } });
  });

  it("answers a URL past Node's header limit with a 431 in our own words", async () => {
    const answer = await send("GET", `/api/books/search?title=${"a".repeat(20_000)}`);
    expect(answer).toMatchObject({
      status: 431,
      body: { state: "error", code: "HEADERS_TOO_LARGE" },
    });
  });

  it("lets a client still sending a 2 MB body read its 413", async () => {
    const body = `{"name":"${"a".repeat(2 * 1024 * 1024)}"}`;
    for (let i = 0; i < 10; i++) {
      const answer = await send("POST", "/api/cart/add", body);
      expect(answer).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE" } });
      expect(answer.connection).not.toBe("close");
    }
  });

  it("refuses NUL characters in a body, a query or a field name, naming the field", async () => {
    const update = await send("POST", "/api/users/update", '{"name":"a\\u0000b"}');
    expect(update).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", field: "name", message: "name must not contain NUL characters." },
    });
    const search = await send("GET", "/api/books/search?title=%00");
    expect(search).toMatchObject({ status: 400, body: { code: "VALIDATION", field: "title" } });
    const login = await send("POST", "/api/auth/login", '{"email":"\\u0000@b.co","password":"x"}');
    expect(login).toMatchObject({ status: 400, body: { field: "email" } });
  });

  it("finds the first field with a NUL, however deep, and nothing in clean input", () => {
    expect(fieldWithNul({ a: [{ b: "ok" }, { c: "x\u0000" }] })).toBe("a.1.c");
    expect(fieldWithNul({ "k\u0000": 1 })).toBe("");
    expect(fieldWithNul({ a: ["ok", 1, null, { b: true }] })).toBeNull();
    expect(fieldWithNul(undefined)).toBeNull();
  });

  // Walking a Buffer went through it byte by byte as an object's fields: 8 MiB took seconds
  // and gigabytes, and a 50 MB EPUB upload held every request for minutes.
  it("leaves a binary body to its route: bytes are no text, and are never walked", async () => {
    const nuls = Buffer.alloc(8 * 1024 * 1024);
    const started = performance.now();
    expect(fieldWithNul(nuls)).toBeNull();
    expect(fieldWithNul({ file: new Uint8Array(nuls.buffer) })).toBeNull();
    // An order of magnitude under what the walk took (seconds), whatever the machine's load.
    expect(performance.now() - started).toBeLessThan(500);

    // Sent as a file, it reaches the upload's own check, which says what is wrong with it.
    const librarian = await createStaff(t.app, t.database.db, "librarian");
    const upload = await fetch(`${base}/api/admin/books/upload`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${librarian.token}`,
        "content-type": "application/octet-stream",
      },
      body: nuls,
    });
    expect(upload.status).toBe(422);
    expect(await upload.json()).toMatchObject({
      code: "EPUB_INVALID",
      message: "This file is not a valid EPUB: it is not a zip file.",
    });
  });
});

describe("a request Node's parser refuses", () => {
  // Both framings at once is a smuggling attempt; fetch would not send it, node:http does.
  it("is answered with our error body", async () => {
    const { port } = new URL(base);
    const text = await new Promise<string>((resolve, reject) => {
      const req = request({
        port,
        host: "127.0.0.1",
        method: "GET",
        path: "/api/health",
        headers: { "transfer-encoding": "chunked", "content-length": "5" },
      });
      let data = "";
      req.on("response", (res) => {
        res.on("data", (chunk: Buffer) => (data += chunk.toString()));
        res.on("end", () => resolve(`${res.statusCode} ${data}`));
      });
      req.on("error", reject);
      req.end("0\r\n\r\n");
    });
    expect(text).toMatch(/^400 \{"state":"error","code":"BAD_REQUEST"/);
  });
});
