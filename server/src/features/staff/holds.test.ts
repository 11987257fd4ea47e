import type { AdminBookHolds, AdminHoldQueues, HoldAnswer, HoldList } from "@folio/contract/holds";
import type { BorrowResult } from "@folio/contract/loans";
import { count } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { HOUR, MINUTE } from "../../clock";
import { auditLog } from "../../db/schema";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";

const t = useTestApp();
let http: ReturnType<typeof httpClient>;
let librarian: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

type Book = Awaited<ReturnType<typeof createBook>>;

const unique = () => `t${Math.random().toString(36).slice(2, 9)}`;
const reader = (name = "Test Reader") =>
  createUser(t.app, t.database.db, { name, balancePence: 100_00 });
const readers = (n: number) => Promise.all(Array.from({ length: n }, () => reader()));
const borrow = (user: TestUser, bookId: number) =>
  http.post<BorrowResult>("/api/borrow/borrow", { bookId }, user.token);
const giveBack = (user: TestUser, bookId: number) =>
  http.post("/api/borrow/return", { bookId }, user.token);
async function place(user: TestUser, book: Book, autoBorrow?: boolean) {
  const answer = await http.post<HoldAnswer>(
    "/api/holds/place",
    autoBorrow === undefined ? { bookId: book.id } : { bookId: book.id, autoBorrow },
    user.token,
  );
  expect(answer.status).toBe(200);
  return answer.body.hold;
}

/** A book of `copies` copies, every one lent to one of `lenders`. */
async function lentOut(copies: number, lenders: TestUser[], title = `Book ${unique()}`) {
  const book = await createBook(t.database.db, { title, copies, price: 300 });
  for (const lender of lenders.slice(0, copies))
    expect((await borrow(lender, book.id)).body.state).toBe("success");
  return book;
}

const queues = async (query = "") =>
  (await http.get<AdminHoldQueues>(`/api/admin/holds${query}`, librarian.token)).body;
const holdsOf = (bookId: number | string) =>
  http.get<AdminBookHolds & { code?: string }>(
    `/api/admin/holds/book?bookId=${bookId}`,
    librarian.token,
  );
const auditRows = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;

describe("staff hold calls", () => {
  it("are for staff only", async () => {
    const someone = await reader();
    for (const url of ["/api/admin/holds", "/api/admin/holds/book?bookId=1"]) {
      expect((await http.get(url)).status).toBe(401);
      expect((await http.get(url, someone.token)).status).toBe(403);
    }
  });
});

describe("GET /api/admin/holds", () => {
  it("lists books with open holds, the longest queue against its copies first", async () => {
    const lenders = await readers(4);
    const waiters = await readers(5);
    const tag = unique();
    // One copy, three waiting (3 a copy) above four copies, five waiting (1.25 a copy); two
    // copies and two waiting (1 a copy) above one copy and one waiting (1 too, a shorter queue).
    const scarce = await lentOut(1, lenders, `Scarce ${tag}`);
    const popular = await lentOut(4, lenders, `Popular ${tag}`);
    const even = await lentOut(2, lenders, `Even ${tag}`);
    const single = await lentOut(1, lenders, `Single ${tag}`);
    const roomy = await lentOut(3, lenders, `Roomy ${tag}`);
    const quiet = await lentOut(1, lenders, `Quiet ${tag}`);
    for (const waiter of waiters.slice(0, 3)) await place(waiter, scarce);
    for (const waiter of waiters) await place(waiter, popular);
    for (const waiter of waiters.slice(0, 2)) await place(waiter, even);
    await place(waiters[0]!, single);
    await place(waiters[0]!, roomy);
    const cancelled = await place(waiters[1]!, quiet);
    expect(
      (await http.post("/api/holds/cancel", { holdId: cancelled.holdId }, waiters[1]!.token))
        .status,
    ).toBe(200);

    const audited = await auditRows();
    const all = await queues("?pageSize=50");
    expect(await auditRows()).toBe(audited);
    const mine = all.queues.filter((queue) => queue.title.endsWith(tag));
    expect(mine.map((queue) => queue.title)).toEqual([
      `Scarce ${tag}`,
      `Popular ${tag}`,
      `Even ${tag}`,
      `Single ${tag}`,
      `Roomy ${tag}`,
    ]);
    expect(mine[0]).toEqual({
      bookId: String(scarce.id),
      title: `Scarce ${tag}`,
      author: "Test Author",
      copies: 1,
      availableCopies: 0,
      waiting: 3,
      ready: 0,
      waitingPerCopy: 3,
    });
    expect(mine[1]).toMatchObject({ copies: 4, waiting: 5, waitingPerCopy: 1.25 });
    expect(mine[4]).toMatchObject({ copies: 3, waiting: 1, waitingPerCopy: 0.33 });
    // The book whose only hold was cancelled has no queue.
    expect(all.queues.some((queue) => queue.bookId === String(quiet.id))).toBe(false);

    // A copy given back makes the oldest hold ready: it counts as ready, no longer waiting.
    await giveBack(lenders[0]!, scarce.id);
    const after = (await queues("?pageSize=50")).queues.find(
      (queue) => queue.bookId === String(scarce.id),
    );
    expect(after).toMatchObject({ availableCopies: 0, waiting: 2, ready: 1, waitingPerCopy: 2 });
  });

  it("pages, with the total of books that have open holds", async () => {
    const lenders = await readers(1);
    const waiter = await reader();
    for (let i = 0; i < 3; i++) await place(waiter, await lentOut(1, lenders));
    const all = await queues("?pageSize=50");
    expect(all.total).toBe(all.queues.length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const second = await queues("?page=2&pageSize=2");
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(second.queues).toEqual(all.queues.slice(2, 4));
    const first = await queues();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: all.total });
    expect(first.queues).toEqual(all.queues.slice(0, 20));
    expect((await http.get("/api/admin/holds?pageSize=0", librarian.token)).status).toBe(400);
  });
});

describe("GET /api/admin/holds/book", () => {
  it("lists ready holds, then waiting ones with their places, then closed ones, newest first", async () => {
    const tag = unique();
    const [holder] = await readers(1);
    const [first, second, third, quitter] = await Promise.all(
      ["First", "Second", "Third", "Quitter"].map((name) => reader(`${name} ${tag}`)),
    );
    const book = await lentOut(1, [holder!]);
    const start = new Date(Date.now() + MINUTE);
    t.clock.set(start);
    const firstHold = await place(first!, book);
    t.clock.advance(MINUTE);
    const secondHold = await place(second!, book);
    t.clock.advance(MINUTE);
    const thirdHold = await place(third!, book, true);
    t.clock.advance(MINUTE);
    const quitterHold = await place(quitter!, book);

    const waiting = await holdsOf(book.id);
    expect(waiting.status).toBe(200);
    expect(waiting.body.holds.map((hold) => [hold.holdId, hold.status, hold.position])).toEqual([
      [firstHold.holdId, "waiting", 1],
      [secondHold.holdId, "waiting", 2],
      [thirdHold.holdId, "waiting", 3],
      [quitterHold.holdId, "waiting", 4],
    ]);

    t.clock.advance(MINUTE);
    await http.post("/api/holds/cancel", { holdId: quitterHold.holdId }, quitter!.token);
    // The copy given back goes to the first in the queue, who borrows it; given back again, it
    // goes to the second, who keeps it for 48 hours.
    t.clock.advance(MINUTE);
    await giveBack(holder!, book.id);
    t.clock.advance(MINUTE);
    const lent = await http.post<BorrowResult>(
      "/api/holds/borrow",
      { holdId: firstHold.holdId },
      first!.token,
    );
    expect(lent.body.state).toBe("success");
    t.clock.advance(MINUTE);
    await giveBack(first!, book.id);
    const readyAt = t.clock.now();
    const mine = (await http.get<HoldList>("/api/holds/list", second!.token)).body.holds;
    expect(mine[0]).toMatchObject({ holdId: secondHold.holdId, status: "ready" });

    const audited = await auditRows();
    const answer = await holdsOf(book.id);
    expect(await auditRows()).toBe(audited);
    expect(answer.status).toBe(200);
    expect(answer.body.book).toEqual({
      bookId: String(book.id),
      title: book.title,
      author: "Test Author",
      copies: 1,
      availableCopies: 0,
      waiting: 1,
      ready: 1,
      waitingPerCopy: 1,
    });
    expect(answer.body.holds).toEqual([
      {
        holdId: secondHold.holdId,
        userId: second!.id,
        readerName: `Second ${tag}`,
        readerEmail: second!.email,
        status: "ready",
        position: null,
        placedAt: new Date(start.getTime() + MINUTE).toISOString(),
        readyUntil: new Date(readyAt.getTime() + 48 * HOUR).toISOString(),
        closedAt: null,
        autoBorrow: false,
      },
      {
        holdId: thirdHold.holdId,
        userId: third!.id,
        readerName: `Third ${tag}`,
        readerEmail: third!.email,
        status: "waiting",
        position: 1,
        placedAt: new Date(start.getTime() + 2 * MINUTE).toISOString(),
        readyUntil: null,
        closedAt: null,
        autoBorrow: true,
      },
      {
        holdId: firstHold.holdId,
        userId: first!.id,
        readerName: `First ${tag}`,
        readerEmail: first!.email,
        status: "borrowed",
        position: null,
        placedAt: start.toISOString(),
        readyUntil: null,
        closedAt: new Date(start.getTime() + 6 * MINUTE).toISOString(),
        autoBorrow: false,
      },
      {
        holdId: quitterHold.holdId,
        userId: quitter!.id,
        readerName: `Quitter ${tag}`,
        readerEmail: quitter!.email,
        status: "cancelled",
        position: null,
        placedAt: new Date(start.getTime() + 3 * MINUTE).toISOString(),
        readyUntil: null,
        closedAt: new Date(start.getTime() + 4 * MINUTE).toISOString(),
        autoBorrow: false,
      },
    ]);
  });

  it("answers an empty list for a book without holds, and 404 for an unknown book", async () => {
    const book = await createBook(t.database.db);
    expect((await holdsOf(book.id)).body).toEqual({
      state: "success",
      book: {
        bookId: String(book.id),
        title: book.title,
        author: book.author,
        copies: 2,
        availableCopies: 2,
        waiting: 0,
        ready: 0,
        waitingPerCopy: 0,
      },
      holds: [],
    });
    const unknown = await holdsOf(2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("BOOK_NOT_FOUND");
    expect((await holdsOf("abc")).status).toBe(400);
  });
});
