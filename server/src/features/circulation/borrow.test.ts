import type { UserInfo } from "@folio/contract/accounts";
import type { ErrorBody } from "@folio/contract/common";
import type { BookDetail } from "@folio/contract/catalogue";
import type { Cart, BookListState } from "@folio/contract/lists";
import type { BorrowResult } from "@folio/contract/loans";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../clock";
import { books, ledger, loans, outbox } from "../../db/schema";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";

let http: ReturnType<typeof httpClient>;
const t = useTestApp();
beforeAll(async () => {
  http = httpClient(t.app);
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

type IdIn = number | string;
const borrow = (token: string, bookId: IdIn | IdIn[], key?: string) =>
  t.app
    .inject({
      method: "POST",
      url: "/api/borrow/borrow",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      payload: JSON.stringify({ bookId }),
    })
    .then((r) => ({ status: r.statusCode, body: r.json<BorrowResult>() }));

/** A book whose only copy another reader holds. */
async function outOfStockBook() {
  const book = await createBook(t.database.db, { copies: 1, price: 100 });
  const holder = await createUser(t.app, t.database.db, { balancePence: 100 });
  expect((await borrow(holder.token, book.id)).body.state).toBe("success");
  return book;
}

const balanceOf = async (token: string) =>
  (await http.get<UserInfo>("/api/users/info", token)).body.balance;
const bookOf = async (id: number) =>
  (await http.get<BookDetail>(`/api/books/get?bookId=${id}`)).body;

describe("borrowing", () => {
  it("lends a book for 30 days, charges its price, and takes it off cart and wishlist", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { price: 499, copies: 2 });
    await http.post("/api/cart/add", { bookId: book.id }, user.token);
    await http.post("/api/wishlist/add", { bookId: book.id }, user.token);

    const { status, body } = await borrow(user.token, book.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      message: "Successfully borrowed 1 book.",
      balance: 5.01,
      newPayment: 0,
      InvalidBookIds: [],
      LowStockBookIds: [],
      BorrowedBookIds: [],
      ExceedLimitBookIds: [],
    });
    expect(new Date(body.dueDate!).getTime()).toBe(t.clock.now().getTime() + 30 * DAY);
    expect(body.loans).toHaveLength(1);
    expect(body.books.map((b) => b.bookId)).toEqual([String(book.id)]);
    expect(body.loans[0]?.bookId).toBe(String(book.id));
    expect(body.loans[0]?.borrowId).toMatch(/^[1-9][0-9]*$/);
    // What it cost, beside the balance it left: the success dialog names both.
    expect(body.loans[0]?.price).toBe(4.99);

    expect(await balanceOf(user.token)).toBe(5.01);
    expect(await bookOf(book.id)).toMatchObject({
      availableCopies: 1,
      totalCopies: 2,
      borrowTimes: 1,
    });
    expect((await http.post<Cart>("/api/cart/get", undefined, user.token)).body.bookId).toEqual([]);
    expect(
      (await http.post<BookListState>("/api/wishlist/get", undefined, user.token)).body.bookId,
    ).toEqual([]);
    const charges = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.loanId, Number(body.loans[0]!.borrowId)));
    expect(charges.map((c) => [c.kind, c.amountPence])).toEqual([["borrow", -499]]);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, user.email), eq(outbox.type, "borrow")));
    expect(mail?.textBody).toContain(`${book.title} by Test Author, £4.99, due`);
    expect(mail?.textBody).toContain("Charged: £4.99. Your balance is now £5.01.");
  });

  it("lends what it can of a list and reports the rest by cause", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 5000 });
    const ok1 = await createBook(t.database.db, { price: 100 });
    const ok2 = await createBook(t.database.db, { price: 250 });
    const gone = await outOfStockBook();
    const held = await createBook(t.database.db, { price: 100 });
    await borrow(user.token, held.id);
    // Ids go in as numbers or strings of digits, mixed, and come out as strings.
    const { body } = await borrow(user.token, [ok1.id, "999999", String(gone.id), held.id, ok2.id]);
    expect(body).toMatchObject({
      state: "success",
      message: "Successfully borrowed 2 books.",
      InvalidBookIds: ["999999"],
      LowStockBookIds: [String(gone.id)],
      BorrowedBookIds: [String(held.id)],
      ExceedLimitBookIds: [],
      balance: 45.5,
    });
    expect(body.loans.map((l) => [l.bookId, l.price])).toEqual([
      [String(ok1.id), 1],
      [String(ok2.id), 2.5],
    ]);
  });

  it("answers insufficient balance with the shortfall and changes nothing", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 300 });
    const a = await createBook(t.database.db, { price: 250 });
    const b = await createBook(t.database.db, { price: 199 });
    const { status, body } = await borrow(user.token, [a.id, b.id]);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "insufficient balance",
      newPayment: 1.49,
      balance: 3,
      dueDate: null,
      loans: [],
      message: "Your account balance is insufficient. You need to top up £1.49 to borrow this book",
    });
    expect(await balanceOf(user.token)).toBe(3);
    expect((await bookOf(a.id)).availableCopies).toBe(2);
  });

  it("answers Reach borrow limit past 10 books at once, lending none", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const ten = await Promise.all(
      Array.from({ length: 10 }, () => createBook(t.database.db, { price: 100 })),
    );
    expect(
      (
        await borrow(
          user.token,
          ten.map((b) => b.id),
        )
      ).body.state,
    ).toBe("success");
    const more = await createBook(t.database.db, { price: 100 });
    const { body } = await borrow(user.token, more.id);
    expect(body).toMatchObject({
      state: "Reach borrow limit",
      message:
        "You have reached the maximum borrow limit (10 books). Please return some books before trying again.",
      loans: [],
    });
    expect(await balanceOf(user.token)).toBe(90);

    const fresh = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const eleven = await Promise.all(
      Array.from({ length: 11 }, () => createBook(t.database.db, { price: 100 })),
    );
    expect(
      (
        await borrow(
          fresh.token,
          eleven.map((b) => b.id),
        )
      ).body.state,
    ).toBe("Reach borrow limit");
    expect(await balanceOf(fresh.token)).toBe(100);
  });

  it("answers exceed_limit for a book whose lending licence is spent", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { copies: 5 });
    await t.database.db.update(books).set({ borrowTimes: 10 }).where(eq(books.id, book.id));
    const { body } = await borrow(user.token, book.id);
    expect(body).toMatchObject({
      state: "exceed_limit",
      ExceedLimitBookIds: [String(book.id)],
      message:
        "This book has reached the maximum borrow limit (10 times). Not available for borrowing.",
    });
  });

  it("answers Borrow failed. with the causes when nothing could be lent", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const gone = await outOfStockBook();
    const { body } = await borrow(user.token, [gone.id, 777777]);
    expect(body).toMatchObject({
      state: "Borrow failed.",
      InvalidBookIds: ["777777"],
      LowStockBookIds: [String(gone.id)],
    });
    expect(body.message).toContain("Borrow failed: Invalid book");
    expect(body.message).toContain("Out of stock");
    const held = await createBook(t.database.db);
    await borrow(user.token, held.id);
    expect((await borrow(user.token, held.id)).body).toMatchObject({
      state: "Borrow failed.",
      BorrowedBookIds: [String(held.id)],
      message: "You have already borrowed this book (1)",
    });
  });

  it("replays a repeated Idempotency-Key without lending or charging again", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { price: 400, copies: 3 });
    const first = await borrow(user.token, book.id, "borrow-once");
    const again = await borrow(user.token, book.id, "borrow-once");
    expect(again).toEqual(first);
    expect(await balanceOf(user.token)).toBe(6);
    expect((await bookOf(book.id)).availableCopies).toBe(2);
  });

  it("refuses bad requests and callers without a login", async () => {
    const user = await createUser(t.app, t.database.db);
    expect((await http.post<ErrorBody>("/api/borrow/borrow", {}, user.token)).status).toBe(400);
    expect(
      (await http.post<ErrorBody>("/api/borrow/borrow", { bookId: "x" }, user.token)).status,
    ).toBe(400);
    expect((await http.post("/api/borrow/borrow", { bookId: 1 })).status).toBe(401);
  });

  it("account deletion returns open loans and keeps the money records, detached", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { copies: 1, price: 300 });
    const { body } = await borrow(user.token, book.id);
    expect((await bookOf(book.id)).availableCopies).toBe(0);
    expect((await http.post("/api/users/delete", undefined, user.token)).status).toBe(200);
    expect((await bookOf(book.id)).availableCopies).toBe(1);
    const [loan] = await t.database.db
      .select()
      .from(loans)
      .where(eq(loans.id, Number(body.loans[0]!.borrowId)));
    expect(loan).toMatchObject({ userId: null });
    expect(loan?.returnedAt).not.toBeNull();
    const [charge] = await t.database.db.select().from(ledger).where(eq(ledger.loanId, loan!.id));
    expect(charge).toMatchObject({ userId: null, amountPence: -300 });
  });
});

describe("the lending licence", () => {
  const giveBack = (token: string, bookId: number) =>
    http.post("/api/borrow/return", { bookId }, token);

  it("is spent once by a reader who borrows and returns the same book ten times", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const book = await createBook(t.database.db, { copies: 1, price: 100 });
    for (let i = 0; i < 10; i += 1) {
      expect((await borrow(user.token, book.id)).body.state).toBe("success");
      expect((await giveBack(user.token, book.id)).status).toBe(200);
    }
    expect(await bookOf(book.id)).toMatchObject({ borrowTimes: 1, availableCopies: 1 });
    // Everyone else can still borrow it.
    const other = await createUser(t.app, t.database.db, { balancePence: 100 });
    expect((await borrow(other.token, book.id)).body.state).toBe("success");
    expect((await bookOf(book.id)).borrowTimes).toBe(2);
  });

  it("lets a reader borrow again a book they had this month even once its licence is spent", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const book = await createBook(t.database.db, { copies: 2, price: 100 });
    expect((await borrow(user.token, book.id)).body.state).toBe("success");
    expect((await giveBack(user.token, book.id)).status).toBe(200);
    await t.database.db.update(books).set({ borrowTimes: 10 }).where(eq(books.id, book.id));
    expect((await borrow(user.token, book.id)).body.state).toBe("success");
    const stranger = await createUser(t.app, t.database.db, { balancePence: 100 });
    expect((await borrow(stranger.token, book.id)).body.state).toBe("exceed_limit");
  });

  it("is spent again by a reader who borrows a book more than 30 days after giving it back", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const book = await createBook(t.database.db, { copies: 1, price: 100 });
    const start = t.clock.now();
    try {
      expect((await borrow(user.token, book.id)).body.state).toBe("success");
      expect((await giveBack(user.token, book.id)).status).toBe(200);
      t.clock.advance(31 * DAY);
      const login = await http.post<{ token: string }>("/api/auth/login", {
        email: user.email,
        password: user.password,
      });
      expect((await borrow(login.body.token, book.id)).body.state).toBe("success");
      expect((await bookOf(book.id)).borrowTimes).toBe(2);
    } finally {
      t.clock.set(start);
    }
  });
});

describe("borrowing under concurrency", () => {
  it("lends the last copy to exactly one of many readers racing for it", async () => {
    const book = await createBook(t.database.db, { copies: 1, price: 100 });
    const readers = await Promise.all(
      Array.from({ length: 12 }, () => createUser(t.app, t.database.db, { balancePence: 1000 })),
    );
    const results = await Promise.all(readers.map((r) => borrow(r.token, book.id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.state === "success")).toHaveLength(1);
    expect(
      results
        .filter((r) => r.body.state === "Borrow failed.")
        .every((r) => r.body.LowStockBookIds[0] === String(book.id)),
    ).toBe(true);
    expect((await bookOf(book.id)).availableCopies).toBe(0);
    const open = await t.database.db
      .select()
      .from(loans)
      .where(and(eq(loans.bookId, book.id), isNull(loans.returnedAt)));
    expect(open).toHaveLength(1);
  });

  it("spends the last pounds once when one reader borrows many books at once", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 500 });
    const titles = await Promise.all(
      Array.from({ length: 10 }, () => createBook(t.database.db, { price: 500 })),
    );
    const results = await Promise.all(titles.map((b) => borrow(user.token, b.id)));
    expect(results.filter((r) => r.body.state === "success")).toHaveLength(1);
    expect(results.filter((r) => r.body.state === "insufficient balance")).toHaveLength(9);
    expect(await balanceOf(user.token)).toBe(0);
  });

  it("never lets one reader hold more than 10 books, however the requests interleave", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000_00 });
    const many = await Promise.all(
      Array.from({ length: 16 }, () => createBook(t.database.db, { price: 100 })),
    );
    const results = await Promise.all(many.map((b) => borrow(user.token, b.id)));
    expect(results.filter((r) => r.body.state === "success")).toHaveLength(10);
    expect(results.filter((r) => r.body.state === "Reach borrow limit")).toHaveLength(6);
  });
});
