// One contract, two stores: a folder and a real S3 API (s3rver). Whatever the features do with
// a ContentStore must work the same on either, and a store that is down must say so plainly.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBucket, type TestBucket } from "../test/s3";
import { ContentStoreUnavailable, FileContentStore, type ContentStore } from "./content-store";
import { S3ContentStore } from "./s3-content-store";

let dir: string;
let bucket: TestBucket;
const opened: S3ContentStore[] = [];

/** An S3 store on the test bucket; three keys a page, so listing pages after a few keys. */
function s3Store(settings: Partial<TestBucket["settings"]> = {}): S3ContentStore {
  const store = new S3ContentStore({ ...bucket.settings, ...settings }, { pageSize: 3 });
  opened.push(store);
  return store;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "folio-content-"));
  bucket = await startTestBucket();
});
afterAll(async () => {
  for (const store of opened) store.close();
  await bucket.remove();
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A loopback port nothing listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe.each([
  ["a folder", () => new FileContentStore(path.join(dir, "store"))],
  ["an S3 bucket", () => s3Store({ prefix: "folio/" })],
])("the content store on %s", (_name, make: () => ContentStore) => {
  let store: ContentStore;
  beforeAll(() => {
    store = make();
  });

  it("can be reached", async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it("gives back what was put, with its size and time", async () => {
    const before = Date.now();
    await store.put("books/1.epub", bytes("the whole book"));
    expect((await store.get("books/1.epub"))?.toString()).toBe("the whole book");
    expect(await store.has("books/1.epub")).toBe(true);
    const info = await store.stat("books/1.epub");
    expect(info?.size).toBe(14);
    // S3 keeps whole seconds.
    expect(info!.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    await store.put("books/1.epub", bytes("a second edition"));
    expect((await store.get("books/1.epub"))?.toString()).toBe("a second edition");
  });

  it("answers a missing file with null or false, not an error", async () => {
    expect(await store.get("books/404.epub")).toBeNull();
    expect(await store.has("books/404.epub")).toBe(false);
    expect(await store.stat("books/404.epub")).toBeNull();
    expect(await store.stream("books/404.epub")).toBeNull();
    await expect(store.delete("books/404.epub")).resolves.toBeUndefined();
  });

  it("streams the whole file or the byte range asked for", async () => {
    await store.put("books/2.epub", bytes("0123456789abcdef"));
    expect((await readAll(await store.stream("books/2.epub")))?.toString()).toBe(
      "0123456789abcdef",
    );
    const range = await readAll(await store.stream("books/2.epub", { start: 3, end: 7 }));
    expect(range?.toString()).toBe("34567");
    const last = await readAll(await store.stream("books/2.epub", { start: 15, end: 15 }));
    expect(last?.toString()).toBe("f");
  });

  it("lists the files under a prefix, over as many pages as it takes", async () => {
    const uploads = Array.from({ length: 8 }, (_, i) => `uploads/u${i}.epub`);
    for (const key of uploads) await store.put(key, bytes(key));
    await store.put("uploadsx/not-this.epub", bytes("x"));
    const listed = await store.list("uploads/");
    expect(listed.map((entry) => entry.key).sort()).toEqual(uploads);
    expect(listed.find((entry) => entry.key === "uploads/u0.epub")?.size).toBe(15);
    expect((await store.list("uploads/u1")).map((entry) => entry.key)).toEqual(["uploads/u1.epub"]);
    expect(await store.list("nothing-here/")).toEqual([]);
  });

  it("deletes a file", async () => {
    await store.put("covers/3.png", bytes("png"));
    await store.delete("covers/3.png");
    expect(await store.has("covers/3.png")).toBe(false);
    expect((await store.list("covers/")).map((entry) => entry.key)).not.toContain("covers/3.png");
  });

  it.each(["../secret", "books/../../etc", "/books/1.epub", "Books/1.epub", "books/", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(store.get(key)).rejects.toThrow(/Invalid content key/);
      await expect(store.has(key)).rejects.toThrow(/Invalid content key/);
      await expect(store.stat(key)).rejects.toThrow(/Invalid content key/);
      await expect(store.put(key, bytes("x"))).rejects.toThrow(/Invalid content key/);
      await expect(store.stream(key)).rejects.toThrow(/Invalid content key/);
    },
  );
});

describe("an S3 store", () => {
  it("keeps its keys under the prefix, so one bucket can hold several shops", async () => {
    const shop = s3Store({ prefix: "shop-a/" });
    const whole = s3Store({ prefix: "" });
    await shop.put("books/7.epub", bytes("seven"));
    expect((await whole.get("shop-a/books/7.epub"))?.toString()).toBe("seven");
    expect(await s3Store({ prefix: "shop-b/" }).has("books/7.epub")).toBe(false);
  });

  it("is unavailable, quickly and plainly, when nothing answers", async () => {
    const down = s3Store({ endpoint: `http://127.0.0.1:${await closedPort()}` });
    const started = Date.now();
    for (const call of [
      () => down.check(),
      () => down.get("books/1.epub"),
      () => down.has("books/1.epub"),
      () => down.stat("books/1.epub"),
      () => down.stream("books/1.epub", { start: 0, end: 3 }),
      () => down.put("books/1.epub", bytes("x")),
      () => down.delete("books/1.epub"),
      () => down.list("books/"),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(ContentStoreUnavailable);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("is unavailable when the bucket does not exist or the credentials are refused", async () => {
    await expect(s3Store({ bucket: "no-such-bucket" }).check()).rejects.toBeInstanceOf(
      ContentStoreUnavailable,
    );
    await expect(s3Store({ bucket: "no-such-bucket" }).list("")).rejects.toBeInstanceOf(
      ContentStoreUnavailable,
    );
    const stranger = s3Store({ accessKeyId: "WRONG", secretAccessKey: "WRONG" });
    await expect(stranger.check()).rejects.toBeInstanceOf(ContentStoreUnavailable);
    await expect(stranger.get("books/1.epub")).rejects.toBeInstanceOf(ContentStoreUnavailable);
  });
});

describe("a folder store", () => {
  it("is unavailable when its folder cannot be made", async () => {
    const file = path.join(dir, "a-file");
    await writeFile(file, "not a folder");
    const store = new FileContentStore(path.join(file, "content"));
    await expect(store.check()).rejects.toBeInstanceOf(ContentStoreUnavailable);
  });
});
