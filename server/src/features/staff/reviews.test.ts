import type {
  AdminReviews,
  AuditList,
  ReaderDetail,
  ReviewModeration,
} from "@folio/contract/admin";
import type { BookDetail } from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { ReviewList } from "@folio/contract/reviews";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
let admin: TestUser;
let librarian: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  admin = await createStaff(t.app, t.database.db, "admin");
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
beforeEach(() => {
  t.clock.set(new Date(Date.now() + MINUTE));
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

const unique = () => `r${Math.random().toString(36).slice(2, 9)}`;

/** A book with two reviews: 5 stars from one reader, 2 from another. */
async function reviewedBook() {
  const book = await createBook(t.database.db, { title: `Reviewed ${unique()}` });
  const review = async (rating: number, text: string) => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const lent = await http.post<BorrowResult>(
      "/api/borrow/borrow",
      { bookId: book.id },
      reader.token,
    );
    expect(lent.body.state).toBe("success");
    const added = await http.post<{ commentId: string }>(
      "/api/reviews/add",
      { bookId: book.id, rating, comment: text },
      reader.token,
    );
    expect(added.status).toBe(200);
    return { reader, reviewId: added.body.commentId };
  };
  const kind = await review(5, "Wonderful, read it twice.");
  const rude = await review(2, `Rude words ${unique()}`);
  return { book, kind, rude };
}

const ratingOf = async (bookId: number) => {
  const { body } = await http.get<BookDetail>(`/api/books/get?bookId=${bookId}`);
  return [body.rating, body.ratingCount];
};
const bookReviews = async (bookId: number) =>
  (await http.get<ReviewList>(`/api/reviews/book?bookId=${bookId}`)).body.reviews.map(
    (r) => r.commentId,
  );

describe("hiding a review", () => {
  it("takes it out of every reader's answer and out of the rating; unhide brings it back", async () => {
    const { book, kind, rude } = await reviewedBook();
    expect(await ratingOf(book.id)).toEqual([3.5, 2]);

    const hidden = await http.post<ReviewModeration>(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "  Abusive language  " },
      librarian.token,
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      state: "success",
      rating: 5,
      ratingCount: 1,
      review: {
        reviewId: rude.reviewId,
        bookId: String(book.id),
        bookTitle: book.title,
        userId: rude.reader.id,
        rating: 2,
        hiddenAt: t.clock.now().toISOString(),
        hiddenReason: "Abusive language",
      },
    });
    expect(await ratingOf(book.id)).toEqual([5, 1]);
    expect(await bookReviews(book.id)).toEqual([kind.reviewId]);
    const own = await http.get<ReviewList>("/api/reviews/user", rude.reader.token);
    expect(own.body.reviews).toEqual([]);
    const content = await http.get<ErrorBody>(`/api/reviews/content?commentId=${rude.reviewId}`);
    expect(content.status).toBe(404);
    // Staff still see it, on the reader's page too.
    const detail = await http.get<ReaderDetail>(
      `/api/admin/readers/get?userId=${rude.reader.id}`,
      librarian.token,
    );
    expect(detail.body.reviews).toEqual([
      expect.objectContaining({ reviewId: rude.reviewId, hiddenReason: "Abusive language" }),
    ]);
    const audit = (await http.get<AuditList>("/api/admin/audit?action=review.hide", admin.token))
      .body.entries[0];
    expect(audit).toMatchObject({
      actorId: librarian.id,
      targetType: "review",
      targetId: rude.reviewId,
      before: { rating: 2, userId: rude.reader.id, bookId: book.id, hiddenAt: null },
      after: { hiddenReason: "Abusive language" },
      reason: "Abusive language",
    });

    const twice = await http.post<ErrorBody>(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "Again" },
      librarian.token,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("This review is hidden already.");

    const shown = await http.post<ReviewModeration>(
      "/api/admin/reviews/unhide",
      { reviewId: rude.reviewId },
      librarian.token,
    );
    expect(shown.body).toMatchObject({
      rating: 3.5,
      ratingCount: 2,
      review: { hiddenAt: null, hiddenReason: null },
    });
    expect(await bookReviews(book.id)).toHaveLength(2);
    expect((await http.get(`/api/reviews/content?commentId=${rude.reviewId}`)).status).toBe(200);
    const unhideAudit = (
      await http.get<AuditList>("/api/admin/audit?action=review.unhide", admin.token)
    ).body.entries[0];
    expect(unhideAudit).toMatchObject({
      targetId: rude.reviewId,
      before: { hiddenReason: "Abusive language" },
      after: { hiddenAt: null },
    });
    const notHidden = await http.post<ErrorBody>(
      "/api/admin/reviews/unhide",
      { reviewId: rude.reviewId },
      librarian.token,
    );
    expect(notHidden.body.code).toBe("REVIEW_NOT_HIDDEN");
  });

  it("needs a reason, a review that exists, and staff", async () => {
    const { rude } = await reviewedBook();
    expect(
      (await http.post("/api/admin/reviews/hide", { reviewId: rude.reviewId }, librarian.token))
        .status,
    ).toBe(400);
    const missing = await http.post<ErrorBody>(
      "/api/admin/reviews/hide",
      { reviewId: 2_000_000_000, reason: "x" },
      librarian.token,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe("reviewId");
    expect(
      (
        await http.post(
          "/api/admin/reviews/hide",
          { reviewId: rude.reviewId, reason: "mine" },
          rude.reader.token,
        )
      ).status,
    ).toBe(403);
  });
});

describe("deleting a review", () => {
  it("removes it and its part of the rating, keeping what it said in the audit log", async () => {
    const { book, kind, rude } = await reviewedBook();
    const deleted = await http.post<ReviewModeration>(
      "/api/admin/reviews/delete",
      { reviewId: rude.reviewId, reason: "Spam" },
      librarian.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ state: "success", review: null, rating: 5, ratingCount: 1 });
    expect(await bookReviews(book.id)).toEqual([kind.reviewId]);
    const audit = (await http.get<AuditList>("/api/admin/audit?action=review.delete", admin.token))
      .body.entries[0];
    expect(audit).toMatchObject({
      targetId: rude.reviewId,
      before: { rating: 2 },
      after: null,
      reason: "Spam",
    });
    expect((audit!.before as { content: string }).content).toMatch(/^Rude words /);
  });

  it("of a hidden review leaves the rating as it is: the review had left it already", async () => {
    const { book, rude } = await reviewedBook();
    await http.post(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "x" },
      librarian.token,
    );
    const deleted = await http.post<ReviewModeration>(
      "/api/admin/reviews/delete",
      { reviewId: rude.reviewId, reason: "Spam" },
      librarian.token,
    );
    expect(deleted.body).toMatchObject({ rating: 5, ratingCount: 1 });
    expect(await ratingOf(book.id)).toEqual([5, 1]);
  });

  it("by its author, of a hidden review, leaves the rating as it is too", async () => {
    const { book, rude } = await reviewedBook();
    await http.post(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "x" },
      librarian.token,
    );
    const deleted = await http.post<{ rating: number }>(
      "/api/reviews/delete",
      { commentId: rude.reviewId },
      rude.reader.token,
    );
    expect(deleted.status).toBe(200);
    expect(await ratingOf(book.id)).toEqual([5, 1]);
  });

  it("when the account goes, a hidden review leaves the rating as it is", async () => {
    const { book, rude } = await reviewedBook();
    await http.post(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "x" },
      librarian.token,
    );
    expect((await http.post("/api/users/delete", undefined, rude.reader.token)).status).toBe(200);
    expect(await ratingOf(book.id)).toEqual([5, 1]);
  });
});

describe("GET /api/admin/reviews", () => {
  it("lists reviews newest first: visible, hidden or all, by words, title or writer", async () => {
    const { book, kind, rude } = await reviewedBook();
    await http.post(
      "/api/admin/reviews/hide",
      { reviewId: rude.reviewId, reason: "x" },
      librarian.token,
    );
    const list = async (query: string) =>
      (await http.get<AdminReviews>(`/api/admin/reviews?${query}`, librarian.token)).body;
    const all = await list(`q=${encodeURIComponent(book.title)}`);
    expect(all.total).toBe(2);
    expect(all.reviews.map((r) => r.reviewId)).toEqual([rude.reviewId, kind.reviewId]);
    expect((await list(`q=${encodeURIComponent(book.title)}&status=hidden`)).reviews).toEqual([
      expect.objectContaining({ reviewId: rude.reviewId, hiddenReason: "x" }),
    ]);
    expect(
      (await list(`q=${encodeURIComponent(book.title)}&status=visible`)).reviews.map(
        (r) => r.reviewId,
      ),
    ).toEqual([kind.reviewId]);
    expect((await list("q=read%20it%20twice&pageSize=1")).reviews[0]?.content).toBe(
      "Wonderful, read it twice.",
    );
    expect((await list(`q=${encodeURIComponent(rude.reader.name)}`)).total).toBeGreaterThan(0);
    expect((await http.get("/api/admin/reviews?status=gone", librarian.token)).status).toBe(400);
  });
});
