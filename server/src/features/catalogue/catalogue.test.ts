import type {
  BookDetail,
  BookList,
  BooksByCategory,
  CategoriesList,
  RelatedResult,
  SearchResult,
} from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import type { BookDetailWithHolds } from "@folio/contract/holds";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { books } from "../../db/schema";
import { seedBooks, seedCategories } from "../../seed/catalogue-data";
import { SAMPLE_PRICE_PENCE } from "../../seed/seed";
import { useTestApp } from "../../test/app";
import { CACHE_MS } from "./routes";
import { SEARCH_IDS_MS } from "./service";
import { createBook, createCategory } from "../../test/catalogue";

const t = useTestApp();

async function get<T>(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
}

describe("GET /api/books/popular", () => {
  it("orders by recent loans, then rating, then title", async () => {
    const category = await createCategory(t.database.db);
    const busy = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Popular C",
      recentLoans: 900,
    });
    const busyRated = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Popular Z",
      recentLoans: 900,
      rating: 4.5,
    });
    const busyLowRated = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Popular A",
      recentLoans: 900,
      rating: 2,
    });
    const lessBusy = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Popular B",
      recentLoans: 800,
    });

    const { status, body } = await get<BookList>("/api/books/popular?page=1&pageSize=4");
    expect(status).toBe(200);
    expect(body.bookId).toEqual([busyRated, busyLowRated, busy, lessBusy].map((b) => String(b.id)));
    expect(body.books.map((b) => b.bookId)).toEqual(body.bookId);
    expect(body).toMatchObject({ state: "success", page: 1, pageSize: 4, hasMore: true });
  });

  it("pages through the whole catalogue without repeats", async () => {
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await get<BookList>(`/api/books/popular?page=${page}&pageSize=50`);
      seen.push(...body.bookId);
      if (!body.hasMore) break;
    }
    expect(seen.length).toBeGreaterThanOrEqual(124);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers up to 1000 ids when not paged, for clients that page on their own", async () => {
    const { body } = await get<BookList>("/api/books/popular");
    expect(body.bookId.length).toBeGreaterThanOrEqual(124);
    expect(body.bookId.length).toBeLessThanOrEqual(1000);
    expect(body.books).toHaveLength(body.bookId.length);
    expect(body.hasMore).toBe(false);
  });

  it("defaults pageSize to 10 when only page is given", async () => {
    const { body } = await get<BookList>("/api/books/popular?page=2");
    expect(body.bookId).toHaveLength(10);
    expect(body.pageSize).toBe(10);
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["pageSize=51", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["pageSize=2.5", "pageSize"],
  ])("refuses %s with a 400 naming the field", async (query, field) => {
    const { status, body } = await get<ErrorBody>(`/api/books/popular?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: "error", code: "VALIDATION", field });
    expect(body.message).toMatch(new RegExp(`^${field} `));
  });
});

describe("GET /api/books/get", () => {
  it("answers the book with the wire names of the spec, money in pounds", async () => {
    const category = await createCategory(t.database.db, { name: "Wire Shapes" });
    const book = await createBook(t.database.db, {
      categoryId: category.id,
      title: "The Shape of Things",
      author: "A. Writer",
      price: 349,
      copies: 3,
      availableCopies: 1,
      rating: 4.2,
    });
    const { status, body } = await get<BookDetailWithHolds>(`/api/books/get?bookId=${book.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      state: "success",
      bookId: String(book.id),
      id: String(book.id),
      title: "The Shape of Things",
      author: "A. Writer",
      category: "Wire Shapes",
      categoryId: String(category.id),
      price: 3.49,
      rating: 4.2,
      ratingCount: 1,
      description: "A book made by a test.",
      coverUrl: `/api/books/${book.id}/cover`,
      availableCopies: 1,
      totalCopies: 3,
      year: 1900,
      language: "en",
      borrowTimes: 0,
      lendsLeft: 10,
      sample: false,
      // Its queue (design.md §7.2): no one waits while a copy is free.
      holdsWaiting: 0,
      estimatedWaitDays: null,
    });
  });

  it("tells how many loans the lending licence still allows, in the detail and in lists", async () => {
    const category = await createCategory(t.database.db);
    const spent = await createBook(t.database.db, { categoryId: category.id, title: "A Spent" });
    const used = await createBook(t.database.db, { categoryId: category.id, title: "B Used" });
    await t.database.db.update(books).set({ borrowTimes: 10 }).where(eq(books.id, spent.id));
    await t.database.db.update(books).set({ borrowTimes: 3 }).where(eq(books.id, used.id));
    // The licence is spent though both copies are free: availableCopies alone would mislead.
    expect((await get<BookDetail>(`/api/books/get?bookId=${spent.id}`)).body).toMatchObject({
      availableCopies: 2,
      lendsLeft: 0,
    });
    const listed = await get<BooksByCategory>(`/api/books?categoryId=${category.id}`);
    expect(listed.body.books.map((b) => [b.title, b.lendsLeft])).toEqual([
      ["A Spent", 0],
      ["B Used", 7],
    ]);
  });

  it("finds a seeded book", async () => {
    const search = await get<SearchResult>("/api/books/search?title=Moby-Dick");
    const id = search.body.bookId[0];
    const { body } = await get<BookDetail>(`/api/books/get?bookId=${id}`);
    expect(body).toMatchObject({ title: "Moby-Dick", author: "Herman Melville", year: 1851 });
    expect(body.price).toBeGreaterThanOrEqual(1.99);
    expect(body.price).toBeLessThanOrEqual(9.99);
  });

  it("marks the seed's sample editions in every answer that carries books, at the sample's price", async () => {
    const mobyPrice = seedBooks.find((b) => b.title === "Moby-Dick")!.price / 100;
    const [moby] = (await get<SearchResult>("/api/books/search?title=Moby-Dick")).body.books;
    expect(moby).toMatchObject({ title: "Moby-Dick", sample: false, price: mobyPrice });
    const found = await get<SearchResult>("/api/books/search?title=pride%20and%20prejudice");
    const pride = found.body.books.find((b) => b.title === "Pride and Prejudice")!;
    expect(pride).toMatchObject({ sample: true, price: SAMPLE_PRICE_PENCE / 100 });
    const detail = await get<BookDetail>(`/api/books/get?bookId=${pride.bookId}`);
    expect(detail.body).toMatchObject({ sample: true, price: 0.99 });
    // Books the tests made are full editions; the seed's are samples but Moby-Dick.
    const samples = new Set(
      seedBooks.filter((b) => b.title !== "Moby-Dick").map((b) => `${b.title}/${b.author}`),
    );
    const popular = await get<BookList>("/api/books/popular?page=1&pageSize=50");
    expect(popular.body.books.map((b) => b.sample)).toEqual(
      popular.body.books.map((b) => samples.has(`${b.title}/${b.author}`)),
    );
    expect(popular.body.books.some((b) => b.sample)).toBe(true);
    const related = await get<RelatedResult>(`/api/books/related?bookId=${pride.bookId}`);
    expect(related.body.sameAuthor.length).toBeGreaterThan(0);
    expect(related.body.sameAuthor.every((b) => b.sample)).toBe(true);
  });

  it("answers 404 for a book that does not exist", async () => {
    const { status, body } = await get<ErrorBody>("/api/books/get?bookId=987654");
    expect(status).toBe(404);
    expect(body).toEqual({
      state: "error",
      code: "BOOK_NOT_FOUND",
      message: "That book is not in the catalogue.",
    });
  });

  it.each([
    ["", "bookId is required."],
    ["?bookId=", "bookId is required."],
    ["?bookId=abc", "bookId must be a number."],
    ["?bookId=1.5", "bookId must be a whole number."],
    ["?bookId=-3", "bookId must be a positive whole number."],
    ["?bookId=1e3", "bookId must be written in digits."],
    ["?bookId=0x10", "bookId must be written in digits."],
    ["?bookId=%2012", "bookId must be written in digits."],
    ["?bookId=99999999999999999999", "bookId is not a known id."],
  ])("answers 400 for bookId %j", async (query, message) => {
    const { status, body } = await get<ErrorBody>(`/api/books/get${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ state: "error", code: "VALIDATION", message, field: "bookId" });
  });
});

describe("GET /api/books/search", () => {
  it("matches titles regardless of case and accents", async () => {
    for (const query of ["les miserables", "MISÉRABLES", "misérables", "Miser"]) {
      const { status, body } = await get<SearchResult>(
        `/api/books/search?title=${encodeURIComponent(query)}`,
      );
      expect(status).toBe(200);
      expect(body.books.map((b) => b.title)).toContain("Les Misérables");
    }
  });

  it("matches authors regardless of accents and finds all their books", async () => {
    const { body } = await get<SearchResult>("/api/books/search?author=emile%20zola");
    expect(body.books.length).toBeGreaterThanOrEqual(1);
    expect(body.books.every((b) => b.author === "Émile Zola")).toBe(true);

    const dickens = await get<SearchResult>("/api/books/search?author=dickens");
    expect(dickens.body.books.length).toBeGreaterThanOrEqual(2);
    expect(dickens.body.books.every((b) => b.author === "Charles Dickens")).toBe(true);
  });

  it("ranks exact matches, then prefixes, then the rest", async () => {
    const category = await createCategory(t.database.db);
    const contains = await createBook(t.database.db, {
      categoryId: category.id,
      title: "The Last Quillmoor",
    });
    const prefix = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Quillmoor Returns",
    });
    const exact = await createBook(t.database.db, { categoryId: category.id, title: "Quillmoor" });
    const { body } = await get<SearchResult>("/api/books/search?title=quillmoor");
    expect(body.bookId).toEqual([exact, prefix, contains].map((b) => String(b.id)));
  });

  it("combines title, author and category, and trims them", async () => {
    const category = await createCategory(t.database.db, { name: "Combined Search Shelf" });
    const wanted = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Harbour Lights",
      author: "Mara Quell",
    });
    await createBook(t.database.db, {
      categoryId: category.id,
      title: "Harbour Lights",
      author: "Someone Else",
    });
    await createBook(t.database.db, { title: "Harbour Lights", author: "Mara Quell Jr" });
    const { body } = await get<SearchResult>(
      `/api/books/search?title=${encodeURIComponent("  harbour ")}&author=mara%20quell&category=${encodeURIComponent(" combined search ")}`,
    );
    expect(body.bookId).toEqual([String(wanted.id)]);
  });

  it("searches by category name", async () => {
    const { body } = await get<SearchResult>("/api/books/search?category=poetry&pageSize=50");
    expect(body.books.length).toBeGreaterThanOrEqual(10);
    expect(body.books.every((b) => b.category === "Poetry")).toBe(true);
  });

  it("pages with hasMore true only while a further page exists", async () => {
    const first = await get<SearchResult>("/api/books/search?category=poetry&page=1&pageSize=5");
    expect(first.body.bookId).toHaveLength(5);
    expect(first.body.hasMore).toBe(true);
    const all = await get<SearchResult>("/api/books/search?category=poetry&pageSize=50");
    const lastPage = Math.ceil(all.body.bookId.length / 5);
    const last = await get<SearchResult>(
      `/api/books/search?category=poetry&page=${lastPage}&pageSize=5`,
    );
    expect(last.body.hasMore).toBe(false);
    const beyond = await get<SearchResult>(
      `/api/books/search?category=poetry&page=${lastPage + 1}&pageSize=5`,
    );
    expect(beyond.body).toMatchObject({ bookId: [], books: [], hasMore: false });
  });

  it("treats % and _ as ordinary characters", async () => {
    const { status, body } = await get<SearchResult>("/api/books/search?title=%25");
    expect(status).toBe(200);
    expect(body.bookId).toEqual([]);
    const underscore = await get<SearchResult>("/api/books/search?title=_");
    expect(underscore.body.bookId).toEqual([]);
  });

  it("says so when nothing matches", async () => {
    const { status, body } = await get<SearchResult>("/api/books/search?title=zzqqxxnotabook");
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: "success", bookId: [], books: [], hasMore: false });
    expect(body.message).toBe("No books match your search.");
  });

  it.each(["", "?title=", "?title=%20%20&author=%09", "?page=1"])(
    "needs at least one non-blank parameter (%j)",
    async (query) => {
      const { status, body } = await get<ErrorBody>(`/api/books/search${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        state: "error",
        code: "VALIDATION",
        message: "At least one search parameter is required",
      });
    },
  );

  it("refuses an over-long query and repeated parameters", async () => {
    const long = await get<ErrorBody>(`/api/books/search?title=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("title");
    const repeated = await get<ErrorBody>("/api/books/search?title=a&title=b");
    expect(repeated.status).toBe(400);
    expect(repeated.body.field).toBe("title");
  });
});

describe("GET /api/books?categoryId", () => {
  it("lists a category's books by title with its total", async () => {
    const category = await createCategory(t.database.db);
    const b = await createBook(t.database.db, { categoryId: category.id, title: "Bravo" });
    const a = await createBook(t.database.db, { categoryId: category.id, title: "Alpha" });
    const c = await createBook(t.database.db, { categoryId: category.id, title: "Charlie" });
    const { status, body } = await get<BooksByCategory>(
      `/api/books?categoryId=${category.id}&page=1&pageSize=2`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      categoryId: String(category.id),
      total: 3,
      bookId: [String(a.id), String(b.id)],
      hasMore: true,
    });
    const rest = await get<BooksByCategory>(
      `/api/books?categoryId=${category.id}&page=2&pageSize=2`,
    );
    expect(rest.body).toMatchObject({ bookId: [String(c.id)], hasMore: false, total: 3 });
  });

  it("answers an empty list for a category with no books", async () => {
    const category = await createCategory(t.database.db);
    const { body } = await get<BooksByCategory>(`/api/books?categoryId=${category.id}`);
    expect(body).toMatchObject({ total: 0, bookId: [], books: [], hasMore: false });
  });

  it("answers 404 for an unknown category and 400 without one", async () => {
    const unknown = await get<ErrorBody>("/api/books?categoryId=424242");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("CATEGORY_NOT_FOUND");
    const missing = await get<ErrorBody>("/api/books");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: "VALIDATION",
      field: "categoryId",
      message: "categoryId is required.",
    });
  });
});

describe("categories", () => {
  it("lists every category with 'Success', names, descriptions and counts", async () => {
    const { status, body } = await get<CategoriesList>("/api/categories/getAll");
    expect(status).toBe(200);
    expect(body.state).toBe("Success");
    const seedNames = new Set(seedCategories.map((c) => c.name));
    const seeded = body.categoriesList.filter((c) => seedNames.has(c.name));
    expect(seeded).toHaveLength(seedCategories.length);
    expect(seeded.length).toBeGreaterThanOrEqual(10);
    for (const category of seeded) {
      expect(Object.keys(category).sort()).toEqual(["bookCount", "description", "id", "name"]);
      expect(category.bookCount).toBeGreaterThanOrEqual(10);
      expect(category.description.length).toBeGreaterThan(20);
    }
    const names = body.categoriesList.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort(
        (x, y) => x.localeCompare(y, "en", { sensitivity: "base" }) || (x < y ? -1 : 1),
      ),
    );
  });

  it("answers one category's detail, 404 when unknown, 400 for a bad id", async () => {
    const all = await get<CategoriesList>("/api/categories/getAll");
    const poetry = all.body.categoriesList.find((c) => c.name === "Poetry")!;
    const { status, body } = await get(`/api/categories/${poetry.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ state: "success", ...poetry });
    expect((await get<ErrorBody>("/api/categories/999999")).status).toBe(404);
    const bad = await get<ErrorBody>("/api/categories/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("id");
  });
});

describe("covers", () => {
  it("draws an SVG cover from the title and author, escaped", async () => {
    const book = await createBook(t.database.db, {
      title: "Tom & Jerry <script>",
      author: "O'Brien",
    });
    const response = await t.app.inject({ method: "GET", url: `/api/books/${book.id}/cover` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["cache-control"]).toContain("max-age");
    expect(response.body).toContain("Tom &#38; Jerry");
    expect(response.body).not.toContain("<script>");
  });

  it("answers 404 for an unknown book and 400 for a path that is not an id", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/books/999999/cover" })).statusCode).toBe(
      404,
    );
    const traversal = await t.app.inject({
      method: "GET",
      url: "/api/books/..%2F..%2Fetc%2Fpasswd/cover",
    });
    expect(traversal.statusCode).toBe(400);
  });
});

describe("answers kept in memory (docs/performance.md)", () => {
  const fresh = { "cache-control": "no-cache" };
  async function getFresh<T>(url: string) {
    const response = await t.app.inject({ method: "GET", url, headers: fresh });
    return response.json<T>();
  }

  it("answers a repeated search from memory, and afresh on Cache-Control: no-cache", async () => {
    const category = await createCategory(t.database.db);
    await createBook(t.database.db, { categoryId: category.id, title: "Zephyrine Alpha" });
    const first = await get<SearchResult>("/api/books/search?title=zephyrine");
    expect(first.body.books.map((b) => b.title)).toEqual(["Zephyrine Alpha"]);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);

    await createBook(t.database.db, { categoryId: category.id, title: "Zephyrine Beta" });
    const repeated = await get<SearchResult>("/api/books/search?title=zephyrine");
    expect(repeated.body).toEqual(first.body);
    const afresh = await getFresh<SearchResult>("/api/books/search?title=zephyrine");
    expect(afresh.books.map((b) => b.title)).toEqual(["Zephyrine Alpha", "Zephyrine Beta"]);
  });

  it("keeps which books a search finds for minutes, but reads the books afresh", async () => {
    const category = await createCategory(t.database.db);
    const alpha = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Quorvane Alpha",
      copies: 3,
    });
    const url = "/api/books/search?title=quorvane";
    const found = async () =>
      (await get<SearchResult>(url)).body.books.map((b) => [b.title, b.availableCopies]);
    expect(await found()).toEqual([["Quorvane Alpha", 3]]);

    await createBook(t.database.db, { categoryId: category.id, title: "Quorvane Beta", copies: 2 });
    await t.database.db.execute(sql`update books set available_copies = 1 where id = ${alpha.id}`);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + CACHE_MS.search + 1 });
    try {
      // The answer has expired; the ids are kept, the copies are today's.
      expect(await found()).toEqual([["Quorvane Alpha", 1]]);
      vi.setSystemTime(Date.now() + SEARCH_IDS_MS);
      expect(await found()).toEqual([
        ["Quorvane Alpha", 1],
        ["Quorvane Beta", 2],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps category counts for a while; a fresh read sees a new category", async () => {
    await get<CategoriesList>("/api/categories/getAll");
    const added = await createCategory(t.database.db, { name: "Zz Cached Category" });
    const cached = await get<CategoriesList>("/api/categories/getAll");
    expect(cached.body.categoriesList.some((c) => c.id === String(added.id))).toBe(false);
    const afresh = await getFresh<CategoriesList>("/api/categories/getAll");
    expect(afresh.categoriesList.find((c) => c.id === String(added.id))).toMatchObject({
      bookCount: 0,
    });
  });

  it("answers book details asked for together, each with its own book or 404", async () => {
    const one = await createBook(t.database.db, { title: "Batch One" });
    const two = await createBook(t.database.db, { title: "Batch Two" });
    const answers = await Promise.all(
      [one.id, two.id, 999_999, one.id].map((id) => get<BookDetail>(`/api/books/get?bookId=${id}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 200]);
    expect(answers.map((a) => a.body.title)).toEqual([
      "Batch One",
      "Batch Two",
      undefined,
      "Batch One",
    ]);
  });

  it("never keeps a book's detail: its copies are always today's", async () => {
    const book = await createBook(t.database.db, { copies: 3 });
    const before = await get<BookDetail>(`/api/books/get?bookId=${book.id}`);
    expect(before.body.availableCopies).toBe(3);
    await t.database.db.execute(sql`update books set available_copies = 1 where id = ${book.id}`);
    const after = await get<BookDetail>(`/api/books/get?bookId=${book.id}`);
    expect(after.body.availableCopies).toBe(1);
    expect(after.body.category).toBe(before.body.category);
  });
});
