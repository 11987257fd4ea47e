import type { BorrowResult } from "@folio/contract/loans";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DomainEvents, EventName } from "./context";
import { books, loans } from "./db/schema";
import { createUser, type TestUser } from "./test/accounts";
import { useTestApp } from "./test/app";
import { createBook } from "./test/catalogue";
import { httpClient } from "./test/http";
import { brokenInvariants } from "./test/invariants";

// The event seam (decision 016): handlers registered when the app is built run inside the
// announcing transaction, in order; one that throws undoes the change that announced.

type Heard = { [E in EventName]: { name: E; event: DomainEvents[E] } }[EventName];
const heard: Heard[] = [];
let refuseLoanClosed = false;

const t = useTestApp(
  {},
  {
    eventHandlers: {
      loanClosed: [
        async (_ctx, _tx, event) => {
          if (refuseLoanClosed) throw new Error("a listener refused the closed loan");
          heard.push({ name: "loanClosed", event });
        },
      ],
      accountDeleted: [
        // Runs after the app's own handlers: the loans are returned and the reviews gone.
        async (_ctx, tx, event) => {
          const open = await tx.select().from(loans).where(eq(loans.userId, event.userId));
          expect(open.every((loan) => loan.returnedAt !== null)).toBe(true);
          heard.push({ name: "accountDeleted", event });
        },
      ],
    },
  },
);
let http: ReturnType<typeof httpClient>;
beforeAll(() => {
  http = httpClient(t.app);
});
beforeEach(() => {
  heard.length = 0;
  refuseLoanClosed = false;
});

async function readerWithLoan(): Promise<{ reader: TestUser; bookId: number }> {
  const reader = await createUser(t.app, t.database.db, { balancePence: 5_000 });
  const book = await createBook(t.database.db, { price: 300, copies: 2 });
  const borrowed = await http.post<BorrowResult>(
    "/api/borrow/borrow",
    { bookId: book.id },
    reader.token,
  );
  expect(borrowed.body.state).toBe("success");
  return { reader, bookId: book.id };
}

const availableCopies = async (bookId: number) =>
  (await t.database.db.select().from(books).where(eq(books.id, bookId)))[0]!.availableCopies;

describe("events", () => {
  it("tell listeners of a returned loan, inside the return, its copy back on the shelf", async () => {
    const { reader, bookId } = await readerWithLoan();
    const returned = await http.post("/api/borrow/return", { bookId }, reader.token);
    expect(returned.status).toBe(200);
    expect(heard.map((h) => h.name)).toEqual(["loanClosed"]);
    expect(heard[0]!.event).toMatchObject({
      bookId,
      userId: reader.id,
      at: t.clock.now(),
      how: "returned",
    });
    expect(await availableCopies(bookId)).toBe(2);
  });

  it("undo the return when a listener throws", async () => {
    const { reader, bookId } = await readerWithLoan();
    refuseLoanClosed = true;
    const refused = await http.post("/api/borrow/return", { bookId }, reader.token);
    expect(refused.status).toBe(500);
    // Nothing of the return stayed: the loan is open and the copy still lent.
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.bookId, bookId));
    expect(loan!.returnedAt).toBeNull();
    expect(await availableCopies(bookId)).toBe(1);
    expect(heard).toEqual([]);
    expect(await brokenInvariants(t.database.db)).toEqual([]);
  });

  it("run the app's handlers, then the test's, when an account is deleted", async () => {
    const { reader, bookId } = await readerWithLoan();
    const deleted = await http.post("/api/users/delete", {}, reader.token);
    expect(deleted.status).toBe(200);
    expect(heard.map((h) => h.name)).toEqual(["loanClosed", "accountDeleted"]);
    expect(heard[0]).toMatchObject({ event: { how: "account-deleted", userId: reader.id } });
    expect(heard[1]).toEqual({
      name: "accountDeleted",
      event: { userId: reader.id, at: t.clock.now() },
    });
    expect(await availableCopies(bookId)).toBe(2);
  });
});
