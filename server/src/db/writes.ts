import type { PGlite } from "@electric-sql/pglite";
import { withMethods } from "./client-override";

/**
 * How many times the embedded database may have changed. PGlite lives in this process and every
 * write reaches it through the client `watchWrites` returns (the reads by key of decision 013
 * take another way, and only read), so a read that began and ended with the count unchanged is
 * still what the database holds until the count moves again: what lets `Batch` keep answers
 * until the next write (decision 012). PostgreSQL has no such count; other processes write to
 * it unseen.
 */
export class WriteCount {
  value = 0;
}

/** A statement that only reads. Anything else (a CTE, DDL, a transaction) counts as a write. */
const readOnly = /^\s*select\s/i;

/**
 * The client, with every write counted when it is sent and again when it has finished, so that
 * a read overlapping a write in any way sees the count move. A transaction counts as one write,
 * whatever it runs inside.
 */
export function watchWrites(client: PGlite, writes: WriteCount): PGlite {
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    writes.value += 1;
    try {
      return await work();
    } finally {
      writes.value += 1;
    }
  };
  const query: PGlite["query"] = (text, ...rest) =>
    readOnly.test(text) ? client.query(text, ...rest) : counted(() => client.query(text, ...rest));
  const exec: PGlite["exec"] = (...args) => counted(() => client.exec(...args));
  const transaction: PGlite["transaction"] = (...args) =>
    counted(() => client.transaction(...args));
  return withMethods(client, { query, exec, transaction });
}
