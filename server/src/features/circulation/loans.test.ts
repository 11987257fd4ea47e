import type { UserInfo } from "@folio/contract/accounts";
import type { BookDetail } from "@folio/contract/catalogue";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult, LoanList, RenewResult, ReturnResult } from "@folio/contract/loans";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY, HOUR, MINUTE } from "../../clock";
import { books, ledger, outbox } from "../../db/schema";
import { sweepLoans } from "../../jobs/scheduler";
import { createTestApp, useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { createUser, type TestUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";

// A fixed zone, so "3 calendar days" means the same on any machine.
const t = useTestApp({ TIME_ZONE: "Europe/London" });
let http: ReturnType<typeof httpClient>;
beforeAll(() => {
  http = httpClient(t.app);
});
beforeEach(() => {
  // Noon in London: calendar-day arithmetic below is then far from any midnight.
  t.clock.set("2026-06-10T11:00:00Z");
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

async function borrowOne(user: TestUser, opts: { price?: number; copies?: number } = {}) {
  const book = await createBook(t.database.db, {
    price: opts.price ?? 300,
    copies: opts.copies ?? 2,
  });
  const result = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: book.id },
    user.token,
  );
  expect(result.body.state).toBe("success");
  return { book, loan: result.body.loans[0]! };
}

/** Sessions last 30 days; tests that move the clock past that log in again. */
async function relogin(user: TestUser): Promise<TestUser> {
  const { body } = await http.post<{ token: string }>("/api/auth/login", {
    email: user.email,
    password: user.password,
  });
  return { ...user, token: body.token };
}

const mailsOf = (email: string, type: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.type, type)));
const balanceOf = async (user: TestUser) =>
  (await http.get<UserInfo>("/api/users/info", user.token)).body.balance;
const available = async (bookId: number) =>
  (await http.get<BookDetail>(`/api/books/get?bookId=${bookId}`)).body.availableCopies;

describe("borrowlist and history", () => {
  it("lists open loans with their books, and the history with statuses and return dates", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const first = await borrowOne(user);
    t.clock.advance(HOUR);
    const second = await borrowOne(user);
    // An id may go in as a string of digits, as it came out.
    await http.post("/api/borrow/return", { bookId: String(first.book.id) }, user.token);

    const open = await http.post<LoanList>("/api/borrow/borrowlist", undefined, user.token);
    expect(open.status).toBe(200);
    expect(open.body.data).toHaveLength(1);
    expect(open.body.data[0]).toMatchObject({
      borrowId: second.loan.borrowId,
      bookId: String(second.book.id),
      bookTitle: second.book.title,
      bookAuthor: "Test Author",
      status: "borrowed",
      returnDate: null,
      dueDate: second.loan.dueDate,
      price: 3,
      renewalFee: 3,
    });
    expect(open.body.books.map((b) => b.bookId)).toEqual([String(second.book.id)]);

    const history = await http.post<LoanList>("/api/borrow/history", undefined, user.token);
    expect(history.body.data.map((l) => [l.bookId, l.status])).toEqual([
      [String(second.book.id), "borrowed"],
      [String(first.book.id), "returned"],
    ]);
    expect(history.body.data[1]?.returnDate).toBe(t.clock.now().toISOString());
    expect(history.body.data[1]).toMatchObject({
      title: first.book.title,
      author: "Test Author",
      cover: `/api/books/${first.book.id}/cover`,
    });
  });

  it("shows only the caller's loans, and needs a login", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const other = await createUser(t.app, t.database.db);
    await borrowOne(user);
    expect(
      (await http.post<LoanList>("/api/borrow/borrowlist", undefined, other.token)).body.data,
    ).toEqual([]);
    expect(
      (await http.post<LoanList>("/api/borrow/history", undefined, other.token)).body.data,
    ).toEqual([]);
    expect((await http.post("/api/borrow/borrowlist")).status).toBe(401);
    expect((await http.post("/api/borrow/history")).status).toBe(401);
  });
});

describe("renew", () => {
  it("charges the book's current price and moves the due date 30 days on", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, loan } = await borrowOne(user, { price: 300 });
    await t.database.db.update(books).set({ pricePence: 450 }).where(eq(books.id, book.id));
    t.clock.advance(5 * DAY);
    const { status, body } = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      fee: 4.5,
      balance: 2.5,
      newPayment: 0,
      borrowId: loan.borrowId,
    });
    expect(new Date(body.newDueDate).getTime()).toBe(new Date(loan.dueDate).getTime() + 30 * DAY);
    const charges = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.loanId, Number(loan.borrowId)), eq(ledger.kind, "renewal")));
    expect(charges.map((c) => c.amountPence)).toEqual([-450]);
    const [open] = (await http.post<LoanList>("/api/borrow/borrowlist", undefined, user.token)).body
      .data;
    expect(open?.dueDate).toBe(body.newDueDate);
  });

  it("renews an overdue loan from today, not from the old due date", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book } = await borrowOne(user);
    t.clock.advance(33 * DAY);
    const again = await relogin(user);
    const { body } = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      again.token,
    );
    expect(body.state).toBe("success");
    expect(new Date(body.newDueDate).getTime()).toBe(t.clock.now().getTime() + 30 * DAY);
  });

  it("answers insufficient balance with what is missing, and changes nothing", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 400 });
    const { book, loan } = await borrowOne(user, { price: 300 });
    const { status, body } = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "insufficient balance",
      newPayment: 2,
      balance: 1,
      fee: 3,
      newDueDate: loan.dueDate,
      message: "Insufficient balance, you need £2.00",
    });
    expect(await balanceOf(user)).toBe(1);
  });

  it("refuses a loan that is not the caller's open loan, changing nothing", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const other = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book } = await borrowOne(user);
    const notMine = await http.post<ErrorBody>(
      "/api/borrow/renew",
      { bookId: book.id },
      other.token,
    );
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({
      code: "LOAN_NOT_FOUND",
      message: "You have no open loan of that book.",
    });
    expect(await balanceOf(other)).toBe(10);
    await http.post("/api/borrow/return", { bookId: book.id }, user.token);
    expect(
      (await http.post<ErrorBody>("/api/borrow/renew", { bookId: book.id }, user.token)).status,
    ).toBe(404);
    expect(
      (await http.post<ErrorBody>("/api/borrow/renew", { bookId: "x" }, user.token)).status,
    ).toBe(400);
    expect((await http.post("/api/borrow/renew", { bookId: book.id })).status).toBe(401);
  });
});

describe("renewals cannot stack", () => {
  it("refuses a loan due more than 30 days from now with 409, charging nothing", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, loan } = await borrowOne(user, { price: 300 });
    // Just borrowed: due in 30 days, so one renewal is allowed.
    const first = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      user.token,
    );
    expect(first.body.state).toBe("success");
    const second = await http.post<ErrorBody>("/api/borrow/renew", { bookId: book.id }, user.token);
    expect(second.status).toBe(409);
    const renewableFrom = new Date(new Date(first.body.newDueDate).getTime() - 30 * DAY);
    expect(second.body).toMatchObject({
      code: "RENEWAL_TOO_EARLY",
      message: `This loan is not due for renewal yet: you can renew it from ${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" }).format(renewableFrom)}, when it is due within 30 days.`,
    });
    expect(await balanceOf(user)).toBe(10 - 3 - 3);
    const charges = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.loanId, Number(loan.borrowId)), eq(ledger.kind, "renewal")));
    expect(charges).toHaveLength(1);
    // Once the due date is 30 days away, it may be renewed again.
    t.clock.set(renewableFrom);
    const again = await relogin(user);
    const later = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      again.token,
    );
    expect(later.body.state).toBe("success");
  });

  it("takes one fee and one period from eight renewals sent at once without a key", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 100_00 });
    const { book, loan } = await borrowOne(user, { price: 300 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        http.post<RenewResult | ErrorBody>("/api/borrow/renew", { bookId: book.id }, user.token),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => (a.body as ErrorBody).code)).toEqual(
      Array(7).fill("RENEWAL_TOO_EARLY"),
    );
    expect(await balanceOf(user)).toBe(100 - 3 - 3);
    const [open] = (await http.post<LoanList>("/api/borrow/borrowlist", undefined, user.token)).body
      .data;
    expect(new Date(open!.dueDate).getTime()).toBe(new Date(loan.dueDate).getTime() + 30 * DAY);
  });
});

describe("return", () => {
  it("frees the copy, keeps the charge, mails the reader, and works once", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book } = await borrowOne(user, { copies: 1 });
    expect(await available(book.id)).toBe(0);
    const { status, body } = await http.post<ReturnResult>(
      "/api/borrow/return",
      { bookId: book.id },
      user.token,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: "success",
      bookId: String(book.id),
      returnDate: t.clock.now().toISOString(),
    });
    expect(body.borrowId).toMatch(/^[1-9][0-9]*$/);
    expect(await available(book.id)).toBe(1);
    expect(await balanceOf(user)).toBe(7);
    expect(await mailsOf(user.email, "return")).toHaveLength(1);
    expect(
      (await http.post<ErrorBody>("/api/borrow/return", { bookId: book.id }, user.token)).status,
    ).toBe(404);
  });

  it("refuses another reader's loan", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const other = await createUser(t.app, t.database.db);
    const { book } = await borrowOne(user, { copies: 1 });
    expect(
      (await http.post<ErrorBody>("/api/borrow/return", { bookId: book.id }, other.token)).status,
    ).toBe(404);
    expect(await available(book.id)).toBe(0);
  });
});

describe("overdue and automatic return", () => {
  it("marks a loan overdue after its due date, notices once, and returns it 7 days later", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, loan } = await borrowOne(user, { copies: 1 });
    const due = new Date(loan.dueDate).getTime();

    t.clock.set(new Date(due - MINUTE));
    await sweepLoans(t.ctx);
    expect(await mailsOf(user.email, "expired")).toHaveLength(0);

    t.clock.set(new Date(due + MINUTE));
    await sweepLoans(t.ctx);
    await sweepLoans(t.ctx);
    const notices = await mailsOf(user.email, "expired");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain("is now overdue");
    const [overdue] = (
      await http.post<LoanList>("/api/borrow/borrowlist", undefined, (await relogin(user)).token)
    ).body.data;
    expect(overdue?.status).toBe("overdue");
    expect(await available(book.id)).toBe(0);

    t.clock.set(new Date(due + 7 * DAY - MINUTE));
    await sweepLoans(t.ctx);
    const stillOpen = await http.post<LoanList>(
      "/api/borrow/borrowlist",
      undefined,
      (await relogin(user)).token,
    );
    expect(stillOpen.body.data.map((l) => l.bookId)).toEqual([String(book.id)]);
    // A server that was down: it catches up, dating the return when it was due.
    t.clock.set(new Date(due + 9 * DAY));
    expect((await sweepLoans(t.ctx)).autoReturned).toBeGreaterThanOrEqual(1);
    const [returned] = (
      await http.post<LoanList>("/api/borrow/history", undefined, (await relogin(user)).token)
    ).body.data;
    expect(returned).toMatchObject({
      status: "returned",
      returnDate: new Date(due + 7 * DAY).toISOString(),
    });
    expect(await available(book.id)).toBe(1);
    expect(await mailsOf(user.email, "return")).toHaveLength(1);
    expect((await sweepLoans(t.ctx)).autoReturned).toBe(0);
    expect(await mailsOf(user.email, "return")).toHaveLength(1);
  });
});

describe("due-soon reminders", () => {
  it("reminds once when the due date is 3 days away, and again after a renewal for the new date", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, loan } = await borrowOne(user);
    const due = new Date(loan.dueDate).getTime();

    t.clock.set(new Date(due - 4 * DAY));
    await sweepLoans(t.ctx);
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(0);

    t.clock.set(new Date(due - 3 * DAY));
    await sweepLoans(t.ctx);
    await sweepLoans(t.ctx);
    const reminders = await mailsOf(user.email, "due_soon");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toBe(
      `${book.title} is due on ${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" }).format(new Date(due))}`,
    );
    t.clock.set(new Date(due - 2 * DAY));
    await sweepLoans(t.ctx);
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(1);

    const renewed = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      user.token,
    );
    const newDue = new Date(renewed.body.newDueDate).getTime();
    t.clock.set(new Date(newDue - 3 * DAY));
    await sweepLoans(t.ctx);
    await sweepLoans(t.ctx);
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(2);
  });

  it("is checked at login", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { loan } = await borrowOne(user);
    t.clock.set(new Date(new Date(loan.dueDate).getTime() - 3 * DAY));
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(0);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(200);
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(1);
    expect(
      (await http.post("/api/auth/login", { email: user.email, password: user.password })).status,
    ).toBe(200);
    expect(await mailsOf(user.email, "due_soon")).toHaveLength(1);
  });
});

describe("the loan sweep in two server processes at once", () => {
  it("sends each notice and reminder once and returns each loan once", async () => {
    const second = await createTestApp({ TIME_ZONE: "Europe/London" }, { shareDatabaseWith: t });
    try {
      const readers = await Promise.all(
        Array.from({ length: 6 }, () => createUser(t.app, t.database.db, { balancePence: 10_00 })),
      );
      const loansMade = [];
      for (const reader of readers)
        loansMade.push({ reader, ...(await borrowOne(reader, { copies: 1 })) });
      const due = new Date(loansMade[0]!.loan.dueDate).getTime();
      for (const at of [due - 3 * DAY, due + HOUR, due + 8 * DAY]) {
        t.clock.set(new Date(at));
        second.clock.set(new Date(at));
        await Promise.all([
          sweepLoans(t.ctx),
          sweepLoans(second.ctx),
          sweepLoans(t.ctx),
          sweepLoans(second.ctx),
        ]);
      }
      for (const { reader, book } of loansMade) {
        expect(await mailsOf(reader.email, "due_soon")).toHaveLength(1);
        expect(await mailsOf(reader.email, "expired")).toHaveLength(1);
        expect(await mailsOf(reader.email, "return")).toHaveLength(1);
        expect(await available(book.id)).toBe(1);
      }
    } finally {
      await second.close();
    }
  });
});
