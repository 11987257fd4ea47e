import type { UserInfo } from "@folio/contract/accounts";
import type {
  AuditList,
  BalanceChange,
  ReaderAnswer,
  ReaderDetail,
  Readers,
} from "@folio/contract/admin";
import type { ErrorBody } from "@folio/contract/common";
import type { BorrowResult } from "@folio/contract/loans";
import type { Statement, TopUpResponse } from "@folio/contract/payments";
import { and, eq, isNull } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import { ledger, sessions } from "../../db/schema";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { createBook } from "../../test/catalogue";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { lastMailTo, resetTokenFrom } from "../../test/mail";

// A small daily top-up limit, to show staff credits are not counted in it.
const t = useTestApp({ TOP_UP_DAILY_LIMIT: "100" });
let http: ReturnType<typeof httpClient>;
let admin: TestUser;
let librarian: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  admin = await createStaff(t.app, t.database.db, "admin");
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
beforeEach(() => {
  // Ahead of the real time the fixtures write their top-ups and grants at, so what a test does
  // comes after them.
  t.clock.set(new Date(Date.now() + MINUTE));
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

const balanceOf = async (user: TestUser) =>
  (await http.get<UserInfo>("/api/users/info", user.token)).body.balance;
const detailOf = async (user: TestUser) =>
  (await http.get<ReaderDetail>(`/api/admin/readers/get?userId=${user.id}`, librarian.token)).body;
const lastAudit = async (action: string) =>
  (await http.get<AuditList>(`/api/admin/audit?action=${action}`, admin.token)).body.entries[0];

async function borrow(user: TestUser, pricePence = 499) {
  const book = await createBook(t.database.db, { price: pricePence });
  const result = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: book.id },
    user.token,
  );
  expect(result.body.state).toBe("success");
  const charge = (await detailOf(user)).ledger.find((entry) => entry.kind === "borrow")!;
  return { book, loanId: result.body.loans[0]!.borrowId, chargeId: charge.ledgerId };
}

describe("staff calls on readers", () => {
  it("need a token (401) and a member of staff (403); role changes need an admin", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect((await http.get<ErrorBody>("/api/admin/readers")).status).toBe(401);
    expect((await http.get<ErrorBody>("/api/admin/readers", reader.token)).status).toBe(403);
    const asReader = await http.post<ErrorBody>(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: 5, reason: "mine" },
      reader.token,
    );
    expect(asReader.status).toBe(403);
    const asLibrarian = await http.post<ErrorBody>(
      "/api/admin/readers/role",
      { userId: reader.id, role: "librarian" },
      librarian.token,
    );
    expect(asLibrarian.status).toBe(403);
    expect(asLibrarian.body.message).toBe("Only an administrator can do this.");
    expect(await balanceOf(reader)).toBe(0);
  });
});

describe("GET /api/admin/readers", () => {
  it("finds accounts by part of a name or an email, a page at a time", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const ann = await createUser(t.app, t.database.db, { name: `Ann ${tag}` });
    const bob = await createUser(t.app, t.database.db, {
      name: "Bob Other",
      email: `bob-${tag}@example.com`,
      balancePence: 12_50,
    });
    await createUser(t.app, t.database.db, { name: `Cy ${tag}` });
    const found = await http.get<Readers>(
      `/api/admin/readers?q=${tag.toUpperCase()}&pageSize=2`,
      librarian.token,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(found.body.readers.map((r) => r.userId)).toEqual([ann.id, bob.id]);
    expect(found.body.readers[1]).toMatchObject({
      name: "Bob Other",
      email: bob.email,
      role: "reader",
      balance: 12.5,
      blockedAt: null,
      openLoans: 0,
    });
    const second = await http.get<Readers>(
      `/api/admin/readers?q=${tag}&pageSize=2&page=2`,
      librarian.token,
    );
    expect(second.body.readers).toHaveLength(1);
    // LIKE's wildcards are only letters here.
    const none = await http.get<Readers>(`/api/admin/readers?q=%25${tag}_`, librarian.token);
    expect(none.body.total).toBe(0);
  });
});

describe("GET /api/admin/readers/get", () => {
  it("shows the account, its loans, its ledger with balances and what can be refunded", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 20_00 });
    const { book, loanId, chargeId } = await borrow(reader, 4_99);
    const detail = await detailOf(reader);
    expect(detail.reader).toMatchObject({ userId: reader.id, balance: 15.01, openLoans: 1 });
    expect(detail.loans).toEqual([
      expect.objectContaining({
        loanId,
        bookId: String(book.id),
        title: book.title,
        userId: reader.id,
        readerEmail: reader.email,
        status: "open",
        price: 4.99,
        daysOverdue: 0,
        returnedAt: null,
      }),
    ]);
    expect(detail.ledger).toEqual([
      expect.objectContaining({
        ledgerId: chargeId,
        kind: "borrow",
        amount: -4.99,
        balanceAfter: 15.01,
        loanId,
        bookTitle: book.title,
        refundable: 4.99,
        reason: null,
        actorEmail: null,
        refundOf: null,
      }),
      expect.objectContaining({ kind: "topup", amount: 20, balanceAfter: 20, refundable: null }),
    ]);
    expect(detail.reviews).toEqual([]);
  });

  it("answers 404 for an account that does not exist and 400 for an id that is none", async () => {
    const missing = await http.get<ErrorBody>(
      "/api/admin/readers/get?userId=00000000-0000-4000-8000-000000000000",
      librarian.token,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("READER_NOT_FOUND");
    expect((await http.get("/api/admin/readers/get?userId=12", librarian.token)).status).toBe(400);
  });
});

describe("POST /api/admin/readers/adjust", () => {
  it("credits a reader with a ledger row of its own: reason, actor and audit", async () => {
    const reader = await createUser(t.app, t.database.db);
    const answer = await http.post<BalanceChange>(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: 7.5, reason: "  Goodwill for a broken file  " },
      librarian.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: "success",
      balance: 7.5,
      entry: {
        kind: "adjustment",
        amount: 7.5,
        balanceAfter: 7.5,
        reason: "Goodwill for a broken file",
        actorEmail: librarian.email,
        refundable: null,
        bookTitle: null,
      },
    });
    expect(await balanceOf(reader)).toBe(7.5);
    const [row] = await t.database.db
      .select()
      .from(ledger)
      .where(eq(ledger.id, Number(answer.body.entry.ledgerId)));
    expect(row).toMatchObject({ kind: "adjustment", amountPence: 7_50, actorId: librarian.id });
    expect(await lastAudit("reader.adjust")).toMatchObject({
      actorId: librarian.id,
      actorEmail: librarian.email,
      targetType: "user",
      targetId: reader.id,
      before: { balance: 0 },
      after: { balance: 7.5, amount: 7.5, ledgerId: answer.body.entry.ledgerId },
      reason: "Goodwill for a broken file",
    });
  });

  it("debits, but never below £0: 409 naming the balance, and nothing changes", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 3_00 });
    const tooMuch = await http.post<ErrorBody>(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: -3.01, reason: "Charge back" },
      librarian.token,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({
      code: "BALANCE_TOO_LOW",
      message:
        "A balance can't go below £0: this reader's balance is £3.00, so at most £3.00 can be taken off.",
    });
    expect(await balanceOf(reader)).toBe(3);
    const all = await http.post<BalanceChange>(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: -3, reason: "Charge back" },
      librarian.token,
    );
    expect(all.body).toMatchObject({ balance: 0, entry: { amount: -3, balanceAfter: 0 } });
  });

  it("refuses £0, a third decimal, no reason, an unknown reader and one's own balance", async () => {
    const reader = await createUser(t.app, t.database.db);
    const refused = async (body: object, token = librarian.token) =>
      http.post<ErrorBody>("/api/admin/readers/adjust", body, token);
    expect((await refused({ userId: reader.id, amount: 0, reason: "x" })).body.message).toBe(
      "An adjustment can't be £0.",
    );
    expect((await refused({ userId: reader.id, amount: 1.005, reason: "x" })).status).toBe(400);
    expect((await refused({ userId: reader.id, amount: 1, reason: "  " })).body.message).toBe(
      "A reason is required.",
    );
    expect((await refused({ userId: reader.id, amount: 1 })).status).toBe(400);
    const unknown = await refused({
      userId: "00000000-0000-4000-8000-000000000000",
      amount: 1,
      reason: "x",
    });
    expect(unknown.status).toBe(404);
    const own = await refused({ userId: librarian.id, amount: 100, reason: "x" });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({
      code: "OWN_ACCOUNT",
      message: "You can't change your own balance: ask another member of staff.",
    });
    expect(await balanceOf(librarian)).toBe(0);
  });

  it("is no top-up: a staff credit leaves the reader's daily top-up limit whole", async () => {
    const reader = await createUser(t.app, t.database.db);
    await http.post(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: 90, reason: "Gift" },
      librarian.token,
    );
    const topUp = await http.post<TopUpResponse>(
      "/api/payments/topup",
      { amount: 100 },
      reader.token,
    );
    expect(topUp.status).toBe(200);
    expect(topUp.body.balance).toBe(190);
    const history = await http.post<{ data: unknown[] }>(
      "/api/payments/history",
      undefined,
      reader.token,
    );
    expect(history.body.data).toHaveLength(1);
  });
});

describe("POST /api/admin/readers/refund", () => {
  it("refunds part of a charge, then the rest, never more than it; audited", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, chargeId, loanId } = await borrow(reader, 4_99);
    const part = await http.post<BalanceChange>(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, amount: 2, reason: "Pages missing" },
      librarian.token,
    );
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      balance: 7.01,
      entry: {
        kind: "refund",
        amount: 2,
        refundOf: chargeId,
        loanId,
        bookTitle: book.title,
        reason: "Pages missing",
        actorEmail: librarian.email,
        refundable: null,
      },
    });
    expect(await lastAudit("reader.refund")).toMatchObject({
      targetId: reader.id,
      before: { balance: 5.01 },
      after: { balance: 7.01, amount: 2, refundOf: chargeId },
      reason: "Pages missing",
    });
    const charge = (await detailOf(reader)).ledger.find((e) => e.ledgerId === chargeId);
    expect(charge?.refundable).toBe(2.99);

    const tooMuch = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, amount: 3, reason: "Again" },
      librarian.token,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({
      code: "REFUND_TOO_LARGE",
      message:
        "£2.00 of this £4.99 charge has been refunded already: at most £2.99 can still be refunded.",
    });
    // No amount: the whole rest.
    const rest = await http.post<BalanceChange>(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, reason: "The rest" },
      librarian.token,
    );
    expect(rest.body).toMatchObject({ balance: 10, entry: { amount: 2.99 } });
    const none = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, reason: "Once more" },
      librarian.token,
    );
    expect(none.status).toBe(409);
    expect(none.body.message).toContain("at most £0.00 can still be refunded");
  });

  it("says how much a charge allows when nothing was refunded yet", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { chargeId } = await borrow(reader, 4_99);
    const tooMuch = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, amount: 5, reason: "Too much" },
      librarian.token,
    );
    expect(tooMuch.body.message).toBe(
      "This charge was £4.99: at most £4.99 can still be refunded.",
    );
  });

  it("lets two refunds at once give back no more than the charge", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { chargeId } = await borrow(reader, 4_99);
    const other = await createStaff(t.app, t.database.db, "librarian");
    const answers = await Promise.all(
      [librarian, other, admin].map((staff) =>
        http.post<BalanceChange>(
          "/api/admin/readers/refund",
          { ledgerId: chargeId, amount: 3, reason: "Race" },
          staff.token,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(reader)).toBe(8.01);
  });

  it("refunds only borrow and renewal charges, not one's own, and 404s an unknown entry", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const topUp = (await detailOf(reader)).ledger[0]!;
    const notCharge = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: topUp.ledgerId, reason: "x" },
      librarian.token,
    );
    expect(notCharge.status).toBe(409);
    expect(notCharge.body).toMatchObject({
      code: "NOT_A_CHARGE",
      message: "Only a borrow or renewal charge can be refunded.",
    });
    const unknown = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: 2_000_000_000, reason: "x" },
      librarian.token,
    );
    expect(unknown.status).toBe(404);
    await http.post(
      "/api/admin/readers/adjust",
      { userId: librarian.id, amount: 10, reason: "Pay" },
      admin.token,
    );
    const own = await borrow(librarian, 1_00);
    const ownRefund = await http.post<ErrorBody>(
      "/api/admin/readers/refund",
      { ledgerId: own.chargeId, reason: "Mine" },
      librarian.token,
    );
    expect(ownRefund.body.code).toBe("OWN_ACCOUNT");
  });

  it("shows on the reader's own statement, with the book a refund was for", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 10_00 });
    const { book, chargeId } = await borrow(reader, 4_00);
    await http.post(
      "/api/admin/readers/refund",
      { ledgerId: chargeId, amount: 1.5, reason: "Late file" },
      librarian.token,
    );
    await http.post(
      "/api/admin/readers/adjust",
      { userId: reader.id, amount: -0.5, reason: "Fix" },
      librarian.token,
    );
    const statement = (await http.get<Statement>("/api/payments/statement", reader.token)).body;
    expect(statement.balance).toBe(7);
    expect(statement.entries.map((e) => [e.kind, e.amount, e.balanceAfter, e.bookTitle])).toEqual([
      ["adjustment", -0.5, 7, null],
      ["refund", 1.5, 7.5, book.title],
      ["borrow", -4, 6, book.title],
      ["topup", 10, 10, null],
    ]);
  });
});

describe("blocking", () => {
  it("ends the reader's sessions at once and refuses their login with 403; unblock lets them in", async () => {
    const reader = await createUser(t.app, t.database.db, { balancePence: 5_00 });
    expect((await http.get("/api/users/info", reader.token)).status).toBe(200);
    const blocked = await http.post<ReaderAnswer>(
      "/api/admin/readers/block",
      { userId: reader.id, reason: "Sharing the account" },
      librarian.token,
    );
    expect(blocked.status).toBe(200);
    expect(blocked.body.reader.blockedAt).toBe(t.clock.now().toISOString());
    expect((await http.get<ErrorBody>("/api/users/info", reader.token)).status).toBe(401);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, reader.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    const login = await http.post<ErrorBody>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: "ACCOUNT_BLOCKED",
      message: "This account is blocked. Please contact the library.",
    });
    expect(await lastAudit("reader.block")).toMatchObject({
      actorId: librarian.id,
      targetId: reader.id,
      before: { blockedAt: null },
      after: { blockedAt: t.clock.now().toISOString() },
      reason: "Sharing the account",
    });
    // Nothing of the account is gone.
    expect((await detailOf(reader)).reader).toMatchObject({ balance: 5 });

    const again = await http.post<ErrorBody>(
      "/api/admin/readers/block",
      { userId: reader.id, reason: "Twice" },
      librarian.token,
    );
    expect(again.body.code).toBe("ALREADY_BLOCKED");

    const unblocked = await http.post<ReaderAnswer>(
      "/api/admin/readers/unblock",
      { userId: reader.id },
      librarian.token,
    );
    expect(unblocked.body.reader.blockedAt).toBeNull();
    expect(await lastAudit("reader.unblock")).toMatchObject({
      targetId: reader.id,
      after: { blockedAt: null },
    });
    // The old token stays ended; a new login works.
    expect((await http.get("/api/users/info", reader.token)).status).toBe(401);
    const back = await http.post<{ token: string }>("/api/auth/login", {
      email: reader.email,
      password: reader.password,
    });
    expect(back.status).toBe(200);
    const notBlocked = await http.post<ErrorBody>(
      "/api/admin/readers/unblock",
      { userId: reader.id },
      librarian.token,
    );
    expect(notBlocked.body.code).toBe("NOT_BLOCKED");
  });

  it("needs a reason, and never blocks oneself", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect(
      (await http.post("/api/admin/readers/block", { userId: reader.id }, librarian.token)).status,
    ).toBe(400);
    const self = await http.post<ErrorBody>(
      "/api/admin/readers/block",
      { userId: admin.id, reason: "Oops" },
      admin.token,
    );
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You can't block or unblock your own account.");
  });

  it("of a member of staff is for an admin: a librarian gets 403", async () => {
    const other = await createStaff(t.app, t.database.db, "librarian");
    const byLibrarian = await http.post<ErrorBody>(
      "/api/admin/readers/block",
      { userId: other.id, reason: "Rival" },
      librarian.token,
    );
    expect(byLibrarian.status).toBe(403);
    expect(byLibrarian.body.message).toBe(
      "Only an administrator can block or unblock a member of staff.",
    );
    const onAdmin = await http.post<ErrorBody>(
      "/api/admin/readers/block",
      { userId: admin.id, reason: "Coup" },
      librarian.token,
    );
    expect(onAdmin.status).toBe(403);
    const byAdmin = await http.post<ReaderAnswer>(
      "/api/admin/readers/block",
      { userId: other.id, reason: "Left the library" },
      admin.token,
    );
    expect(byAdmin.status).toBe(200);
    // A blocked member of staff is refused staff calls at once.
    expect((await http.get("/api/admin/readers", other.token)).status).toBe(401);
  });
});

describe("POST /api/admin/readers/sendReset", () => {
  it("mails the reader a reset link that works, and audits it", async () => {
    const reader = await createUser(t.app, t.database.db);
    const answer = await http.post<ReaderAnswer>(
      "/api/admin/readers/sendReset",
      { userId: reader.id },
      librarian.token,
    );
    expect(answer.status).toBe(200);
    const mail = await lastMailTo(t.database.db, reader.email);
    expect(mail?.type).toBe("password_reset");
    const token = resetTokenFrom(mail!.textBody)!;
    const reset = await http.post("/api/auth/reset", { token, password: "a new one" });
    expect(reset.status).toBe(200);
    expect(
      (await http.post("/api/auth/login", { email: reader.email, password: "a new one" })).status,
    ).toBe(200);
    expect(await lastAudit("reader.sendReset")).toMatchObject({
      targetId: reader.id,
      after: { to: reader.email },
    });
  });
});

describe("POST /api/admin/readers/role", () => {
  it("lets an admin grant and take away roles, audited; the new role counts at once", async () => {
    const reader = await createUser(t.app, t.database.db);
    const granted = await http.post<ReaderAnswer>(
      "/api/admin/readers/role",
      { userId: reader.id, role: "librarian" },
      admin.token,
    );
    expect(granted.status).toBe(200);
    expect(granted.body.reader.role).toBe("librarian");
    expect((await http.get("/api/admin/readers", reader.token)).status).toBe(200);
    expect(await lastAudit("reader.role")).toMatchObject({
      actorId: admin.id,
      targetId: reader.id,
      before: { role: "reader" },
      after: { role: "librarian" },
    });
    const same = await http.post<ErrorBody>(
      "/api/admin/readers/role",
      { userId: reader.id, role: "librarian" },
      admin.token,
    );
    expect(same.status).toBe(409);
    expect(same.body.message).toBe("This account is a Librarian already.");
    await http.post("/api/admin/readers/role", { userId: reader.id, role: "reader" }, admin.token);
    expect((await http.get("/api/admin/readers", reader.token)).status).toBe(403);
  });

  it("never lets an admin take away their own admin role", async () => {
    const own = await http.post<ErrorBody>(
      "/api/admin/readers/role",
      { userId: admin.id, role: "librarian" },
      admin.token,
    );
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("OWN_ACCOUNT");
    expect((await http.get<UserInfo>("/api/users/info", admin.token)).body.role).toBe("admin");
    const bad = await http.post<ErrorBody>(
      "/api/admin/readers/role",
      { userId: admin.id, role: "owner" },
      admin.token,
    );
    expect(bad.status).toBe(400);
  });
});
