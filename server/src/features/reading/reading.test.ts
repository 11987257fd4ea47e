import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ContentResponse, Progress, ProgressList } from "@folio/contract/reading";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, MINUTE } from "../../clock";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { lastMailTo, resetTokenFrom } from "../../test/mail";
import { createUser, type TestUser } from "../../test/accounts";
import { createBook, storeTestEpub } from "../../test/catalogue";
import { parseRange } from "./routes";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});

/** A book with an EPUB in the store, borrowed by a new reader. */
async function borrowedBook() {
  const book = await createBook(t.database.db, { copies: 3, price: 100 });
  const epub = await storeTestEpub(t.content, book);
  const reader = await createUser(t.app, t.database.db, { balancePence: 1000 });
  const result = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: book.id },
    reader.token,
  );
  expect(result.body.state).toBe("success");
  return { book, reader, epub };
}

const contentUrl = async (reader: TestUser, bookId: number) =>
  http.post<Omit<ContentResponse, "state"> & Omit<ErrorBody, "state">>(
    "/api/books/content",
    { bookId },
    reader.token,
  );

const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("content links end with the session they were made in", () => {
  const resetTokenOf = async (email: string) => {
    await http.post("/api/auth/forget", { email });
    return resetTokenFrom((await lastMailTo(t.database.db, email))!.textBody)!;
  };

  it.each([
    ["logout", async (reader: TestUser) => http.post("/api/auth/logout", undefined, reader.token)],
    [
      "a password change in another session",
      async (reader: TestUser) => {
        const other = await http.post<{ token: string }>("/api/auth/login", {
          email: reader.email,
          password: reader.password,
        });
        return http.post("/api/users/update", { password: "changed pw 1" }, other.body.token);
      },
    ],
    [
      "a password reset",
      async (reader: TestUser) =>
        http.post("/api/auth/reset", {
          token: await resetTokenOf(reader.email),
          password: "reset pw 1",
        }),
    ],
  ])("a link stops working after %s, well within its 10 minutes", async (_, endSession) => {
    const { book, reader } = await borrowedBook();
    const { body } = await contentUrl(reader, book.id);
    expect((await fetchFile(body.contentURL)).statusCode).toBe(200);
    expect((await endSession(reader)).status).toBe(200);
    const after = await fetchFile(body.contentURL);
    expect(after.statusCode).toBe(403);
    expect(after.json<ErrorBody>()).toMatchObject({
      code: "CONTENT_LINK_ENDED",
      message:
        "This reading link ended with the session it was made in. Please log in and open the book again.",
    });
  });

  it("a link made in another session of the same reader keeps working", async () => {
    const { book, reader } = await borrowedBook();
    const other = await http.post<{ token: string }>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    const { body } = await contentUrl(reader, book.id);
    expect((await http.post("/api/auth/logout", undefined, other.body.token)).status).toBe(200);
    expect((await fetchFile(body.contentURL)).statusCode).toBe(200);
  });
});

describe("signed content links", () => {
  it("gives a borrower a link valid 10 minutes that serves the EPUB", async () => {
    const { book, reader, epub } = await borrowedBook();
    const { status, body } = await contentUrl(reader, book.id);
    expect(status).toBe(200);
    expect(body.contentURL).toMatch(new RegExp(`^/api/content/${book.id}\\.epub\\?u=`));
    expect(new Date(body.expiresAt).getTime()).toBeLessThanOrEqual(
      t.clock.now().getTime() + 10 * MINUTE,
    );
    const file = await fetchFile(body.contentURL);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/epub+zip");
    expect(file.headers["accept-ranges"]).toBe("bytes");
    // Kept by no cache: the link ends with its session, and so must the copy it fetched.
    expect(file.headers["cache-control"]).toBe("no-store");
    expect(file.rawPayload.equals(Buffer.from(epub))).toBe(true);
    const again = await fetchFile(body.contentURL, { "if-none-match": String(file.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("answers 400 to a reader without the loan", async () => {
    const { book } = await borrowedBook();
    const stranger = await createUser(t.app, t.database.db);
    const { status, body } = await contentUrl(stranger, book.id);
    expect(status).toBe(400);
    expect(body.message).toBe("You need to borrow this book first before reading it");
  });

  it("refuses tampered links with 403", async () => {
    const { book, reader } = await borrowedBook();
    const other = await createUser(t.app, t.database.db);
    const signed = new URL((await contentUrl(reader, book.id)).body.contentURL, "http://x");
    const tampers: ((q: URLSearchParams) => void)[] = [
      (q) => q.set("s", `${q.get("s")!.slice(0, -2)}AA`),
      (q) => q.set("u", other.id),
      (q) => q.set("e", String(Number(q.get("e")) + 3600)),
      (q) => q.delete("s"),
    ];
    for (const tamper of tampers) {
      const query = new URLSearchParams(signed.search);
      tamper(query);
      const response = await fetchFile(`${signed.pathname}?${query.toString()}`);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().code).toBe("CONTENT_LINK_INVALID");
    }
    const otherBook = await createBook(t.database.db);
    expect((await fetchFile(`/api/content/${otherBook.id}.epub${signed.search}`)).statusCode).toBe(
      403,
    );
    expect((await fetchFile(`/api/content/..%2F..%2Fsecret${signed.search}`)).statusCode).toBe(400);
  });

  it("refuses an expired link with 403", async () => {
    const { book, reader } = await borrowedBook();
    const { contentURL } = (await contentUrl(reader, book.id)).body;
    t.clock.advance(11 * MINUTE);
    const response = await fetchFile(contentURL);
    t.clock.set(new Date());
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().code).toBe("CONTENT_LINK_EXPIRED");
  });

  it("checks the loan on every request: returned or overdue means 400", async () => {
    const { book, reader } = await borrowedBook();
    const { contentURL } = (await contentUrl(reader, book.id)).body;
    await http.post("/api/borrow/return", { bookId: book.id }, reader.token);
    expect((await fetchFile(contentURL)).statusCode).toBe(400);

    const second = await borrowedBook();
    const link = (await contentUrl(second.reader, second.book.id)).body.contentURL;
    t.clock.advance(30 * DAY + MINUTE);
    // The link itself is expired by now too; a fresh one cannot be had while overdue.
    const overdue = await http.post<ErrorBody>(
      "/api/books/content",
      { bookId: second.book.id },
      (
        await http.post<{ token: string }>("/api/auth/login", {
          email: second.reader.email,
          password: second.reader.password,
        })
      ).body.token,
    );
    t.clock.set(new Date());
    expect(overdue.status).toBe(400);
    expect(link).toBeTruthy();
  });

  it("serves byte ranges", async () => {
    const { book, reader, epub } = await borrowedBook();
    const { contentURL } = (await contentUrl(reader, book.id)).body;
    const part = await fetchFile(contentURL, { range: "bytes=0-99" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${epub.length}`);
    expect(part.rawPayload.equals(Buffer.from(epub.subarray(0, 100)))).toBe(true);
    const tail = await fetchFile(contentURL, { range: "bytes=-10" });
    expect(tail.rawPayload.equals(Buffer.from(epub.subarray(epub.length - 10)))).toBe(true);
    const beyond = await fetchFile(contentURL, { range: `bytes=${epub.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${epub.length}`);
  });

  it("parses ranges as RFC 9110 says", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=10-", 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange("bytes=90-200", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=50-10", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
  });
});

describe("reading progress", () => {
  it("saves the position and gives it back, from any session", async () => {
    const { book, reader } = await borrowedBook();
    const empty = await http.get<Progress>(`/api/reading/progress?bookId=${book.id}`, reader.token);
    expect(empty.body).toMatchObject({ locator: null, percentage: null });
    const locator = "epubcfi(/6/4!/4/2/1:0)";
    expect(
      (
        await http.post<Progress>(
          "/api/reading/progress",
          { bookId: book.id, locator, percentage: 12.345 },
          reader.token,
        )
      ).status,
    ).toBe(200);
    const otherSession = (
      await http.post<{ token: string }>("/api/auth/login", {
        email: reader.email,
        password: reader.password,
      })
    ).body.token;
    const loaded = await http.get<Progress>(
      `/api/reading/progress?bookId=${book.id}`,
      otherSession,
    );
    expect(loaded.body).toMatchObject({ bookId: String(book.id), locator, percentage: 12.35 });
    await http.post(
      "/api/reading/progress",
      { bookId: book.id, locator: "epubcfi(/6/8)", percentage: 50 },
      reader.token,
    );
    expect(
      (await http.get<Progress>(`/api/reading/progress?bookId=${book.id}`, reader.token)).body
        .locator,
    ).toBe("epubcfi(/6/8)");
  });

  it("is each reader's own and needs the loan to save", async () => {
    const { book, reader } = await borrowedBook();
    await http.post(
      "/api/reading/progress",
      { bookId: book.id, locator: "x", percentage: 5 },
      reader.token,
    );
    const other = await createUser(t.app, t.database.db);
    expect(
      (await http.get<Progress>(`/api/reading/progress?bookId=${book.id}`, other.token)).body
        .locator,
    ).toBeNull();
    expect(
      (
        await http.post(
          "/api/reading/progress",
          { bookId: book.id, locator: "x", percentage: 5 },
          other.token,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await http.post(
          "/api/reading/progress",
          { bookId: book.id, locator: "x", percentage: 101 },
          reader.token,
        )
      ).status,
    ).toBe(400);
    expect((await http.get(`/api/reading/progress?bookId=${book.id}`)).status).toBe(401);
  });

  it("lists how far the reader got in each book they opened, latest first, and only theirs", async () => {
    const { book: first, reader } = await borrowedBook();
    const second = await createBook(t.database.db);
    const lent = await http.post<BorrowResult>(
      "/api/borrow/borrow",
      { bookId: second.id },
      reader.token,
    );
    expect(lent.body.state).toBe("success");
    const save = (bookId: number, percentage: number) =>
      http.post("/api/reading/progress", { bookId, locator: "x", percentage }, reader.token);
    await save(first.id, 40);
    t.clock.advance(MINUTE);
    await save(second.id, 2.5);
    const list = await http.get<ProgressList>("/api/reading/progress/list", reader.token);
    expect(list.body).toMatchObject({
      state: "success",
      progress: [
        { bookId: String(second.id), percentage: 2.5 },
        { bookId: String(first.id), percentage: 40 },
      ],
    });
    const other = await createUser(t.app, t.database.db);
    expect(
      (await http.get<ProgressList>("/api/reading/progress/list", other.token)).body.progress,
    ).toEqual([]);
    expect((await http.get("/api/reading/progress/list")).status).toBe(401);
  });
});
