import { Api, inBatches, newReader } from "../../reliability/src/harness/client";

export interface BorrowingResult {
  borrowers: number;
  seconds: number;
  /** borrows that succeeded, per second */
  borrowsPerSecond: number;
  /** borrow and return requests answered, per second */
  requestsPerSecond: number;
  borrows: number;
  returns: number;
  /** how each borrow was answered (state, or HTTP status when not 200) */
  outcomes: Record<string, number>;
  serverErrors: number;
}

interface BorrowAnswer {
  state: string;
  loans?: { bookId: string }[];
}

/**
 * `borrowers` readers at once, each borrowing a random book and returning it, one request at a
 * time, for `seconds`: every borrow locks its book and the reader's balance and writes a loan, a
 * ledger row and a mail, so this is the write path at its busiest.
 */
export async function measureBorrowing(
  base: string,
  maxBookId: number,
  borrowers: number,
  seconds: number,
): Promise<BorrowingResult> {
  const api = new Api(base);
  const readers = await inBatches(
    Array.from({ length: borrowers }, (_, i) => i),
    10,
    // £1000 each, within the shop's daily top-up limit (TOP_UP_DAILY_LIMIT, £10,000 by
    // default): far more than 20 seconds of borrowing spends.
    () => newReader(api, 1000),
  );
  const outcomes: Record<string, number> = {};
  let borrows = 0;
  let returns = 0;
  let requests = 0;
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    readers.map(async (reader) => {
      while (Date.now() < deadline) {
        // Ids go as the server sends them: strings of digits (it takes numbers too).
        const bookId = String(1 + Math.floor(Math.random() * maxBookId));
        const answer = await api.post<BorrowAnswer>("/api/borrow/borrow", { bookId }, reader.token);
        requests += 1;
        const outcome = answer.status === 200 ? answer.body.state : `HTTP ${answer.status}`;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (answer.status !== 200 || answer.body.state !== "success") continue;
        borrows += 1;
        const back = await api.post("/api/borrow/return", { bookId }, reader.token);
        requests += 1;
        if (back.status === 200) returns += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    borrowers,
    seconds: Math.round(elapsed * 10) / 10,
    borrowsPerSecond: Math.round((borrows / elapsed) * 10) / 10,
    requestsPerSecond: Math.round((requests / elapsed) * 10) / 10,
    borrows,
    returns,
    outcomes,
    serverErrors: api.tally.fiveHundreds,
  };
}
