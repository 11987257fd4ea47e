import type { AdminLoans, AuditList } from "@folio/contract/admin";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult, LoanList } from "@folio/contract/loans";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DAY, MINUTE } from "../../clock";
import type { DomainEvents } from "../../context";
import { books } from "../../db/schema";
import { csvCell } from "../../http/csv";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { lastMailTo } from "../../test/mail";
import { loansCsv } from "../circulation";

const heard: string[] = [];
const closed: DomainEvents["loanClosed"][] = [];
const t = useTestApp(
  {},
  {
    eventHandlers: {
      loanClosed: [
        async (_ctx, _tx, event) => {
          heard.push("loanClosed");
          closed.push(event);
        },
      ],
    },
  },
);
let http: ReturnType<typeof httpClient>;
let admin: TestUser;
let librarian: TestUser;
let base: Date;
beforeAll(async () => {
  http = httpClient(t.app);
  admin = await createStaff(t.app, t.database.db, "admin");
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
beforeEach(() => {
  heard.length = 0;
  closed.length = 0;
  base = new Date(Date.now() + MINUTE);
  t.clock.set(base);
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

const unique = () => `t${Math.random().toString(36).slice(2, 9)}`;

/** A loan made `daysAgo` days before now: due in 30 - daysAgo days (overdue when negative). */
async function lentDaysAgo(reader: TestUser, daysAgo: number, title = `Book ${unique()}`) {
  const book = await createBook(t.database.db, { title, price: 250 });
  t.clock.set(new Date(base.getTime() - daysAgo * DAY));
  const result = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: book.id },
    reader.token,
  );
  t.clock.set(base);
  expect(result.body.state).toBe("success");
  return { book, loanId: result.body.loans[0]!.borrowId };
}

const list = async (query: string) =>
  (await http.get<AdminLoans>(`/api/admin/loans?${query}`, librarian.token)).body;

describe("GET /api/admin/loans", () => {
  it("lists overdue loans (the default), most overdue first, with whole days past due", async () => {
    const tag = unique();
    const reader = await createUser(t.app, t.database.db, {
      name: `Reader ${tag}`,
      balancePence: 20_00,
    });
    const late = await lentDaysAgo(reader, 35);
    const later = await lentDaysAgo(reader, 40);
    await lentDaysAgo(reader, 10);
    const overdue = await list(`q=${tag}`);
    expect(overdue.total).toBe(2);
    expect(overdue.loans.map((l) => [l.loanId, l.status, l.daysOverdue])).toEqual([
      [later.loanId, "overdue", 10],
      [late.loanId, "overdue", 5],
    ]);
    expect(overdue.loans[0]).toMatchObject({
      title: later.book.title,
      author: "Test Author",
      userId: reader.id,
      readerName: `Reader ${tag}`,
      readerEmail: reader.email,
      price: 2.5,
      returnedAt: null,
    });
  });

  it("lists loans due soon (3 days, or as many as asked) and every open loan, by title or reader", async () => {
    const tag = unique();
    const reader = await createUser(t.app, t.database.db, { balancePence: 20_00 });
    const inTwo = await lentDaysAgo(reader, 28, `Two ${tag}`);
    const inFive = await lentDaysAgo(reader, 25, `Five ${tag}`);
    const late = await lentDaysAgo(reader, 31, `Late ${tag}`);
    const soon = await list(`status=dueSoon&q=${tag}`);
    expect(soon.loans.map((l) => l.loanId)).toEqual([inTwo.loanId]);
    expect(soon.loans[0]).toMatchObject({ status: "open", daysOverdue: 0 });
    const week = await list(`status=dueSoon&days=7&q=${tag}`);
    expect(week.loans.map((l) => l.loanId)).toEqual([inTwo.loanId, inFive.loanId]);
    const open = await list(`status=open&q=${tag}&pageSize=2`);
    expect(open).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(open.loans.map((l) => l.loanId)).toEqual([late.loanId, inTwo.loanId]);
    const byEmail = await list(`status=open&q=${encodeURIComponent(reader.email.toUpperCase())}`);
    expect(byEmail.total).toBe(3);
    expect((await http.get(`/api/admin/loans?status=late`, librarian.token)).status).toBe(400);
    expect((await http.get(`/api/admin/loans?status=dueSoon&days=0`, librarian.token)).status).toBe(
      400,
    );
  });

  it("is for staff only", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect((await http.get("/api/admin/loans")).status).toBe(401);
    expect((await http.get("/api/admin/loans", reader.token)).status).toBe(403);
    expect((await http.get("/api/admin/loans/csv", reader.token)).status).toBe(403);
  });
});

describe("GET /api/admin/loans/csv", () => {
  it("answers the same loans as a CSV attachment with a header row", async () => {
    const tag = unique();
    const reader = await createUser(t.app, t.database.db, {
      name: `=HYPERLINK("http://evil.test") ${tag}`,
      balancePence: 20_00,
    });
    const { book, loanId } = await lentDaysAgo(reader, 32, `Quotes "and", commas ${tag}`);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/admin/loans/csv?status=overdue&q=${tag}`,
      headers: { authorization: `Bearer ${librarian.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="loans-overdue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Loan,Book,Title,Author,Reader,Email,Borrowed,Due,Status,Days overdue,Price (GBP)",
    );
    expect(lines[1]).toBe(
      [
        loanId,
        book.id,
        `"Quotes ""and"", commas ${tag}"`,
        "Test Author",
        `"'=HYPERLINK(""http://evil.test"") ${tag}"`,
        reader.email,
        new Date(base.getTime() - 32 * DAY).toISOString(),
        new Date(base.getTime() - 2 * DAY).toISOString(),
        "overdue",
        2,
        "2.50",
      ].join(","),
    );
    expect(lines.slice(2)).toEqual([""]);
    // The OpenAPI document names it as CSV.
    const doc = await http.get<{ paths: Record<string, { get: { responses: object } }> }>(
      "/api/docs/json",
    );
    expect(JSON.stringify(doc.body.paths["/api/admin/loans/csv"]?.get.responses)).toContain(
      "text/csv",
    );
  });

  it("neutralises formulas and quotes what would break a row", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+44 20")).toBe("'+44 20");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=a,b")).toBe(`"'=a,b"`);
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(loansCsv([]).split("\r\n")).toHaveLength(2);
  });
});

describe("POST /api/admin/loans/end", () => {
  it("ends an open loan as a return does: copy back, events, the reader's mail, the audit", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 20_00 });
    const { book, loanId } = await lentDaysAgo(reader, 36);
    const ended = await http.post<{ loan: { status: string; returnedAt: string } }>(
      "/api/admin/loans/end",
      { loanId, reason: "  Reader asked by phone  " },
      librarian.token,
    );
    expect(ended.status).toBe(200);
    expect(ended.body.loan).toMatchObject({
      loanId,
      status: "returned",
      returnedAt: base.toISOString(),
    });
    const [row] = await t.database.db.select().from(books).where(eq(books.id, book.id));
    expect(row!.availableCopies).toBe(row!.totalCopies);
    expect(heard).toEqual(["loanClosed"]);
    expect(closed[0]).toMatchObject({
      loanId: Number(loanId),
      bookId: book.id,
      userId: reader.id,
      how: "ended-by-staff",
    });
    const mail = await lastMailTo(t.database.db, reader.email);
    expect(mail).toMatchObject({
      type: "return",
      subject: `Your loan of ${book.title} has ended`,
    });
    expect(mail!.textBody).toContain("The library ended your loan of");
    const mine = await http.post<LoanList>("/api/borrow/borrowlist", undefined, reader.token);
    expect(mine.body.data).toEqual([]);
    const audit = (await http.get<AuditList>("/api/admin/audit?action=loan.end", admin.token)).body
      .entries[0];
    expect(audit).toMatchObject({
      actorId: librarian.id,
      targetType: "loan",
      targetId: loanId,
      before: { userId: reader.id, bookId: book.id, returnedAt: null },
      after: { returnedAt: base.toISOString() },
      reason: "Reader asked by phone",
    });

    const again = await http.post<ErrorBody>(
      "/api/admin/loans/end",
      { loanId, reason: "Twice" },
      librarian.token,
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "LOAN_ENDED",
      message: "This loan has ended already.",
    });
  });

  it("answers 404 for an unknown loan and 400 without a reason", async () => {
    const unknown = await http.post<ErrorBody>(
      "/api/admin/loans/end",
      { loanId: 2_000_000_000, reason: "x" },
      librarian.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("That loan does not exist.");
    expect((await http.post("/api/admin/loans/end", { loanId: 1 }, librarian.token)).status).toBe(
      400,
    );
  });
});
