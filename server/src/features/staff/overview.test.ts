import type { BalanceChange, Overview, ReaderDetail } from "@folio/contract/admin";
import type { BorrowResult } from "@folio/contract/loans";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../clock";
import { books } from "../../db/schema";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { dayBounds } from "./overview-service";

// London, across the end of summer time (25 October 2026): the 30 days run from 12 October to
// 10 November, and one of them is 25 hours long.
const t = useTestApp({ TIME_ZONE: "Europe/London" });
const NOW = new Date("2026-11-10T12:00:00Z");
let http: ReturnType<typeof httpClient>;
let librarian: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
afterEach(async () => {
  t.clock.set(NOW);
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

const overview = async () => {
  const answer = await http.get<Overview>("/api/admin/overview", librarian.token);
  expect(answer.status).toBe(200);
  return answer.body;
};
const dayOf = (o: Overview, date: string) => o.days.find((d) => d.date === date)!;

async function at<T>(instant: string, work: () => Promise<T>): Promise<T> {
  t.clock.set(instant);
  try {
    return await work();
  } finally {
    t.clock.set(NOW);
  }
}

const borrow = async (reader: TestUser, bookId: number) => {
  const lent = await http.post<BorrowResult>("/api/borrow/borrow", { bookId }, reader.token);
  expect(lent.body.state).toBe("success");
};

describe("dayBounds", () => {
  it("gives the local midnights of the last days and the one ending today, DST and all", () => {
    const bounds = dayBounds(NOW, 30, "Europe/London");
    expect(bounds).toHaveLength(31);
    expect(bounds[0]!.toISOString()).toBe("2026-10-11T23:00:00.000Z");
    expect(bounds[29]!.toISOString()).toBe("2026-11-10T00:00:00.000Z");
    expect(bounds[30]!.toISOString()).toBe("2026-11-11T00:00:00.000Z");
    const lengths = bounds.slice(1).map((b, i) => (b.getTime() - bounds[i]!.getTime()) / DAY);
    expect(lengths.filter((l) => l !== 1)).toEqual([25 / 24]);
  });
});

describe("GET /api/admin/overview", () => {
  it("counts loans now, readers and books, and money and loans per day in the shop's zone", async () => {
    t.clock.set(NOW);
    const before = await overview();
    expect(before.days).toHaveLength(30);
    expect(before.days[0]!.date).toBe("2026-10-12");
    expect(before.days[29]!.date).toBe("2026-11-10");
    expect(before.holdsWaiting).toBeNull();

    const reader = await createUser(t.app, t.database.db);
    const other = await createUser(t.app, t.database.db);
    await createStaff(t.app, t.database.db, "librarian");
    // 00:30 in London on 21 October (summer time), though still the 20th in UTC.
    await at("2026-10-20T23:30:00Z", () =>
      http.post("/api/payments/topup", { amount: 30 }, reader.token),
    );
    await at("2026-11-08T23:30:00Z", () =>
      http.post("/api/payments/topup", { amount: 40 }, other.token),
    );
    await http.post("/api/payments/topup", { amount: 20 }, reader.token);

    const popular = await createBook(t.database.db, { title: "Most lent", price: 4_99, copies: 5 });
    const quiet = await createBook(t.database.db, { title: "Lent once", price: 1_00 });
    const late = await createBook(t.database.db, { price: 2_00 });
    const soon = await createBook(t.database.db, { price: 2_00 });
    // Borrowed 32 days ago: overdue, and made before the 30 days.
    await at(new Date(NOW.getTime() - 32 * DAY).toISOString(), () => borrow(reader, late.id));
    // Borrowed 28 days ago (13 October): due in 2 days.
    await at(new Date(NOW.getTime() - 28 * DAY).toISOString(), () => borrow(reader, soon.id));
    await borrow(reader, popular.id);
    await borrow(other, popular.id);
    await borrow(other, quiet.id);
    // A refund today comes off today's loan charges.
    const detail = await http.get<ReaderDetail>(
      `/api/admin/readers/get?userId=${other.id}`,
      librarian.token,
    );
    const charge = detail.body.ledger.find((e) => e.kind === "borrow" && e.amount === -4.99)!;
    const refund = await http.post<BalanceChange>(
      "/api/admin/readers/refund",
      { ledgerId: charge.ledgerId, amount: 0.99, reason: "Sorry" },
      librarian.token,
    );
    expect(refund.status).toBe(200);
    await t.database.db.update(books).set({ retiredAt: NOW }).where(eq(books.id, quiet.id));

    const after = await overview();
    expect(after.activeLoans - before.activeLoans).toBe(5);
    expect(after.overdueLoans - before.overdueLoans).toBe(1);
    expect(after.dueSoonLoans - before.dueSoonLoans).toBe(1);
    // The new librarian is no reader; four books were added and one of them retired.
    expect(after.readers - before.readers).toBe(2);
    expect(after.books - before.books).toBe(3);

    const change = (date: string) => {
      const was = dayOf(before, date);
      const is = dayOf(after, date);
      return {
        topUps: Math.round((is.topUps - was.topUps) * 100) / 100,
        loanCharges: Math.round((is.loanCharges - was.loanCharges) * 100) / 100,
        loans: is.loans - was.loans,
      };
    };
    expect(change("2026-10-20")).toEqual({ topUps: 0, loanCharges: 0, loans: 0 });
    expect(change("2026-10-21")).toEqual({ topUps: 30, loanCharges: 0, loans: 0 });
    expect(change("2026-10-13")).toEqual({ topUps: 0, loanCharges: 2, loans: 1 });
    expect(change("2026-11-08")).toEqual({ topUps: 40, loanCharges: 0, loans: 0 });
    // 4.99 + 4.99 + 1.00 charged, 0.99 refunded.
    expect(change("2026-11-10")).toEqual({ topUps: 20, loanCharges: 9.99, loans: 3 });

    expect(after.mostBorrowed[0]).toEqual({
      bookId: String(popular.id),
      title: "Most lent",
      author: "Test Author",
      loans: 2,
    });
    // Borrowed before the 30 days: not among them.
    expect(after.mostBorrowed.map((b) => b.bookId)).not.toContain(String(late.id));
    expect(after.mostBorrowed.length).toBeLessThanOrEqual(10);
  });

  it("is for staff only", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect((await http.get("/api/admin/overview")).status).toBe(401);
    expect((await http.get("/api/admin/overview", reader.token)).status).toBe(403);
  });
});
