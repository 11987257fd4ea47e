// The app with its content in an S3 bucket (a real S3 API: s3rver): books are seeded, uploaded,
// and read through it, and a bucket that is down or drops a download mid-way costs the reader
// that one request (a 503 they can retry), never the process.
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { AdminBookAnswer, UploadAnswer } from "@folio/contract/admin";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ContentResponse } from "@folio/contract/reading";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { books } from "../../db/schema";
import { ensureSeedEditions } from "../../seed/seed";
import { bookContentKey } from "../../storage/content-store";
import { S3ContentStore } from "../../storage/s3-content-store";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { createTestApp, type TestApp } from "../../test/app";
import { createBook, createCategory } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { startTestBucket, type TestBucket } from "../../test/s3";
import { drawCover } from "../catalogue";
import { buildEpub } from "./epub";

let bucket: TestBucket;
let t: TestApp;
let http: ReturnType<typeof httpClient>;
/** The whole bucket, prefix and all, as an operator would see it. */
let wholeBucket: S3ContentStore;
let mobyDick: number;

beforeAll(async () => {
  bucket = await startTestBucket({ prefix: "shop/" });
  t = await createTestApp(bucket.env);
  http = httpClient(t.app);
  wholeBucket = new S3ContentStore({ ...bucket.settings, prefix: "" });
  expect(await ensureSeedEditions(t.database.db, t.content)).toBeGreaterThan(100);
  const [row] = await t.database.db
    .select({ id: books.id })
    .from(books)
    .where(eq(books.title, "Moby-Dick"));
  mobyDick = row!.id;
}, 120_000);
afterAll(async () => {
  wholeBucket?.close();
  await t?.close();
  await bucket?.remove();
});

async function borrowed(bookId: number): Promise<{ reader: TestUser; url: string }> {
  const reader = await createUser(t.app, t.database.db, { balancePence: 5000 });
  const borrow = await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, reader.token);
  expect(borrow.body.state).toBe("success");
  const link = await http.post<ContentResponse>("/api/books/content", { bookId }, reader.token);
  expect(link.status).toBe(200);
  return { reader, url: link.body.contentURL };
}

const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("content in an S3 bucket", () => {
  it("keeps the seeded books in the bucket, under its prefix, and none on the node's disk", async () => {
    expect(await wholeBucket.has(`shop/${bookContentKey(mobyDick)}`)).toBe(true);
    await expect(readdir(path.join(t.dataDir, "content"))).rejects.toThrow(/ENOENT/);
    // Seeding again finds every edition there already.
    expect(await ensureSeedEditions(t.database.db, t.content)).toBe(0);
  });

  it("serves a seeded EPUB whole and by byte range", async () => {
    const stored = (await t.content.get(bookContentKey(mobyDick)))!;
    const { url } = await borrowed(mobyDick);
    const whole = await fetchFile(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe(String(stored.length));
    expect(Buffer.compare(whole.rawPayload, stored)).toBe(0);

    const part = await fetchFile(url, { range: "bytes=100-1099" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-1099/${stored.length}`);
    expect(Buffer.compare(part.rawPayload, stored.subarray(100, 1100))).toBe(0);
    const tail = await fetchFile(url, { range: "bytes=-10" });
    expect(Buffer.compare(tail.rawPayload, stored.subarray(stored.length - 10))).toBe(0);
  });

  it("answers a book whose object is gone with the usual 404", async () => {
    const [other] = await t.database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.title, "Pride and Prejudice"));
    const { url } = await borrowed(other!.id);
    await t.content.delete(bookContentKey(other!.id));
    const answer = await fetchFile(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json<ErrorBody>().code).toBe("CONTENT_MISSING");
  });

  it("stores a staff upload in the bucket, and serves the book and its cover from there", async () => {
    const librarian = await createStaff(t.app, t.database.db, "librarian");
    const epub = buildEpub({
      identifier: "urn:test:s3-upload",
      title: "The Bucket Voyage",
      author: "Ida Porter",
      language: "en",
      description: "Stored far away.",
      publisher: "Test Press",
      modified: "2026-01-01T00:00:00Z",
      coverSvg: drawCover("The Bucket Voyage", "Ida Porter"),
      chapters: [{ title: "One", paragraphs: ["The ship left at dawn."] }],
    });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/books/upload",
      headers: {
        authorization: `Bearer ${librarian.token}`,
        "content-type": "application/epub+zip",
      },
      payload: Buffer.from(epub),
    });
    expect(sent.statusCode).toBe(200);
    const upload = sent.json<UploadAnswer>();
    expect(await wholeBucket.has(`shop/uploads/${upload.uploadId}.epub`)).toBe(true);
    const made = await http.post<AdminBookAnswer>(
      "/api/admin/books/create",
      {
        uploadId: upload.uploadId,
        title: upload.metadata.title,
        author: upload.metadata.author,
        description: upload.metadata.description,
        categoryId: (await createCategory(t.database.db)).id,
        price: 1,
        copies: 1,
        lendsLeft: 5,
      },
      librarian.token,
    );
    expect(made.status).toBe(200);
    const bookId = Number(made.body.book.bookId);
    const coverKey = (await t.content.list(`covers/${bookId}.`)).map((file) => file.key)[0];
    expect(coverKey).toBeDefined();

    const { url } = await borrowed(bookId);
    const read = await fetchFile(url);
    expect(read.statusCode).toBe(200);
    expect(Buffer.compare(read.rawPayload, Buffer.from(epub))).toBe(0);
    const cover = await fetchFile(`/api/books/${bookId}/cover`);
    expect(cover.statusCode).toBe(200);
    expect(Buffer.compare(cover.rawPayload, (await t.content.get(coverKey!))!)).toBe(0);
  });

  it("answers 503 while the bucket is down, keeps serving the rest, and reads again once it is back", async () => {
    const { url } = await borrowed(mobyDick);
    await bucket.stop();
    try {
      const started = Date.now();
      const answer = await fetchFile(url);
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("60");
      expect(answer.json<ErrorBody>()).toEqual({
        state: "error",
        code: "CONTENT_UNAVAILABLE",
        message: "Books cannot be fetched just now. Please try again in a minute.",
      });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await fetchFile("/api/health")).statusCode).toBe(200);
      expect((await fetchFile("/api/books/popular")).statusCode).toBe(200);
    } finally {
      await bucket.start();
    }
    expect((await fetchFile(url)).statusCode).toBe(200);
  });
});

/**
 * A TCP relay to the bucket that, once armed, passes on `bytes` more bytes of answers and then
 * drops both connections: a bucket whose connection breaks in the middle of a download.
 */
async function breakingRelay(targetPort: number) {
  let budget: number | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      if (budget === null || chunk.length <= budget) {
        if (budget !== null) budget -= chunk.length;
        client.write(chunk);
        return;
      }
      client.write(chunk.subarray(0, budget));
      budget = null;
      client.destroy();
      upstream.destroy();
    });
    upstream.on("end", () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    breakAfter: (bytes: number) => (budget = bytes),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("a download the bucket drops mid-way", () => {
  it("ends that response cut short, and the server goes on serving", async () => {
    const relay = await breakingRelay(Number(new URL(bucket.endpoint).port));
    const node = await createTestApp(
      { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${relay.port}` },
      { shareDatabaseWith: t },
    );
    try {
      const base = await node.app.listen({ port: 0, host: "127.0.0.1" });
      // A book large enough that the answer cannot all be on its way before the break.
      const book = await createBook(t.database.db, { copies: 1 });
      const size = 512 * 1024;
      await t.content.put(bookContentKey(book.id), randomBytes(size));
      const { url } = await borrowed(book.id);

      // Enough for the answer's head and some of the book, not all of it.
      relay.breakAfter(16 * 1024);
      const response = await fetch(new URL(url, base));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(size));
      // The body ends early: cut off mid-way (or short, were the client not to notice).
      const received = await response.arrayBuffer().then(
        (body) => body.byteLength,
        () => -1,
      );
      expect(received).toBeLessThan(size);

      expect((await fetch(new URL("/api/health", base))).status).toBe(200);
      const again = await fetch(new URL(url, base));
      expect(again.status).toBe(200);
      expect((await again.arrayBuffer()).byteLength).toBe(size);
    } finally {
      await node.close();
      await relay.close();
    }
  });
});
