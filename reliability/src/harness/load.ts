import { randomUUID } from "node:crypto";
import type { Api, Reader } from "./client";

export interface LoadOptions {
  /** each reader is served by apis[i % apis.length]: several processes share the load */
  apis: Api[];
  readers: Reader[];
  bookIds: string[];
  seconds: number;
  /** called once, this many seconds in (a crash, a mail outage) */
  midway?: { atSeconds: number; action: () => Promise<void> };
  /** a librarian at work all along: copies, prices and refunds change under the readers */
  librarian?: { api: Api; token: string };
  /**
   * What the scenario needs to have happened (holds placed, a librarian's edits): the load goes
   * on past `seconds` until it has, up to eight times as long. A short window on a busy machine
   * does less, and a scenario waits for the state it checks rather than trusting the time.
   */
  until?: (progress: LoadProgress) => boolean;
}

/** What the load has done so far, for `until`. */
export interface LoadProgress {
  actions: Record<string, number>;
  acknowledged: Acknowledged;
  /**
   * holds lent: through /api/holds/borrow, or by themselves when their copy came (as their
   * readers' hold lists show them)
   */
  holdsLent: number;
}

/** What the server acknowledged: each must still be true afterwards, whatever happened. */
export interface Acknowledged {
  loanIds: Set<string>;
  paymentIds: Set<string>;
  borrowMails: number;
  returns: Set<string>;
  /** refunds and balance adjustments the librarian was told were made (ledger ids) */
  staffEntries: Set<string>;
  /** holds placed */
  holdIds: Set<string>;
}

export interface LoadReport {
  seconds: number;
  requests: number;
  actions: Record<string, number>;
  acknowledged: Acknowledged;
}

type Action =
  | "borrow"
  | "renew"
  | "return"
  | "reborrow"
  | "renewBurst"
  | "topup"
  | "cart"
  | "wishlist"
  | "browse"
  | "mybooks"
  | "hold"
  | "holds";

const weighted: [Action, number][] = [
  ["borrow", 22],
  ["renew", 8],
  ["return", 14],
  // The two ways one account abused loans (issue 16): returning and borrowing the same book
  // again and again to spend its licence, and renewals sent at once to stack due dates. The
  // invariants then check that neither worked.
  ["reborrow", 6],
  ["renewBurst", 3],
  ["topup", 8],
  ["cart", 16],
  ["wishlist", 6],
  ["browse", 16],
  ["mybooks", 10],
  // Holds (issue 21): a reader who finds every copy lent joins the queue (half of them asking
  // to have it borrowed for them); others look at their holds, borrow a ready one or cancel.
  ["hold", 10],
  ["holds", 8],
];
const totalWeight = weighted.reduce((sum, [, w]) => sum + w, 0);

function pickAction(): Action {
  let r = Math.random() * totalWeight;
  for (const [action, weight] of weighted) {
    r -= weight;
    if (r < 0) return action;
  }
  return "browse";
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BorrowAnswer {
  state: string;
  loans: { borrowId: string; bookId: string }[];
}
interface StaffReaderAnswer {
  ledger: { ledgerId: string; refundable: number | null }[];
}
interface StaffBalanceAnswer {
  entry: { ledgerId: string };
}
interface HoldListAnswer {
  holds: { holdId: string; bookId: string; status: string }[];
}
interface BookAnswer {
  availableCopies: number;
}
interface LoanListAnswer {
  data: { bookId: string; status: string }[];
}

/**
 * Readers borrowing, renewing, returning, topping up, filling carts and wishlists and browsing,
 * each one request at a time, all at once, for `seconds`. A request cut off (a server killed on
 * purpose) is counted and the reader carries on a moment later.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const acknowledged: Acknowledged = {
    loanIds: new Set(),
    paymentIds: new Set(),
    borrowMails: 0,
    returns: new Set(),
    staffEntries: new Set(),
    holdIds: new Set(),
  };
  const actions: Record<string, number> = {};
  const started = Date.now();
  const progress: LoadProgress = { actions, acknowledged, holdsLent: 0 };
  let lentThroughCalls = 0;
  const lentByThemselves = new Set<string>();
  const minimum = started + options.seconds * 1000;
  const cap = started + options.seconds * 8000;
  const going = () => {
    const now = Date.now();
    return now < minimum || (now < cap && options.until !== undefined && !options.until(progress));
  };
  const tallies = new Set(options.apis.map((api) => api.tally));
  let requestsBefore = 0;
  for (const tally of tallies) requestsBefore += tally.requests;

  const borrow = async (api: Api, token: string, ids: string[], open: Set<string>) => {
    const answer = await api.post<BorrowAnswer>(
      "/api/borrow/borrow",
      { bookId: ids },
      token,
      Math.random() < 0.5 ? { "idempotency-key": randomUUID() } : undefined,
    );
    acknowledgeLoans(answer, open);
  };
  const acknowledgeLoans = (answer: { status: number; body: BorrowAnswer }, open: Set<string>) => {
    if (answer.status !== 200 || answer.body.loans.length === 0) return;
    acknowledged.borrowMails += 1;
    for (const loan of answer.body.loans) {
      acknowledged.loanIds.add(loan.borrowId);
      open.add(loan.bookId);
    }
  };
  const giveBack = async (api: Api, token: string, bookId: string, open: Set<string>) => {
    const answer = await api.post<{ borrowId: string }>("/api/borrow/return", { bookId }, token);
    if (answer.status === 200) {
      open.delete(bookId);
      acknowledged.returns.add(answer.body.borrowId);
    }
    return answer.status === 200;
  };

  const reader = async (r: Reader, index: number) => {
    const api = options.apis[index % options.apis.length]!;
    const open = new Set<string>();
    const token = r.token;
    // A reader who is in a queue looks at their holds more often than one who is not: the
    // queues then move within a short run, even on a busy machine that serves few requests.
    let queued = false;
    while (going()) {
      const action = queued && Math.random() < 0.25 ? "holds" : pickAction();
      actions[action] = (actions[action] ?? 0) + 1;
      try {
        switch (action) {
          case "borrow": {
            const ids = [pick(options.bookIds)];
            if (Math.random() < 0.3) ids.push(pick(options.bookIds));
            await borrow(api, token, ids, open);
            break;
          }
          case "renew": {
            if (open.size === 0) break;
            await api.post("/api/borrow/renew", { bookId: pick([...open]) }, token, {
              "idempotency-key": randomUUID(),
            });
            break;
          }
          case "return": {
            if (open.size === 0) break;
            await giveBack(api, token, pick([...open]), open);
            break;
          }
          case "reborrow": {
            if (open.size === 0) break;
            const bookId = pick([...open]);
            if (await giveBack(api, token, bookId, open)) await borrow(api, token, [bookId], open);
            break;
          }
          case "renewBurst": {
            if (open.size === 0) break;
            const bookId = pick([...open]);
            await Promise.all(
              Array.from({ length: 4 }, () => api.post("/api/borrow/renew", { bookId }, token)),
            );
            break;
          }
          case "topup": {
            const amount = pick([5, 10, 12.5, 20, 40]);
            const answer = await api.post<{ paymentId: string }>(
              "/api/payments/topup",
              { amount },
              token,
              { "idempotency-key": randomUUID() },
            );
            if (answer.status === 200) acknowledged.paymentIds.add(answer.body.paymentId);
            break;
          }
          case "cart": {
            const step = Math.random();
            if (step < 0.5)
              await api.post("/api/cart/add", { bookId: [pick(options.bookIds)] }, token);
            else if (step < 0.75)
              await api.post("/api/cart/remove", { bookId: [pick(options.bookIds)] }, token);
            else await api.post("/api/cart/get", {}, token);
            break;
          }
          case "wishlist": {
            if (Math.random() < 0.6)
              await api.post("/api/wishlist/add", { bookId: [pick(options.bookIds)] }, token);
            else await api.post("/api/wishlist/get", {}, token);
            break;
          }
          case "browse": {
            const step = Math.random();
            if (step < 0.4) await api.get(`/api/books/get?bookId=${pick(options.bookIds)}`);
            else if (step < 0.7)
              await api.get(
                `/api/books/search?title=${pick(["the", "moby", "pride", "war", "a"])}`,
              );
            else if (step < 0.85) await api.get("/api/books/popular?page=1&pageSize=10");
            else await api.get("/api/categories/getAll");
            break;
          }
          case "hold": {
            // The scarcest books are what readers queue for: look, then borrow or hold.
            const bookId = pick(options.bookIds);
            const book = await api.get<BookAnswer>(`/api/books/get?bookId=${bookId}`, token);
            if (book.status !== 200) break;
            if (book.body.availableCopies > 0) await borrow(api, token, [bookId], open);
            else {
              const placed = await api.post<{ hold: { holdId: string } }>(
                "/api/holds/place",
                { bookId, autoBorrow: Math.random() < 0.5 },
                token,
              );
              if (placed.status === 200) {
                acknowledged.holdIds.add(placed.body.hold.holdId);
                queued = true;
              }
            }
            break;
          }
          case "holds": {
            const answer = await api.get<HoldListAnswer>("/api/holds/list", token);
            if (answer.status !== 200) break;
            const ready = answer.body.holds.find((hold) => hold.status === "ready");
            const waiting = answer.body.holds.filter((hold) => hold.status === "waiting");
            queued = ready !== undefined || waiting.length > 0;
            // A hold that asked to be borrowed may have been lent by itself when its copy came.
            for (const hold of answer.body.holds)
              if (hold.status === "borrowed") lentByThemselves.add(hold.holdId);
            progress.holdsLent = lentThroughCalls + lentByThemselves.size;
            if (ready && Math.random() < 0.8) {
              const lent = await api.post<BorrowAnswer>(
                "/api/holds/borrow",
                { holdId: ready.holdId },
                token,
                { "idempotency-key": randomUUID() },
              );
              acknowledgeLoans(lent, open);
              if (lent.status === 200) {
                lentThroughCalls += 1;
                progress.holdsLent = lentThroughCalls + lentByThemselves.size;
              }
            } else if (ready) {
              await api.post("/api/holds/cancel", { holdId: ready.holdId }, token);
            } else if (waiting.length > 0 && Math.random() < 0.3) {
              await api.post("/api/holds/cancel", { holdId: pick(waiting).holdId }, token);
            }
            break;
          }
          case "mybooks": {
            const answer = await api.post<LoanListAnswer>("/api/borrow/borrowlist", {}, token);
            if (answer.status === 200) {
              open.clear();
              for (const loan of answer.body.data) open.add(loan.bookId);
            }
            break;
          }
        }
      } catch {
        // Cut off or refused: the server is down on purpose. Try again shortly.
        await pause(100);
      }
    }
  };

  const librarian = async ({ api, token }: { api: Api; token: string }) => {
    while (going()) {
      const step = Math.random();
      const task = step < 0.4 ? "staffCopies" : step < 0.6 ? "staffPrice" : "staffRefund";
      actions[task] = (actions[task] ?? 0) + 1;
      try {
        if (task === "staffRefund") await refundSomething(api, token, options.readers);
        else await editBook(api, token, pick(options.bookIds), task);
      } catch {
        await pause(100);
      }
    }
  };
  const refundSomething = async (api: Api, token: string, readers: Reader[]) => {
    const who = pick(readers);
    const detail = await api.get<StaffReaderAnswer>(
      `/api/admin/readers/get?userId=${who.id}`,
      token,
    );
    if (detail.status !== 200) return;
    const charge = detail.body.ledger.find((entry) => (entry.refundable ?? 0) > 0);
    const answer = charge
      ? await api.post<StaffBalanceAnswer>(
          "/api/admin/readers/refund",
          {
            ledgerId: charge.ledgerId,
            amount: Math.min(charge.refundable!, 0.5),
            reason: "load test",
          },
          token,
        )
      : await api.post<StaffBalanceAnswer>(
          "/api/admin/readers/adjust",
          { userId: who.id, amount: 1.25, reason: "load test goodwill" },
          token,
        );
    if (answer.status === 200) acknowledged.staffEntries.add(answer.body.entry.ledgerId);
  };
  const editBook = async (api: Api, token: string, bookId: string, task: string) => {
    const current = await api.get<{ book: { onLoan: number; price: number } }>(
      `/api/admin/books/get?bookId=${bookId}`,
      token,
    );
    if (current.status !== 200) return;
    const { onLoan, price } = current.body.book;
    // Sometimes one below what is lent, which must be refused (409) and change nothing.
    const change =
      task === "staffCopies"
        ? { copies: Math.max(0, onLoan - 1 + Math.floor(Math.random() * 4)) }
        : { price: Math.max(0.5, Math.round((price + pick([-0.5, 0.25, 0.5])) * 100) / 100) };
    await api.post("/api/admin/books/update", { bookId, ...change }, token);
  };

  const work = Promise.all([
    ...options.readers.map(reader),
    ...(options.librarian ? [librarian(options.librarian)] : []),
  ]);
  if (options.midway) {
    const { atSeconds, action } = options.midway;
    await pause(atSeconds * 1000);
    await action();
  }
  await work;
  let requests = -requestsBefore;
  for (const tally of tallies) requests += tally.requests;
  return { seconds: (Date.now() - started) / 1000, requests, actions, acknowledged };
}

/** Every book id of the catalogue (popular without paging answers up to 1000). */
export async function catalogueIds(api: Api): Promise<string[]> {
  const answer = await api.get<{ bookId: string[] }>("/api/books/popular");
  if (answer.status !== 200) throw new Error(`popular: ${answer.status} ${answer.text}`);
  return answer.body.bookId;
}
