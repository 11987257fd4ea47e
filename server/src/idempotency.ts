import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database, Transaction } from "./db/client";
import { idempotencyKeys } from "./db/schema";
import { errors } from "./errors";

export interface IdempotencyScope {
  userId: string;
  /** which call, so one key cannot replay another call's answer */
  scope: string;
  key: string | undefined;
  /** the request, to refuse a key reused for a different one */
  request: unknown;
  now: Date;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The Idempotency-Key header, if any; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !KEY_PATTERN.test(value)) {
    throw errors.validation(
      "The Idempotency-Key header must be 1 to 200 visible ASCII characters.",
      "Idempotency-Key",
    );
  }
  return value;
}

/**
 * Runs `work` in a transaction. With a key, the first answer is stored in that same transaction
 * and a repeat answers it again without doing the work: a client may retry a top-up or a borrow
 * safely. A concurrent repeat waits on the first one's row, then reads its answer.
 */
const ID_KEY = /^(id|[A-Za-z]*Id|[A-Za-z]*Ids)$/;

/**
 * An answer stored before ids went out as text (decision 015) replays as it would be sent now:
 * a number held under an id's name (`bookId`, `InvalidBookIds`, …) becomes its digits.
 */
function idsAsText(value: unknown, underIdKey = false): unknown {
  if (typeof value === "number" && underIdKey) return String(value);
  if (Array.isArray(value)) return value.map((item) => idsAsText(item, underIdKey));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, idsAsText(inner, ID_KEY.test(key))]),
  );
}

export async function runIdempotent<T>(
  db: Database,
  scope: IdempotencyScope,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  if (!scope.key) return db.transaction(work);
  const key = scope.key;
  const requestHash = createHash("sha256").update(JSON.stringify(scope.request)).digest("hex");
  const where = and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.scope, scope.scope),
    eq(idempotencyKeys.key, key),
  );
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, scope: scope.scope, key, requestHash, createdAt: scope.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.requestHash !== requestHash) throw errors.idempotencyKeyReused();
      return idsAsText(first.response) as T;
    }
    const result = await work(tx);
    await tx.update(idempotencyKeys).set({ response: result }).where(where);
    return result;
  });
}
