import type { ErrorBody } from "@folio/contract/common";
import type { BookDetailWithHolds, Hold, HoldAnswer, HoldList } from "@folio/contract/holds";
import type { BorrowResult } from "@folio/contract/loans";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../clock";
import { holds, loans, outbox } from "../../db/schema";
import { sweepLoans } from "../../jobs/scheduler";
import { useTestApp } from "../../test/app";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { postToLedger } from "../payments";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(() => {
  http = httpClient(t.app);
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

/** A hold placed, or the refusal's code and message. */
type PlaceAnswer = Omit<HoldAnswer, "state"> &
  Partial<Omit<ErrorBody, "state">> & { state: string };
type Book = Awaited<ReturnType<typeof createBook>>;

const reader = (balancePence = 10_000) => createUser(t.app, t.database.db, { balancePence });
const borrow = (user: TestUser, bookId: number) =>
  http.post<BorrowResult>("/api/borrow/borrow", { bookId }, user.token);
const giveBack = (user: TestUser, bookId: number) =>
  http.post("/api/borrow/return", { bookId }, user.token);
const place = (user: TestUser, bookId: number | string, autoBorrow?: boolean) =>
  http.post<PlaceAnswer>(
    "/api/holds/place",
    autoBorrow === undefined ? { bookId } : { bookId, autoBorrow },
    user.token,
  );
const list = async (user: TestUser) =>
  (await http.get<HoldList>("/api/holds/list", user.token)).body.holds;
const holdOf = async (user: TestUser, bookId: number): Promise<Hold | undefined> =>
  (await list(user)).find((hold) => hold.bookId === String(bookId));
const cancel = (user: TestUser, holdId: string) =>
  http.post<{ state: string; code?: string }>("/api/holds/cancel", { holdId }, user.token);
const update = (user: TestUser, body: Record<string, unknown>) =>
  http.post<PlaceAnswer>("/api/holds/update", body, user.token);
const borrowHold = (user: TestUser, holdId: string) =>
  http.post<BorrowResult>("/api/holds/borrow", { holdId }, user.token);
const bookGet = async (bookId: number, user?: TestUser) =>
  (await http.get<BookDetailWithHolds>(`/api/books/get?bookId=${bookId}`, user?.token)).body;
const mailsTo = (user: TestUser) =>
  t.database.db.select().from(outbox).where(eq(outbox.toAddress, user.email)).orderBy(outbox.id);
const openLoan = async (user: TestUser, bookId: number) =>
  (
    await t.database.db
      .select()
      .from(loans)
      .where(and(eq(loans.userId, user.id), eq(loans.bookId, bookId), isNull(loans.returnedAt)))
  )[0];

/** A book whose every copy is lent, and the readers who have them. */
async function lentOut(copies = 1, overrides: Parameters<typeof createBook>[1] = {}) {
  const book = await createBook(t.database.db, { copies, price: 300, ...overrides });
  const holders: TestUser[] = [];
  for (let i = 0; i < copies; i++) {
    const holder = await reader();
    expect((await borrow(holder, book.id)).body.state).toBe("success");
    holders.push(holder);
  }
  return { book, holders };
}

describe("placing a hold", () => {
  it("joins the queue of a book with no copy free, at the next place, with an estimate", async () => {
    const { book } = await lentOut(1);
    const first = await reader();
    const second = await reader();

    const answer = await place(first, book.id);
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe("success");
    expect(answer.body.hold).toMatchObject({
      bookId: String(book.id),
      status: "waiting",
      position: 1,
      readyUntil: null,
      autoBorrow: false,
      placedAt: t.clock.now().toISOString(),
    });
    expect(answer.body.hold.holdId).toMatch(/^[1-9][0-9]*$/);
    expect(answer.body.hold.book).toMatchObject({ bookId: String(book.id), title: book.title });
    const wait = answer.body.hold.estimatedWaitDays!;
    expect(wait.low).toBeGreaterThanOrEqual(0);
    expect(wait.high).toBeGreaterThanOrEqual(wait.low);

    const later = await place(second, String(book.id), true);
    expect(later.body.hold).toMatchObject({ position: 2, autoBorrow: true });
    // Further back in the queue, the wait is no shorter.
    expect(later.body.hold.estimatedWaitDays!.high).toBeGreaterThanOrEqual(wait.high);
  });

  it("refuses, with a sentence, every hold design.md §7.2 refuses", async () => {
    const { book, holders } = await lentOut(1);
    const free = await createBook(t.database.db, { copies: 2 });
    const retired = await createBook(t.database.db, { copies: 1, retired: true });
    const spent = await createBook(t.database.db, { copies: 1, price: 100 });
    const someone = await reader();
    expect((await borrow(someone, spent.id)).body.state).toBe("success");
    await createBookLicenceSpent(spent.id);
    const user = await reader();

    const refusals = [
      [await place(user, 999_999), 404, "BOOK_NOT_FOUND"],
      [await place(user, retired.id), 404, "BOOK_NOT_FOUND"],
      [await place(user, free.id), 409, "COPY_AVAILABLE"],
      [await place(holders[0]!, book.id), 409, "ALREADY_BORROWED"],
      [await place(user, spent.id), 409, "EXCEED_LIMIT"],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ state: "error", code });
      expect(answer.body.message?.length).toBeGreaterThan(10);
    }
    expect((await place(user, book.id)).status).toBe(200);
    expect((await place(user, book.id)).body).toMatchObject({ code: "HOLD_EXISTS" });

    const bad = await http.post<ErrorBody>(
      "/api/holds/place",
      { bookId: book.id, autoBorrow: "yes" },
      user.token,
    );
    expect(bad.status).toBe(400);
    expect((await http.post<ErrorBody>("/api/holds/place", { bookId: book.id })).status).toBe(401);
    expect(await list(user)).toHaveLength(1);
  });

  it("allows 5 open holds at once, not 6", async () => {
    const user = await reader();
    for (let i = 0; i < 5; i++) {
      const { book } = await lentOut(1);
      expect((await place(user, book.id)).status).toBe(200);
    }
    const { book } = await lentOut(1);
    const sixth = await place(user, book.id);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ code: "HOLD_LIMIT" });
    expect(sixth.body.message).toContain("5 holds");
  });
});

/** Spends the rest of a book's licence: no new lend of it is allowed. */
async function createBookLicenceSpent(bookId: number) {
  const admin = await createStaff(t.app, t.database.db, "admin");
  const answer = await http.post("/api/admin/books/update", { bookId, lendsLeft: 0 }, admin.token);
  expect(answer.status).toBe(200);
}

describe("a copy freed goes to the oldest waiting hold", () => {
  it("makes the hold ready for 48 hours when the copy is returned, mails the reader, and lets them borrow it", async () => {
    const { book, holders } = await lentOut(1);
    const b = await reader();
    const c = await reader();
    const bHold = (await place(b, book.id)).body.hold;
    t.clock.advance(1000);
    await place(c, book.id);

    t.clock.advance(HOUR);
    expect((await giveBack(holders[0]!, book.id)).status).toBe(200);

    const ready = await holdOf(b, book.id);
    expect(ready).toMatchObject({
      status: "ready",
      position: null,
      estimatedWaitDays: null,
      readyUntil: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect(await holdOf(c, book.id)).toMatchObject({ status: "waiting", position: 1 });
    // The copy is kept for b: no one else can take it.
    expect(await bookGet(book.id)).toMatchObject({ availableCopies: 0, holdsWaiting: 1 });
    const other = await reader();
    expect((await borrow(other, book.id)).body).toMatchObject({
      state: "Borrow failed.",
      LowStockBookIds: [String(book.id)],
    });
    const mail = (await mailsTo(b)).at(-1)!;
    expect(mail.type).toBe("hold_ready");
    expect(mail.textBody).toContain(book.title);

    const lent = await borrowHold(b, bHold.holdId);
    expect(lent.body).toMatchObject({ state: "success", LowStockBookIds: [] });
    expect(await holdOf(b, book.id)).toMatchObject({ status: "borrowed", readyUntil: null });
    expect(await bookGet(book.id)).toMatchObject({ availableCopies: 0, totalCopies: 1 });
    expect(await openLoan(b, book.id)).toBeDefined();
  });

  it("lends the kept copy through an ordinary borrow too", async () => {
    const { book, holders } = await lentOut(1);
    const b = await reader();
    await place(b, book.id);
    await giveBack(holders[0]!, book.id);
    expect((await borrow(b, book.id)).body.state).toBe("success");
    expect(await holdOf(b, book.id)).toMatchObject({ status: "borrowed" });
  });

  it("serves the queue when staff add copies, end a loan, or a loan is returned automatically", async () => {
    const { book, holders } = await lentOut(1);
    const [b, c, d] = [await reader(), await reader(), await reader()];
    for (const user of [b, c, d]) {
      await place(user, book.id);
      t.clock.advance(1000);
    }
    const admin = await createStaff(t.app, t.database.db, "librarian");
    const added = await http.post(
      "/api/admin/books/update",
      { bookId: book.id, copies: 2 },
      admin.token,
    );
    expect(added.status).toBe(200);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready" });
    expect(await holdOf(c, book.id)).toMatchObject({ status: "waiting", position: 1 });

    const loan = await openLoan(holders[0]!, book.id);
    const ended = await http.post(
      "/api/admin/loans/end",
      { loanId: loan!.id, reason: "Lost device" },
      admin.token,
    );
    expect(ended.status).toBe(200);
    expect(await holdOf(c, book.id)).toMatchObject({ status: "ready" });

    // b borrows; 37 days on, b's loan is returned automatically and d's hold is ready from now,
    // not from the (earlier) moment the return is dated.
    expect((await borrow(b, book.id)).body.state).toBe("success");
    await cancel(c, (await holdOf(c, book.id))!.holdId);
    expect(await holdOf(d, book.id)).toMatchObject({ status: "ready" });
    await cancel(d, (await holdOf(d, book.id))!.holdId);
    const e = await reader();
    await place(e, book.id).then((r) => expect(r.body).toMatchObject({ code: "COPY_AVAILABLE" }));
    expect((await borrow(e, book.id)).body.state).toBe("success");
    await place(d, book.id);
    t.clock.advance(40 * DAY);
    await sweepLoans(t.ctx);
    // (Sessions have expired by now: the row is read as it is.)
    const [ready] = await t.database.db
      .select()
      .from(holds)
      .where(and(eq(holds.userId, d.id), eq(holds.bookId, book.id), eq(holds.status, "ready")));
    expect(ready?.readyUntil).toEqual(new Date(t.clock.now().getTime() + 48 * HOUR));
  });

  it("borrows at once for a hold that asked, when the balance allows", async () => {
    const { book, holders } = await lentOut(1);
    const b = await reader(1000);
    await place(b, book.id, true);
    await giveBack(holders[0]!, book.id);

    expect(await holdOf(b, book.id)).toMatchObject({ status: "borrowed" });
    expect(await openLoan(b, book.id)).toBeDefined();
    const types = (await mailsTo(b)).map((mail) => mail.type);
    expect(types).toContain("borrow");
    expect(types).not.toContain("hold_ready");
    expect((await http.get<{ balance: number }>("/api/users/info", b.token)).body.balance).toBe(7);
  });

  it("keeps the copy and says why when the balance does not allow it, and lends it after a top-up", async () => {
    const { book, holders } = await lentOut(1);
    const b = await reader(100);
    await place(b, book.id, true);
    await giveBack(holders[0]!, book.id);

    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready" });
    const mail = (await mailsTo(b)).at(-1)!;
    expect(mail.type).toBe("hold_ready");
    expect(mail.textBody).toContain("£2.00 short");

    await postToLedger(t.database.db, {
      userId: b.id,
      kind: "topup",
      amountPence: 500,
      at: t.clock.now(),
    });
    t.clock.advance(60_000);
    const report = await sweepLoans(t.ctx);
    expect(report.holdsLent).toBeGreaterThanOrEqual(1);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "borrowed" });
  });
});

describe("ready holds lapse", () => {
  it("reminds 12 hours before, then expires after 48 hours and passes the copy on", async () => {
    const { book, holders } = await lentOut(1);
    const [b, c] = [await reader(), await reader()];
    await place(b, book.id);
    t.clock.advance(1000);
    await place(c, book.id);
    await giveBack(holders[0]!, book.id);

    // Other tests' holds share this database: count b's mails, not the sweep's.
    const lapsing = async () =>
      (await mailsTo(b)).filter((mail) => mail.type === "hold_lapsing").length;
    t.clock.advance(30 * HOUR);
    await sweepLoans(t.ctx);
    expect(await lapsing()).toBe(0);
    t.clock.advance(7 * HOUR);
    await sweepLoans(t.ctx);
    await sweepLoans(t.ctx);
    expect(await lapsing()).toBe(1);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready" });

    t.clock.advance(11 * HOUR + 1000);
    await sweepLoans(t.ctx);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "expired", readyUntil: null });
    expect((await mailsTo(b)).at(-1)!.type).toBe("hold_expired");
    expect(await holdOf(c, book.id)).toMatchObject({ status: "ready" });
    expect((await mailsTo(c)).at(-1)!.type).toBe("hold_ready");

    // With no one waiting, the copy goes back on the shelf when c's hold lapses too.
    t.clock.advance(49 * HOUR);
    await sweepLoans(t.ctx);
    expect(await bookGet(book.id)).toMatchObject({ availableCopies: 1, holdsWaiting: 0 });
  });
});

describe("cancelling", () => {
  it("cancels a waiting hold and moves the queue up; a ready one's copy passes on", async () => {
    const { book, holders } = await lentOut(1);
    const [b, c, d] = [await reader(), await reader(), await reader()];
    const bHold = (await place(b, book.id)).body.hold;
    t.clock.advance(1000);
    const cHold = (await place(c, book.id)).body.hold;
    t.clock.advance(1000);
    await place(d, book.id);

    expect((await cancel(b, bHold.holdId)).body).toEqual({ state: "success" });
    expect(await holdOf(c, book.id)).toMatchObject({ position: 1 });
    expect(await holdOf(d, book.id)).toMatchObject({ position: 2 });
    // Again: it is cancelled already, nothing changes.
    expect((await cancel(b, bHold.holdId)).status).toBe(200);

    await giveBack(holders[0]!, book.id);
    expect(await holdOf(c, book.id)).toMatchObject({ status: "ready" });
    await cancel(c, cHold.holdId);
    expect(await holdOf(d, book.id)).toMatchObject({ status: "ready" });
    expect(await bookGet(book.id)).toMatchObject({ availableCopies: 0 });
  });

  it("answers 404 for another reader's hold and 409 for one that has ended", async () => {
    const { book, holders } = await lentOut(1);
    const [b, stranger] = [await reader(), await reader()];
    const hold = (await place(b, book.id)).body.hold;
    const theirs = await cancel(stranger, hold.holdId);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("HOLD_NOT_FOUND");
    expect((await borrowHold(stranger, hold.holdId)).status).toBe(404);
    expect((await cancel(b, "999999")).status).toBe(404);

    await giveBack(holders[0]!, book.id);
    await borrowHold(b, hold.holdId);
    const ended = await cancel(b, hold.holdId);
    expect(ended.status).toBe(409);
    expect(ended.body.code).toBe("HOLD_CLOSED");
  });
});

describe("changing 'Borrow it for me'", () => {
  it("turns it on and off on a waiting hold, keeping its place, and the queue acts on it", async () => {
    const { book, holders } = await lentOut(1);
    const b = await reader();
    const hold = (await place(b, book.id)).body.hold;
    expect(hold.autoBorrow).toBe(false);

    const on = await update(b, { holdId: hold.holdId, autoBorrow: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      state: "success",
      hold: { holdId: hold.holdId, status: "waiting", position: 1, autoBorrow: true },
    });
    expect(on.body.hold.estimatedWaitDays).toEqual(hold.estimatedWaitDays);
    expect(await holdOf(b, book.id)).toMatchObject({ autoBorrow: true, position: 1 });
    // The same choice again changes nothing and is no error.
    expect((await update(b, { holdId: hold.holdId, autoBorrow: true })).status).toBe(200);
    expect((await bookGet(book.id, b)).myHold).toMatchObject({ autoBorrow: true });

    // When the copy comes back, the hold is borrowed for the reader at once.
    await giveBack(holders[0]!, book.id);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "borrowed" });
    expect(await openLoan(b, book.id)).toBeDefined();

    // Turned off, the next reader's hold only keeps the copy for them.
    const c = await reader();
    await giveBack(b, book.id);
    await borrow(await reader(), book.id);
    const cHold = (await place(c, book.id, true)).body.hold;
    const off = await update(c, { holdId: cHold.holdId, autoBorrow: false });
    expect(off.body.hold).toMatchObject({ autoBorrow: false, status: "waiting" });
  });

  it("answers 404 for another reader's hold, 409 unless it waits, 400 for a bad body", async () => {
    const { book, holders } = await lentOut(1);
    const [b, stranger] = [await reader(), await reader()];
    const hold = (await place(b, book.id)).body.hold;

    const theirs = await update(stranger, { holdId: hold.holdId, autoBorrow: true });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("HOLD_NOT_FOUND");
    expect((await update(b, { holdId: "999999", autoBorrow: true })).status).toBe(404);
    expect(await holdOf(b, book.id)).toMatchObject({ autoBorrow: false });

    for (const body of [
      { holdId: hold.holdId },
      { holdId: hold.holdId, autoBorrow: "yes" },
      { holdId: "abc", autoBorrow: true },
      {},
    ]) {
      const refused = await update(b, body);
      expect(refused.status).toBe(400);
      expect(refused.body.state).toBe("error");
    }
    expect(
      (await http.post("/api/holds/update", { holdId: hold.holdId, autoBorrow: true })).status,
    ).toBe(401);

    // Ready: the copy is kept for the reader already, there is nothing to borrow for them.
    await giveBack(holders[0]!, book.id);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready" });
    const ready = await update(b, { holdId: hold.holdId, autoBorrow: true });
    expect(ready.status).toBe(409);
    expect(ready.body).toMatchObject({ code: "HOLD_NOT_WAITING", field: "holdId" });
    expect(ready.body.message).toBe(
      "Only a hold that is still waiting can change whether we borrow it for you.",
    );
    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready", autoBorrow: false });

    await cancel(b, hold.holdId);
    expect((await update(b, { holdId: hold.holdId, autoBorrow: true })).body.code).toBe(
      "HOLD_NOT_WAITING",
    );
  });
});

describe("what the reader sees", () => {
  it("adds the queue to the book, and the reader's own hold with a token", async () => {
    const { book } = await lentOut(2);
    const b = await reader();
    const plain = await bookGet(book.id);
    expect(plain.holdsWaiting).toBe(0);
    expect(plain.estimatedWaitDays).toEqual({
      low: expect.any(Number) as number,
      high: expect.any(Number) as number,
    });
    expect(plain).not.toHaveProperty("myHold");
    expect((await bookGet(book.id, b)).myHold).toBeNull();

    await place(b, book.id);
    const mine = await bookGet(book.id, b);
    expect(mine.holdsWaiting).toBe(1);
    expect(mine.myHold).toMatchObject({ status: "waiting", position: 1 });
    // The same hold, book and estimate as My Books answers.
    expect(mine.myHold).toEqual(await holdOf(b, book.id));

    // A book with a copy free has no wait to estimate.
    const free = await createBook(t.database.db, { copies: 1 });
    expect(await bookGet(free.id)).toMatchObject({ holdsWaiting: 0, estimatedWaitDays: null });
    // A stale token still gets the book, without a hold of its own.
    const stale = await http.get<BookDetailWithHolds>(
      `/api/books/get?bookId=${book.id}`,
      "x".repeat(40),
    );
    expect(stale.status).toBe(200);
    expect(stale.body).not.toHaveProperty("myHold");
  });

  it("lists open holds first, ready before waiting, then closed ones", async () => {
    const user = await reader();
    const books: Book[] = [];
    const holders: TestUser[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await lentOut(1);
      books.push(made.book);
      holders.push(made.holders[0]!);
      await place(user, made.book.id);
      t.clock.advance(1000);
    }
    await cancel(user, (await holdOf(user, books[0]!.id))!.holdId);
    await giveBack(holders[2]!, books[2]!.id);
    expect((await list(user)).map((hold) => [hold.bookId, hold.status])).toEqual([
      [String(books[2]!.id), "ready"],
      [String(books[1]!.id), "waiting"],
      [String(books[0]!.id), "cancelled"],
    ]);
  });
});

describe("holds and the rest of the shop", () => {
  it("passes a deleted account's kept copy on, and cancels a retired book's holds", async () => {
    const { book, holders } = await lentOut(1);
    const [b, c] = [await reader(), await reader()];
    await place(b, book.id);
    t.clock.advance(1000);
    await place(c, book.id);
    await giveBack(holders[0]!, book.id);
    expect(await holdOf(b, book.id)).toMatchObject({ status: "ready" });

    expect((await http.post("/api/users/delete", {}, b.token)).status).toBe(200);
    expect(await holdOf(c, book.id)).toMatchObject({ status: "ready" });
    const left = await t.database.db.select().from(holds).where(eq(holds.userId, b.id));
    expect(left).toEqual([]);

    const admin = await createStaff(t.app, t.database.db, "librarian");
    const retired = await http.post("/api/admin/books/retire", { bookId: book.id }, admin.token);
    expect(retired.status).toBe(200);
    expect(await holdOf(c, book.id)).toMatchObject({ status: "cancelled" });
    expect(await bookGet(book.id).catch(() => null)).toBeDefined();
  });

  it("never lends a copy twice nor skips a place when returns, borrows, cancels and sweeps race", async () => {
    const { book, holders } = await lentOut(3);
    const queue: TestUser[] = [];
    for (let i = 0; i < 8; i++) {
      const user = await reader(i % 3 === 0 ? 100 : 10_000);
      expect((await place(user, book.id, i % 2 === 0)).status).toBe(200);
      queue.push(user);
      t.clock.advance(1000);
    }
    const outsider = await reader();
    const cancelled = new Set([queue[1]!.id, queue[4]!.id]);
    const holdIds = await Promise.all(
      queue.map(async (user) => (await holdOf(user, book.id))!.holdId),
    );

    await Promise.all([
      ...holders.map((holder) => giveBack(holder, book.id)),
      ...queue.map((user, i) =>
        cancelled.has(user.id) ? cancel(user, holdIds[i]!) : borrowHold(user, holdIds[i]!),
      ),
      borrow(outsider, book.id),
      sweepLoans(t.ctx),
    ]);
    await sweepLoans(t.ctx);

    const rows = await t.database.db
      .select()
      .from(holds)
      .where(eq(holds.bookId, book.id))
      .orderBy(holds.placedAt, holds.id);
    const open = await t.database.db
      .select()
      .from(loans)
      .where(and(eq(loans.bookId, book.id), isNull(loans.returnedAt)));
    const ready = rows.filter((row) => row.status === "ready").length;
    expect(open.length + ready).toBeLessThanOrEqual(3);
    expect(open.length + ready).toBe(3);
    // No place skipped: every hold that got a copy (ready or borrowed) was placed before every
    // hold still waiting.
    const served = rows.filter((row) => row.status === "ready" || row.status === "borrowed");
    const waiting = rows.filter((row) => row.status === "waiting");
    for (const a of served)
      for (const w of waiting) expect(a.placedAt.getTime()).toBeLessThan(w.placedAt.getTime());
    expect(open.some((loan) => loan.userId === outsider.id)).toBe(false);
  });
});
