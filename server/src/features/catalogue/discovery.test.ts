import type {
  BookList,
  BooksByCategory,
  RelatedResult,
  SearchResult,
  SuggestResult,
} from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import { SEARCH_CORRECTED_WORDS, SEARCH_MAX_WORDS } from "@folio/contract/constants";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { books } from "../../db/schema";
import { createUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook, createCategory } from "../../test/catalogue";
import { httpClient } from "../../test/http";

const t = useTestApp();

/** Always from the database: these tests add books and expect to find them at once. */
async function get<T>(url: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { "cache-control": "no-cache" },
  });
  return { status: response.statusCode, body: response.json<T>() };
}

const search = (params: Record<string, string>) =>
  get<SearchResult>(`/api/books/search?${new URLSearchParams(params).toString()}`);

describe("search forgives typos", () => {
  it.each([
    ["mobby dick", "Moby-Dick"],
    ["pride and prejudise", "Pride and Prejudice"],
    ["sherlok", "The Adventures of Sherlock Holmes"],
    ["frankenstien", "Frankenstein"],
  ])("finds %s: %s first, and says what was meant", async (typed, meant) => {
    const { status, body } = await search({ title: typed });
    expect(status).toBe(200);
    expect(body.books[0]?.title).toBe(meant);
    expect(body.didYouMeanField).toBe("title");
    expect(body.didYouMean?.toLowerCase()).toContain(typed.split(" ")[0]!.slice(0, 3));
  });

  it("names the book as printed when the correction is its title", async () => {
    const { body } = await search({ title: "pride and prejudise" });
    expect(body.didYouMean).toBe("Pride and Prejudice");
    const moby = await search({ title: "mobby dick" });
    expect(moby.body.didYouMean).toBe("Moby-Dick");
  });

  it("corrects an author, and says so for the author", async () => {
    const { body } = await search({ author: "charles dikens" });
    expect(body.books.length).toBeGreaterThan(0);
    expect(body.books.every((book) => book.author === "Charles Dickens")).toBe(true);
    expect(body.didYouMean).toBe("Charles Dickens");
    expect(body.didYouMeanField).toBe("author");
  });

  it("offers nothing to mean when every word is in the catalogue, or none is close", async () => {
    const found = await search({ title: "moby" });
    expect(found.body.didYouMean).toBeNull();
    expect(found.body.didYouMeanField).toBeNull();
    const nothing = await search({ title: "zzqqxxnotabook" });
    expect(nothing.body.books).toEqual([]);
    expect(nothing.body.didYouMean).toBeNull();
    expect(nothing.body.message).toBe("No books match your search.");
  });

  it("never minds accents or case", async () => {
    for (const typed of ["BRONTË", "bronte", "Brontë"]) {
      const { body } = await search({ author: typed });
      expect(body.books.length).toBeGreaterThan(0);
      expect(body.books.every((book) => book.author.includes("Brontë"))).toBe(true);
      expect(body.didYouMean).toBeNull();
    }
    const { body } = await search({ title: "LES MISERABLES" });
    expect(body.books[0]?.title).toBe("Les Misérables");
  });

  it("leaves a half-typed last word alone", async () => {
    const { body } = await search({ title: "frankenst" });
    expect(body.books[0]?.title).toBe("Frankenstein");
    expect(body.didYouMean).toBeNull();
  });

  it("finds a book's words as soon as it is added", async () => {
    const book = await createBook(t.database.db, { title: "The Quillmoorian Almanack" });
    const { body } = await search({ title: "quilmorian almanak" });
    expect(body.books[0]?.bookId).toBe(String(book.id));
    // The words meant, as the book prints them.
    expect(body.didYouMean).toBe("Quillmoorian Almanack");
  });

  it("finds a title's words in any order, after those that hold the phrase", async () => {
    const category = await createCategory(t.database.db);
    // By title alone the one with the words apart would come first.
    const apart = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Aa Lantern by Harrowgate",
    });
    const together = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Zz Harrowgate Lantern",
    });
    const { body } = await search({ title: "harrowgate lantern" });
    expect(body.bookId).toEqual([String(together.id), String(apart.id)]);
  });

  it("ranks exact, then prefix, then a word's start, then anywhere, then words apart", async () => {
    const category = await createCategory(t.database.db);
    const make = (title: string) => createBook(t.database.db, { categoryId: category.id, title });
    // Made in an order that is none of the expected one, and titles that sort otherwise too.
    const apart = await make("Aa Vornel Dusk Brightwater");
    const anywhere = await make("Ab Ravornel Brightwater Dusk");
    const wordStart = await make("Ac The Vornel Brightwater");
    const prefix = await make("Vornel Brightwater Rising");
    const exact = await make("Vornel Brightwater");
    const { body } = await search({ title: "vornel brightwater", sort: "relevance" });
    expect(body.bookId).toEqual(
      [exact, prefix, wordStart, anywhere, apart].map((book) => String(book.id)),
    );
  });
});

describe("a title search that finds no title", () => {
  it("shows the books of the author its words name, and says which", async () => {
    const { status, body } = await search({ title: "austen" });
    expect(status).toBe(200);
    // What the title found stays as the spec has it.
    expect(body.books).toEqual([]);
    expect(body.bookId).toEqual([]);
    expect(body.message).toBe("No books match your search.");
    expect(body.didYouMean).toBeNull();
    expect(body.fallback).toMatchObject({
      field: "author",
      names: ["Jane Austen"],
      moreNames: false,
    });
    const titles = body.fallback!.books.map((book) => book.title);
    expect(titles).toEqual(["Emma", "Pride and Prejudice", "Sense and Sensibility"]);
    expect(body.fallback!.bookId).toEqual(body.fallback!.books.map((book) => book.bookId));
    expect(body.fallback!.hasMore).toBe(false);
  });

  it("corrects the author's name for the author, not the title", async () => {
    const { body } = await search({ title: "jane austin" });
    expect(body.books).toEqual([]);
    expect(body.didYouMean).toBe("Jane Austen");
    expect(body.didYouMeanField).toBe("author");
    expect(body.fallback?.names).toEqual(["Jane Austen"]);
    expect(body.fallback?.books.every((book) => book.author === "Jane Austen")).toBe(true);
    expect(body.fallback?.books).toHaveLength(3);
  });

  it("names every author who holds the words, and says when there are more", async () => {
    const bronte = await search({ title: "bronte" });
    expect(bronte.body.fallback?.names).toEqual(["Charlotte Brontë", "Emily Brontë"]);
    expect(bronte.body.fallback?.moreNames).toBe(false);
    const category = await createCategory(t.database.db);
    for (const author of ["Ann Quorvish", "Bea Quorvish", "Cy Quorvish", "Di Quorvish"]) {
      await createBook(t.database.db, { categoryId: category.id, author });
    }
    const many = await search({ title: "quorvish" });
    expect(many.body.fallback?.names).toEqual(["Ann Quorvish", "Bea Quorvish", "Cy Quorvish"]);
    expect(many.body.fallback?.moreNames).toBe(true);
    expect(many.body.fallback?.books).toHaveLength(4);
  });

  it("shows a category's books when no author holds the words, page after page", async () => {
    const { body } = await search({ title: "poetry", pageSize: "5" });
    expect(body.books).toEqual([]);
    expect(body.fallback).toMatchObject({ field: "category", names: ["Poetry"], hasMore: true });
    expect(body.fallback?.books).toHaveLength(5);
    expect(body.fallback?.books.every((book) => book.category === "Poetry")).toBe(true);
    const next = await search({ title: "poetry", pageSize: "5", page: "2" });
    expect(next.body.fallback?.field).toBe("category");
    const ids = new Set([...body.fallback!.bookId, ...next.body.fallback!.bookId]);
    expect(ids.size).toBe(body.fallback!.books.length + next.body.fallback!.books.length);
    const byCategory = await search({ category: "poetry", pageSize: "5", page: "2" });
    expect(next.body.fallback?.bookId).toEqual(byCategory.body.bookId);
  });

  it("keeps the sort and filters for the books shown instead", async () => {
    const { body } = await search({ title: "austen", sort: "title", available: "true" });
    const byAuthor = await search({ author: "austen", sort: "title", available: "true" });
    expect(body.fallback?.bookId).toEqual(byAuthor.body.bookId);
  });

  it("changes nothing when a title is found, a page past the titles, or the words name nothing", async () => {
    const moby = await search({ title: "moby" });
    expect(moby.body.books[0]?.title).toBe("Moby-Dick");
    expect(moby.body.fallback).toBeNull();
    // Past the last page of titles found: no other books slip in.
    const past = await search({ title: "moby", page: "2" });
    expect(past.body.books).toEqual([]);
    expect(past.body.fallback).toBeNull();
    const nothing = await search({ title: "zzqqxxnotabook" });
    expect(nothing.body.fallback).toBeNull();
    expect(nothing.body.message).toBe("No books match your search.");
    // A search that names its fields is answered as asked.
    const both = await search({ title: "austen", author: "melville" });
    expect(both.body.fallback).toBeNull();
    const byAuthor = await search({ author: "austen" });
    expect(byAuthor.body.books).toHaveLength(3);
    expect(byAuthor.body.fallback).toBeNull();
  });
});

describe("a search of many words", () => {
  it(`reads the first ${SEARCH_MAX_WORDS} words of a field and lets the rest go`, async () => {
    const category = await createCategory(t.database.db);
    const make = (title: string, author = "Ilse Marrow") =>
      createBook(t.database.db, { categoryId: category.id, title, author });
    const first = "Vrok Zemp Qurl Fasp Dwib Yolt Gnap Kvet";
    const later = "Plim Trov Snuk Wrax Blep Jist Mogg Hurv";
    const wanted = await make(first);
    await make(later);
    // Forty words, the 200 characters a field may hold: the book of the last 32 is never found.
    const forty = [first, later, later, later, later].join(" ");
    expect(forty.split(" ")).toHaveLength(40);
    const long = await search({ title: forty });
    expect(long.status).toBe(200);
    expect(long.body.bookId).toEqual([String(wanted.id)]);
    expect(long.body.bookId).toEqual((await search({ title: first })).body.bookId);

    const byAuthor = await make("Ninefold Lantern", first);
    const authors = await search({ author: `${first} ${later}` });
    expect(authors.body.bookId).toEqual([String(byAuthor.id)]);
  });

  it(`puts right at most ${SEARCH_CORRECTED_WORDS} misspelt words of a search`, async () => {
    const book = await createBook(t.database.db, {
      title: "Quorvane Blenthic Skarrow Mirthal Tovengar Pellucine",
    });
    const slips = ["quorvame", "blemthic", "skarow", "mirthel", "tovenger", "pelucine"];
    // Four slips and two words as printed: found, and said as the book prints it.
    const four = await search({ title: [...slips.slice(0, 4), "tovengar", "pellucine"].join(" ") });
    expect(four.body.bookId).toEqual([String(book.id)]);
    expect(four.body.didYouMean).toBe("Quorvane Blenthic Skarrow Mirthal Tovengar Pellucine");
    // Six slips: the first four are put right, the last two are searched as typed.
    const six = await search({ title: slips.join(" ") });
    expect(six.status).toBe(200);
    expect(six.body.didYouMean).toBe("quorvane blenthic skarrow mirthal tovenger pelucine");
    expect(six.body.bookId).toEqual([]);
  });
});

describe("sort and filter", () => {
  let shelves = 0;
  /** Five books of a word no other book has, in a category of their own. */
  async function shelf() {
    shelves += 1;
    const word = `zendrel${"abcdefghij"[shelves]}`;
    const category = await createCategory(t.database.db);
    const make = (title: string, extra: Parameters<typeof createBook>[1] = {}) =>
      createBook(t.database.db, { categoryId: category.id, title: `${word} ${title}`, ...extra });
    const low = await make("One", { rating: 2, recentLoans: 50 });
    const high = await make("Two", { rating: 4.5, recentLoans: 5 });
    const none = await make("Three", { copies: 1, availableCopies: 0, rating: 4 });
    const spent = await make("Four", { rating: 3 });
    await t.database.db.update(books).set({ borrowTimes: 10 }).where(eq(books.id, spent.id));
    const newest = await make("Five");
    return { word, category, low, high, none, spent, newest };
  }
  const ids = (...rows: { id: number }[]) => rows.map((row) => String(row.id));

  it("orders a search by rating, popularity, newest or title", async () => {
    const { word, low, high, none, spent, newest } = await shelf();
    const by = async (sort: string) => (await search({ title: word, sort })).body.bookId;
    expect(await by("rating")).toEqual(ids(high, none, spent, low, newest));
    expect(await by("popular")).toEqual(ids(low, high, none, spent, newest));
    expect(await by("newest")).toEqual(ids(newest, spent, none, high, low));
    expect(await by("title")).toEqual(ids(newest, spent, low, none, high));
  });

  it("narrows to books that can be borrowed now, and to a least rating", async () => {
    const { word, low, high, none, newest } = await shelf();
    const available = await search({ title: word, available: "true", sort: "title" });
    expect(available.body.bookId).toEqual(ids(newest, low, high));
    const rated = await search({ title: word, minRating: "3.5", sort: "rating" });
    expect(rated.body.bookId).toEqual(ids(high, none));
    const both = await search({ title: word, minRating: "4", available: "true" });
    expect(both.body.bookId).toEqual(ids(high));
  });

  it("sorts and filters the library grid and a category's list, and pages them", async () => {
    const { category, low, high, none, spent, newest } = await shelf();
    const grid = await get<BookList>(
      `/api/books/popular?categoryId=${category.id}&sort=rating&pageSize=2`,
    );
    expect(grid.status).toBe(200);
    expect(grid.body.bookId).toEqual(ids(high, none));
    expect(grid.body.hasMore).toBe(true);
    const next = await get<BookList>(
      `/api/books/popular?categoryId=${category.id}&sort=rating&pageSize=2&page=2`,
    );
    expect(next.body.bookId).toEqual(ids(spent, low));
    const available = await get<BookList>(
      `/api/books/popular?categoryId=${category.id}&available=true`,
    );
    expect(available.body.bookId).toEqual(ids(low, high, newest));
    const listed = await get<BooksByCategory>(
      `/api/books?categoryId=${category.id}&minRating=3&sort=popular`,
    );
    expect(listed.body.bookId).toEqual(ids(high, none, spent));
    expect(listed.body.total).toBe(5);
    const byTitle = await get<BooksByCategory>(`/api/books?categoryId=${category.id}`);
    expect(byTitle.body.bookId).toEqual(ids(newest, spent, low, none, high));
  });

  it.each([
    ["sort=loudest", "sort", "sort must be one of relevance, popular, rating, newest, title."],
    ["available=yes", "available", "available must be true or false."],
    ["minRating=9", "minRating", "minRating must be at most 5."],
    ["minRating=0", "minRating", "minRating must be at least 1."],
    ["minRating=high", "minRating", "minRating must be a number from 1 to 5."],
  ])("refuses %s with a clear message", async (query, field, message) => {
    for (const path of ["/api/books/search?title=river&", "/api/books/popular?"]) {
      const { status, body } = await get<ErrorBody>(`${path}${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ state: "error", field, message });
    }
  });
});

describe("GET /api/books/suggest", () => {
  const suggest = (q: string) =>
    get<SuggestResult>(`/api/books/suggest?q=${encodeURIComponent(q)}`);

  it("suggests nothing below two characters", async () => {
    for (const q of ["", "m", " m "]) {
      const { status, body } = await suggest(q);
      expect(status).toBe(200);
      expect(body).toEqual({ state: "success", suggestions: [] });
    }
  });

  it("suggests a title through a typo, with the book to open", async () => {
    const [moby] = await t.database.db
      .select({ id: books.id })
      .from(books)
      .where(eq(books.title, "Moby-Dick"));
    const { body } = await suggest("mobb");
    expect(body.suggestions[0]).toEqual({
      kind: "title",
      text: "Moby-Dick",
      bookId: String(moby!.id),
      categoryId: null,
    });
  });

  it("suggests authors by any name and categories, with the category to open", async () => {
    const authors = await suggest("austen");
    expect(authors.body.suggestions).toContainEqual({
      kind: "author",
      text: "Jane Austen",
      bookId: null,
      categoryId: null,
    });
    const poetry = await suggest("poet");
    const category = poetry.body.suggestions.find((s) => s.kind === "category");
    expect(category).toMatchObject({ kind: "category", text: "Poetry", bookId: null });
    expect(category?.categoryId).toMatch(/^[1-9][0-9]*$/);
  });

  it("answers at most eight, titles first, each title once and none retired", async () => {
    const category = await createCategory(t.database.db);
    for (let n = 0; n < 7; n += 1) {
      await createBook(t.database.db, {
        categoryId: category.id,
        title: `Glimmerwick Tale ${n}`,
        author: `Glimmerwick Writer ${n}`,
      });
    }
    const retired = await createBook(t.database.db, {
      categoryId: category.id,
      title: "Glimmerwick Gone",
      retired: true,
    });
    const { body } = await suggest("glimmerw");
    expect(body.suggestions.length).toBeLessThanOrEqual(8);
    const kinds = body.suggestions.map((s) => s.kind);
    expect(kinds.slice(0, 5)).toEqual(["title", "title", "title", "title", "title"]);
    expect(kinds).toContain("author");
    const titleIds = body.suggestions.filter((s) => s.kind === "title").map((s) => s.bookId);
    expect(new Set(titleIds).size).toBe(titleIds.length);
    expect(titleIds).not.toContain(String(retired.id));
  });

  it("suggests an author as soon as their first book is added, and none whose books are all retired", async () => {
    const category = await createCategory(t.database.db);
    await createBook(t.database.db, { categoryId: category.id, author: "Zephyrine Quillfeather" });
    await createBook(t.database.db, {
      categoryId: category.id,
      author: "Orlando Quillgrave",
      retired: true,
    });
    const { body } = await suggest("quill");
    const authors = body.suggestions.filter((s) => s.kind === "author").map((s) => s.text);
    expect(authors).toContain("Zephyrine Quillfeather");
    expect(authors).not.toContain("Orlando Quillgrave");
  });

  it("suggests a title by a word that was only an author's until the title came", async () => {
    const titles = async (q: string) =>
      (await suggest(q)).body.suggestions.filter((s) => s.kind === "title").map((s) => s.text);
    // "Brontë" is a surname of the seed; no seeded title holds a word starting "bront".
    expect(await titles("bront")).toEqual([]);
    const category = await createCategory(t.database.db);
    await createBook(t.database.db, { categoryId: category.id, title: "Haworth and the Bronte" });
    expect(await titles("bront")).toEqual(["Haworth and the Bronte"]);
    // And so after the words are counted again, as after a bulk load.
    await t.database.db.execute(sql`select search_words_rebuild()`);
    expect(await titles("bront")).toEqual(["Haworth and the Bronte"]);
  });

  it("refuses a query longer than 200 characters, or none", async () => {
    const long = await suggest("a".repeat(201));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: "q" });
    const missing = await get<ErrorBody>("/api/books/suggest");
    expect(missing.status).toBe(400);
  });
});

describe("GET /api/books/related", () => {
  it("leads from a book to what its readers also borrowed, its author and its category", async () => {
    const db = t.database.db;
    const category = await createCategory(db);
    const make = (title: string, author = "Ottoline Vane", recentLoans = 0) =>
      createBook(db, { categoryId: category.id, title, author, recentLoans, copies: 5 });
    const start = await make("Orchard Start");
    // Far apart, so the loans below do not change their order by popularity.
    const often = await make("Orchard Often", "Someone Else", 10);
    const once = await make("Orchard Once", "Someone Else", 20);
    const retired = await make("Orchard Retired", "Ottoline Vane", 30);
    const byAuthor = await make("Orchard Sibling", "Ottoline Vane", 40);
    const http = httpClient(t.app);
    const borrow = async (token: string, ...bookIds: number[]) =>
      expect(
        (await http.post<{ state: string }>("/api/borrow/borrow", { bookId: bookIds }, token)).body
          .state,
      ).toBe("success");
    const first = await createUser(t.app, db, { balancePence: 10_000 });
    const second = await createUser(t.app, db, { balancePence: 10_000 });
    const other = await createUser(t.app, db, { balancePence: 10_000 });
    await borrow(first.token, start.id, often.id, once.id, retired.id);
    await borrow(second.token, start.id, often.id);
    // A reader who never borrowed the book counts for nothing.
    await borrow(other.token, byAuthor.id);
    await db.update(books).set({ retiredAt: new Date() }).where(eq(books.id, retired.id));

    const { status, body } = await get<RelatedResult>(`/api/books/related?bookId=${start.id}`);
    expect(status).toBe(200);
    const ids = (list: { bookId: string }[]) => list.map((book) => book.bookId);
    expect(ids(body.alsoBorrowed)).toEqual([String(often.id), String(once.id)]);
    expect(ids(body.sameAuthor)).toEqual([String(byAuthor.id)]);
    expect(ids(body.sameCategory)).toEqual([byAuthor, once, often].map((book) => String(book.id)));
    expect(body.alsoBorrowed[0]).toMatchObject({ title: "Orchard Often", category: category.name });
  });

  it("answers empty lists for a book no one has borrowed, and 404 for no book", async () => {
    const lonely = await createBook(t.database.db, { author: "Nobody Else Writes Thus" });
    const { body } = await get<RelatedResult>(`/api/books/related?bookId=${lonely.id}`);
    expect(body).toEqual({ state: "success", alsoBorrowed: [], sameAuthor: [], sameCategory: [] });
    const missing = await get<ErrorBody>("/api/books/related?bookId=99999999");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("BOOK_NOT_FOUND");
  });
});
