import type { ErrorBody } from "@folio/contract/common";
import type { BookListState, Cart } from "@folio/contract/lists";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { createUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});

describe("the cart", () => {
  it("answers readers asking at the same moment each with their own list, and no one without a live session", async () => {
    const readers = await Promise.all([1, 2, 3, 4].map(() => createUser(t.app, t.database.db)));
    // One after another, so their ids ascend: books added in one call are listed by id.
    const shelf = [];
    for (let i = 0; i < 3; i += 1) shelf.push(await createBook(t.database.db));
    for (const [i, reader] of readers.entries())
      if (i < 3)
        await http.post(
          "/api/cart/add",
          { bookId: shelf.slice(0, i + 1).map((b) => b.id) },
          reader.token,
        );
    await http.post("/api/wishlist/add", { bookId: shelf[2]!.id }, readers[3]!.token);
    const loggedOut = await createUser(t.app, t.database.db);
    await http.post("/api/auth/logout", undefined, loggedOut.token);

    // Sent together, these are read by one query: each must still get only its own.
    const answers = await Promise.all([
      ...readers.map((r) => http.post<Cart>("/api/cart/get", undefined, r.token)),
      http.post<ErrorBody>("/api/cart/get", undefined, loggedOut.token),
      http.post<ErrorBody>("/api/cart/get", undefined, "x".repeat(43)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 401, 401]);
    expect(answers.slice(0, 4).map((a) => (a.body as Cart).bookId)).toEqual([
      [String(shelf[0]!.id)],
      [String(shelf[0]!.id), String(shelf[1]!.id)],
      shelf.map((b) => String(b.id)),
      [],
    ]);
    const wishlists = await Promise.all(
      readers.map((r) => http.post<BookListState>("/api/wishlist/get", undefined, r.token)),
    );
    expect(wishlists.map((w) => w.body.bookId)).toEqual([[], [], [], [String(shelf[2]!.id)]]);
  });

  it("adds one id or a list, as numbers or strings of digits, keeps order, and totals to the penny", async () => {
    const user = await createUser(t.app, t.database.db);
    const a = await createBook(t.database.db, { price: 199 });
    const b = await createBook(t.database.db, { price: 349 });
    const c = await createBook(t.database.db, { price: 999 });
    const first = await http.post<Cart>("/api/cart/add", { bookId: a.id }, user.token);
    expect(first.body).toMatchObject({ state: "success", bookId: [String(a.id)], total: 1.99 });
    const both = await http.post<Cart>(
      "/api/cart/add",
      { bookId: [String(b.id), c.id, b.id] },
      user.token,
    );
    expect(both.body.bookId).toEqual([a, b, c].map((book) => String(book.id)));
    expect(both.body.books.map((book) => book.price)).toEqual([1.99, 3.49, 9.99]);
    expect(both.body.total).toBe(15.47);
    expect((await http.post<Cart>("/api/cart/get", undefined, user.token)).body).toEqual(both.body);
  });

  it("reports a book already in the cart with the state ' exist.'", async () => {
    const user = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db);
    await http.post("/api/cart/add", { bookId: book.id }, user.token);
    const again = await http.post<Cart>("/api/cart/add", { bookId: book.id }, user.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      state: " exist.",
      message: "This book is already in your cart",
      bookId: [String(book.id)],
    });
  });

  it("refuses unknown books and bad ids, adding nothing", async () => {
    const user = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db);
    const unknown = await http.post<ErrorBody>(
      "/api/cart/add",
      { bookId: [book.id, 987654] },
      user.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("BOOK_NOT_FOUND");
    for (const bookId of ["abc", "1e3", " 1", -1, 1.5, [], null, { id: 1 }, [1, "x"]]) {
      const bad = await http.post<ErrorBody>("/api/cart/add", { bookId }, user.token);
      expect(bad.status, JSON.stringify(bookId)).toBe(400);
      expect(bad.body.field).toMatch(/^bookId/);
    }
    expect((await http.post<Cart>("/api/cart/get", undefined, user.token)).body.bookId).toEqual([]);
  });

  it("removes one or several, and clears", async () => {
    const user = await createUser(t.app, t.database.db);
    const books = await Promise.all([1, 2, 3].map(() => createBook(t.database.db, { price: 100 })));
    await http.post("/api/cart/add", { bookId: books.map((b) => b.id) }, user.token);
    const removed = await http.post<Cart>(
      "/api/cart/remove",
      { bookId: [String(books[0]!.id), String(books[2]!.id)] },
      user.token,
    );
    expect(removed.body).toMatchObject({ bookId: [String(books[1]!.id)], total: 1 });
    const cleared = await http.post<Cart>("/api/cart/clear", undefined, user.token);
    expect(cleared.body).toMatchObject({ state: "success", bookId: [], books: [], total: 0 });
  });

  it("PUT /api/cart/{id} takes only quantity 1", async () => {
    const user = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db);
    await http.post("/api/cart/add", { bookId: book.id }, user.token);
    expect(
      (await http.put<Cart>(`/api/cart/${book.id}`, { quantity: 1 }, user.token)).body.bookId,
    ).toEqual([String(book.id)]);
    const two = await http.put<ErrorBody>(`/api/cart/${book.id}`, { quantity: 2 }, user.token);
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({
      field: "quantity",
      message: "An e-book loan is one copy, so the quantity can only be 1.",
    });
    expect(
      (await http.put<ErrorBody>(`/api/cart/${book.id}`, { quantity: 0 }, user.token)).status,
    ).toBe(400);
    const other = await createBook(t.database.db);
    expect(
      (await http.put<ErrorBody>(`/api/cart/${other.id}`, { quantity: 1 }, user.token)).status,
    ).toBe(404);
    expect((await http.put<ErrorBody>("/api/cart/abc", { quantity: 1 }, user.token)).status).toBe(
      400,
    );
  });

  it("is each reader's own", async () => {
    const owner = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db);
    await http.post("/api/cart/add", { bookId: book.id }, owner.token);
    expect((await http.post<Cart>("/api/cart/get", undefined, other.token)).body.bookId).toEqual(
      [],
    );
    await http.post("/api/cart/remove", { bookId: book.id }, other.token);
    await http.post("/api/cart/clear", undefined, other.token);
    expect((await http.post<Cart>("/api/cart/get", undefined, owner.token)).body.bookId).toEqual([
      String(book.id),
    ]);
    for (const url of ["/api/cart/get", "/api/cart/add", "/api/cart/remove", "/api/cart/clear"]) {
      expect((await http.post(url, { bookId: book.id })).status).toBe(401);
    }
  });
});

describe("the wishlist", () => {
  it("adds, reports ' exist.', deletes, and is each reader's own", async () => {
    const user = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    const book = await createBook(t.database.db);
    const added = await http.post<BookListState>(
      "/api/wishlist/add",
      { bookId: book.id },
      user.token,
    );
    expect(added.body).toMatchObject({ state: "success", bookId: [String(book.id)] });
    expect(added.body.books[0]?.title).toBe(book.title);
    const again = await http.post<BookListState>(
      "/api/wishlist/add",
      { bookId: book.id },
      user.token,
    );
    expect(again.body).toMatchObject({
      state: " exist.",
      message: "This book is already in your wishlist",
    });
    expect(
      (await http.post<BookListState>("/api/wishlist/get", undefined, other.token)).body.bookId,
    ).toEqual([]);
    const deleted = await http.post<BookListState>(
      "/api/wishlist/delete",
      { bookId: String(book.id) },
      user.token,
    );
    expect(deleted.body.bookId).toEqual([]);
    expect((await http.post("/api/wishlist/get")).status).toBe(401);
  });
});
