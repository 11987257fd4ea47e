import type { BookDetail } from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { Review, ReviewList } from "@folio/contract/reviews";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

type Added = {
  state: string;
  commentId: number;
  review: Review;
  rating: number | null;
  ratingCount: number;
};

/** A reader who has borrowed the book (and may keep or return it). */
async function readerOf(bookId: number, name = "Reviewer"): Promise<TestUser> {
  const user = await createUser(t.app, t.database.db, { name, balancePence: 1000 });
  const borrowed = await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, user.token);
  expect(borrowed.body.state).toBe("success");
  return user;
}

const ratingOf = async (bookId: number) =>
  (await http.get<BookDetail>(`/api/books/get?bookId=${bookId}`)).body;

describe("adding reviews", () => {
  it("lets a reader who borrowed the book review it, and moves the book's rating", async () => {
    const book = await createBook(t.database.db, { copies: 5, price: 100 });
    const ann = await readerOf(book.id, "Ann");
    const { status, body } = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 4, comment: "  A fine read.  " },
      ann.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: "success", rating: 4, ratingCount: 1 });
    expect(body.review).toMatchObject({
      commentId: body.commentId,
      uuid: ann.id,
      username: "Ann",
      bookId: String(book.id),
      rating: 4,
      content: "A fine read.",
    });

    const bob = await readerOf(book.id, "Bob");
    await http.post("/api/borrow/return", { bookId: book.id }, bob.token);
    // A past loan is enough.
    const second = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 5, content: "Loved it" },
      bob.token,
    );
    expect(second.body).toMatchObject({ rating: 4.5, ratingCount: 2 });
    const cat = await readerOf(book.id, "Cat");
    await http.post("/api/reviews/add", { bookId: book.id, rating: 5, comment: "Yes" }, cat.token);
    expect(await ratingOf(book.id)).toMatchObject({ rating: 4.7, ratingCount: 3 });
  });

  it("refuses a reader who never borrowed the book, a second review, and bad input", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const stranger = await createUser(t.app, t.database.db);
    const notBorrowed = await http.post<ErrorBody>(
      "/api/reviews/add",
      { bookId: book.id, rating: 3, comment: "Hm" },
      stranger.token,
    );
    expect(notBorrowed.status).toBe(403);
    expect(notBorrowed.body).toMatchObject({
      code: "NOT_BORROWED",
      message: "You can review a book once you have borrowed it.",
    });

    const reader = await readerOf(book.id);
    expect(
      (
        await http.post(
          "/api/reviews/add",
          { bookId: book.id, rating: 3, comment: "Once" },
          reader.token,
        )
      ).status,
    ).toBe(200);
    const twice = await http.post<ErrorBody>(
      "/api/reviews/add",
      { bookId: book.id, rating: 4, comment: "Twice" },
      reader.token,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("ALREADY_REVIEWED");

    const other = await createBook(t.database.db, { copies: 5 });
    const fresh = await readerOf(other.id);
    for (const [payload, field] of [
      [{ bookId: other.id, rating: 0, comment: "x" }, "rating"],
      [{ bookId: other.id, rating: 6, comment: "x" }, "rating"],
      [{ bookId: other.id, rating: 3.5, comment: "x" }, "rating"],
      [{ bookId: other.id, rating: "5", comment: "x" }, "rating"],
      [{ bookId: other.id, rating: 4, comment: "   " }, "comment"],
      [{ bookId: other.id, rating: 4 }, "comment"],
      [{ bookId: other.id, rating: 4, comment: "x".repeat(2001) }, "comment"],
      [{ rating: 4, comment: "x" }, "bookId"],
    ] as const) {
      const bad = await http.post<ErrorBody>("/api/reviews/add", payload, fresh.token);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.field).toBe(field);
    }
    expect(
      (
        await http.post(
          "/api/reviews/add",
          { bookId: other.id, rating: 4, comment: "x".repeat(2000) },
          fresh.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await http.post(
          "/api/reviews/add",
          { bookId: 999999, rating: 4, comment: "x" },
          fresh.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await http.post("/api/reviews/add", { bookId: other.id, rating: 4, comment: "x" })).status,
    ).toBe(401);
  });

  it("stores and returns a script tag as plain text", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const reader = await readerOf(book.id);
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const { body } = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 2, comment: text },
      reader.token,
    );
    const content = await http.get<Review>(`/api/reviews/content?commentId=${body.commentId}`);
    expect(content.body.content).toBe(text);
  });
});

describe("reading reviews", () => {
  it("lists a book's reviews newest first with the full objects, and one by id", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const first = await readerOf(book.id, "First");
    const a = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 3, comment: "Older" },
      first.token,
    );
    t.clock.advance(1000);
    const second = await readerOf(book.id, "Second");
    const b = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 5, comment: "Newer" },
      second.token,
    );
    const list = await http.get<ReviewList>(`/api/reviews/book?bookId=${book.id}`);
    expect(list.body.commentIds).toEqual([b.body.commentId, a.body.commentId]);
    expect(list.body.reviews.map((r) => r.username)).toEqual(["Second", "First"]);

    const one = await http.get<Review & { state: string }>(
      `/api/reviews/content?commentId=${a.body.commentId}`,
    );
    expect(one.body).toMatchObject({
      state: "success",
      uuid: first.id,
      rating: 3,
      content: "Older",
      username: "First",
      bookId: String(book.id),
    });
    expect(new Date(one.body.createDate).toISOString()).toBe(one.body.createDate);
    expect((await http.get<ErrorBody>("/api/reviews/content?commentId=999999")).status).toBe(404);
    expect((await http.get<ErrorBody>("/api/reviews/book?bookId=999999")).status).toBe(404);
    expect((await http.get<ErrorBody>("/api/reviews/book")).status).toBe(400);
  });

  it("lists the caller's own reviews by GET and POST", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const reader = await readerOf(book.id);
    const added = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 4, comment: "Mine" },
      reader.token,
    );
    for (const mine of [
      await http.get<ReviewList>("/api/reviews/user", reader.token),
      await http.post<ReviewList>("/api/reviews/user", undefined, reader.token),
    ]) {
      expect(mine.body.commentIds).toEqual([added.body.commentId]);
      expect(mine.body.reviews[0]?.bookTitle).toBe(book.title);
    }
    expect((await http.get("/api/reviews/user")).status).toBe(401);
  });
});

describe("deleting reviews", () => {
  it("lets only the author delete, and the rating follows", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const author = await readerOf(book.id);
    const other = await readerOf(book.id);
    const mine = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 1, comment: "Meh" },
      author.token,
    );
    await http.post(
      "/api/reviews/add",
      { bookId: book.id, rating: 4, comment: "Good" },
      other.token,
    );
    expect((await ratingOf(book.id)).rating).toBe(2.5);

    const refused = await http.post<ErrorBody>(
      "/api/reviews/delete",
      { commentId: mine.body.commentId },
      other.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_YOUR_REVIEW");
    const deleted = await http.post<{ state: string; rating: number }>(
      "/api/reviews/delete",
      { commentId: mine.body.commentId },
      author.token,
    );
    expect(deleted.body).toMatchObject({ state: "success", rating: 4, ratingCount: 1 });
    expect(
      (
        await http.post<ErrorBody>(
          "/api/reviews/delete",
          { commentId: mine.body.commentId },
          author.token,
        )
      ).status,
    ).toBe(404);
    expect(
      (await http.post("/api/reviews/delete", { commentId: mine.body.commentId })).status,
    ).toBe(401);
  });

  it("clears the rating when the last review goes, and when its author's account goes", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const reader = await readerOf(book.id);
    await http.post(
      "/api/reviews/add",
      { bookId: book.id, rating: 5, comment: "Top" },
      reader.token,
    );
    expect((await ratingOf(book.id)).rating).toBe(5);
    await http.post("/api/users/delete", undefined, reader.token);
    expect(await ratingOf(book.id)).toMatchObject({ rating: null, ratingCount: 0 });
  });
});

describe("editing reviews", () => {
  it("lets the author change rating and text; the book's mean follows and the review is dated", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const author = await readerOf(book.id, "Ann");
    const other = await readerOf(book.id, "Bob");
    const mine = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 2, comment: "Slow going." },
      author.token,
    );
    expect(mine.body.review.updatedAt).toBeNull();
    await http.post(
      "/api/reviews/add",
      { bookId: book.id, rating: 5, comment: "Wonderful" },
      other.token,
    );
    expect((await ratingOf(book.id)).rating).toBe(3.5);

    t.clock.advance(60_000);
    const edited = await http.post<Added>(
      "/api/reviews/update",
      { commentId: mine.body.commentId, rating: 4, comment: "  Slow, then wonderful.  " },
      author.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      state: "success",
      commentId: mine.body.commentId,
      rating: 4.5,
      ratingCount: 2,
    });
    expect(edited.body.review).toMatchObject({
      commentId: mine.body.commentId,
      uuid: author.id,
      username: "Ann",
      bookId: String(book.id),
      rating: 4,
      content: "Slow, then wonderful.",
      createDate: mine.body.review.createDate,
    });
    expect(new Date(edited.body.review.updatedAt!).getTime()).toBe(
      new Date(mine.body.review.createDate).getTime() + 60_000,
    );
    expect(await ratingOf(book.id)).toMatchObject({ rating: 4.5, ratingCount: 2 });
    // Every read shows the edit; the list keeps its order by when reviews were written.
    const content = await http.get<Review>(`/api/reviews/content?commentId=${mine.body.commentId}`);
    expect(content.body).toMatchObject({ rating: 4, content: "Slow, then wonderful." });
    const list = await http.get<ReviewList>(`/api/reviews/book?bookId=${book.id}`);
    expect(list.body.reviews.map((r) => [r.username, r.rating])).toEqual([
      ["Bob", 5],
      ["Ann", 4],
    ]);
    // `content` is accepted for the text, as add takes it.
    const again = await http.post<Added>(
      "/api/reviews/update",
      { commentId: mine.body.commentId, rating: 1, content: "Changed my mind." },
      author.token,
    );
    expect(again.body).toMatchObject({ rating: 3, ratingCount: 2 });
    expect(again.body.review.content).toBe("Changed my mind.");
  });

  it("refuses another reader's review, a hidden one, an unknown one, and no login", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const author = await readerOf(book.id);
    const other = await readerOf(book.id);
    const mine = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 3, comment: "Fair" },
      author.token,
    );
    const edit = { commentId: mine.body.commentId, rating: 1, comment: "Awful" };

    const refused = await http.post<ErrorBody>("/api/reviews/update", edit, other.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "NOT_YOUR_REVIEW",
      message: "You can only edit your own reviews.",
    });
    expect((await http.post("/api/reviews/update", edit)).status).toBe(401);
    const unknown = await http.post<ErrorBody>(
      "/api/reviews/update",
      { ...edit, commentId: 999999 },
      author.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("REVIEW_NOT_FOUND");
    // Nothing moved.
    expect(await ratingOf(book.id)).toMatchObject({ rating: 3, ratingCount: 1 });

    // Staff hide it: the author can no longer change it, and the rating stays without it.
    const librarian = await createStaff(t.app, t.database.db, "librarian");
    const hide = await http.post(
      "/api/admin/reviews/hide",
      { reviewId: mine.body.commentId, reason: "Spoiler" },
      librarian.token,
    );
    expect(hide.status).toBe(200);
    const hidden = await http.post<ErrorBody>("/api/reviews/update", edit, author.token);
    expect(hidden.status).toBe(409);
    expect(hidden.body).toMatchObject({
      code: "REVIEW_HIDDEN",
      message: "The library has hidden this review, so it cannot be edited.",
    });
    expect(await ratingOf(book.id)).toMatchObject({ rating: null, ratingCount: 0 });
  });

  it("is in the OpenAPI document", async () => {
    const docs = await http.get<{ paths: Record<string, { post?: unknown }> }>("/api/docs/json");
    expect(docs.body.paths["/api/reviews/update"]?.post).toBeDefined();
  });

  it("answers bad input with a 400 that names the field, as add does", async () => {
    const book = await createBook(t.database.db, { copies: 5 });
    const author = await readerOf(book.id);
    const mine = await http.post<Added>(
      "/api/reviews/add",
      { bookId: book.id, rating: 3, comment: "Fair" },
      author.token,
    );
    const commentId = mine.body.commentId;
    for (const [payload, field] of [
      [{ commentId, rating: 0, comment: "x" }, "rating"],
      [{ commentId, rating: 6, comment: "x" }, "rating"],
      [{ commentId, rating: 3.5, comment: "x" }, "rating"],
      [{ commentId, rating: "5", comment: "x" }, "rating"],
      [{ commentId, comment: "x" }, "rating"],
      [{ commentId, rating: 4, comment: "   " }, "comment"],
      [{ commentId, rating: 4 }, "comment"],
      [{ commentId, rating: 4, comment: "x".repeat(2001) }, "comment"],
      [{ commentId, rating: 4, comment: 7 }, "comment"],
      [{ rating: 4, comment: "x" }, "commentId"],
      [{ commentId: "abc", rating: 4, comment: "x" }, "commentId"],
    ] as const) {
      const bad = await http.post<ErrorBody>("/api/reviews/update", payload, author.token);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.field, JSON.stringify(payload)).toBe(field);
      expect(bad.body.message, JSON.stringify(payload)).toBeTruthy();
    }
    const longest = await http.post<Added>(
      "/api/reviews/update",
      { commentId, rating: 4, comment: "x".repeat(2000) },
      author.token,
    );
    expect(longest.status).toBe(200);
    expect(await ratingOf(book.id)).toMatchObject({ rating: 4, ratingCount: 1 });
  });
});

describe("ratings under concurrency", () => {
  it("keeps the mean exact when many readers review at once", async () => {
    const book = await createBook(t.database.db, { copies: 10, price: 100 });
    const readers = [];
    for (let i = 0; i < 8; i += 1) readers.push(await readerOf(book.id));
    const ratings = [5, 4, 3, 5, 2, 4, 1, 5];
    await Promise.all(
      readers.map((r, i) =>
        http.post(
          "/api/reviews/add",
          { bookId: book.id, rating: ratings[i], comment: `R${i}` },
          r.token,
        ),
      ),
    );
    const mean = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
    expect(await ratingOf(book.id)).toMatchObject({ rating: mean, ratingCount: 8 });
  });
});
