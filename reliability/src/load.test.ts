import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Api, inBatches, newReader, newReaders } from "./harness/client";
import { loadSeconds, scaled } from "./harness/env";
import { catalogueIds, runLoad } from "./harness/load";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";
import { drainOutbox, holdCounts, verifyAll } from "./harness/verify";

/** 200 in the long run; 100 in `npm test`, enough to empty the shelves and move the queues. */
const READERS = scaled(100, 200);
const use = new Resources();
afterAll(() => use.end());

describe(`${READERS} readers at once for ${loadSeconds()} s`, () => {
  it("on PostgreSQL, shared by two server processes: nothing lost, no 5xx, jobs done once", async () => {
    const mail = await use.mail();
    const database = await use.postgres({ seeded: true });
    const dirs = [
      await use.dataDir({ seeded: "postgres" }),
      await use.dataDir({ seeded: "postgres" }),
    ];
    const secret = randomBytes(32).toString("hex");
    const common = { databaseUrl: database.url, smtpUrl: mail.url, secret };

    // The first process migrates and seeds; 21 readers borrow a book each, then, with the
    // server down, their loans are moved so the scheduled jobs have work: 7 due in 3 days (a
    // reminder each), 7 overdue (a notice each), 7 more than 7 days overdue (returned).
    const first = await use.server({ ...common, dataDir: dirs[0]!.dataDir }, "first");
    const firstApi = new Api(first.base);
    const bookIds = await catalogueIds(firstApi);
    const scheduled = await inBatches(
      Array.from({ length: 21 }, (_, i) => i),
      4,
      async (i) => {
        const reader = await newReader(firstApi, 20);
        const answer = await firstApi.post<{ loans: { borrowId: string }[] }>(
          "/api/borrow/borrow",
          { bookId: [bookIds[i]!] },
          reader.token,
        );
        expect(answer.body.loans).toHaveLength(1);
        return answer.body.loans[0]!.borrowId;
      },
    );
    await first.stop();
    const moves = { dueSoon: "3 days", overdue: "-2 days", autoReturned: "-9 days" };
    for (const [i, interval] of Object.values(moves).entries())
      await database.query(
        "update loans set due_at = now() + $1::interval where id = any($2::bigint[])",
        [interval, scheduled.slice(i * 7, i * 7 + 7)],
      );

    // Both processes start at once, and both run the catch-up sweep as they start.
    const [, second] = await Promise.all([
      first.launch(),
      use.server({ ...common, dataDir: dirs[1]!.dataDir }, "second"),
    ]);
    const apis = [firstApi, new Api(second.base, firstApi.tally)];

    const readers = await newReaders(apis, READERS);
    // A librarian works through the second process while the readers borrow (issue 20).
    const librarian = await newReader(apis[1]!, 0);
    await database.query("update users set role = 'librarian' where id = $1", [librarian.id]);
    const report = await runLoad({
      apis,
      readers,
      bookIds,
      seconds: loadSeconds(),
      librarian: { api: apis[1]!, token: librarian.token },
      // What the assertions below need to have happened, however busy the machine.
      until: ({ actions, acknowledged, holdsLent }) =>
        (actions.staffCopies ?? 0) > 0 &&
        acknowledged.staffEntries.size > 0 &&
        acknowledged.holdIds.size > 0 &&
        holdsLent > 0,
    });
    expect(report.actions.staffCopies ?? 0).toBeGreaterThan(0);
    expect(report.acknowledged.staffEntries.size).toBeGreaterThan(0);

    expect(firstApi.tally.serverErrors).toEqual([]);
    expect(await first.errorLines()).toEqual([]);
    expect(await second.errorLines()).toEqual([]);
    expect(await drainOutbox(database, 60_000)).toBe(0);
    expect(mail.duplicates()).toEqual([]);
    const jobMails = await database.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from outbox
       where type in ('due_soon', 'expired') or dedupe_key = any($1::text[])
       group by type order by type`,
      [scheduled.slice(14).map((id) => `return:${id}`)],
    );
    expect(jobMails).toEqual([
      { type: "due_soon", n: 7 },
      { type: "expired", n: 7 },
      { type: "return", n: 7 },
    ]);
    expect(await verifyAll(database, report.acknowledged)).toEqual([]);
    // Readers queued for scarce books, and the queues moved: holds became ready and were lent.
    const holds = await holdCounts(database);
    expect(report.acknowledged.holdIds.size).toBeGreaterThan(0);
    expect(holds.borrowed ?? 0).toBeGreaterThan(0);
    recordScenario("load: PostgreSQL, two processes", {
      holds,
      readers: READERS,
      seconds: report.seconds,
      requests: report.requests,
      statuses: firstApi.tally.summary(),
      actions: report.actions,
      mailsReceived: mail.received.length,
      scheduledJobMails: Object.fromEntries(jobMails.map((row) => [row.type, row.n])),
      violations: 0,
    });
  });
});

describe(`${READERS} readers at once for ${loadSeconds()} s on the embedded database`, () => {
  it("one process on PGlite: nothing lost, no 5xx, the data directory consistent after", async () => {
    const mail = await use.mail();
    const dir = await use.dataDir({ seeded: "embedded" });
    const secret = randomBytes(32).toString("hex");
    const server = await use.server({ dataDir: dir.dataDir, smtpUrl: mail.url, secret }, "pglite");
    const api = new Api(server.base);
    const bookIds = await catalogueIds(api);
    const readers = await newReaders([api], READERS);
    const rssBefore = await server.rssMiB();
    const report = await runLoad({
      apis: [api],
      readers,
      bookIds,
      seconds: loadSeconds(),
      until: ({ acknowledged, holdsLent }) => acknowledged.holdIds.size > 0 && holdsLent > 0,
    });
    const rssAfter = await server.rssMiB();

    // The mail worker catches up, then the server stops and its files are checked here.
    await mail.quiet(5000, 90_000);
    expect(await server.stop()).toBe(0);
    let holds: Record<string, number> = {};
    const problems = await dir.with(async (sql) => {
      const found = await verifyAll(sql, report.acknowledged);
      holds = await holdCounts(sql);
      const [left] = await sql.query<{ n: number }>(
        "select count(*)::int as n from outbox where sent_at is null",
      );
      if (left!.n > 0) found.push(`${left!.n} mails still pending`);
      return found;
    });
    expect(api.tally.serverErrors).toEqual([]);
    expect(await server.errorLines()).toEqual([]);
    expect(problems).toEqual([]);
    expect(mail.duplicates()).toEqual([]);
    expect(report.acknowledged.holdIds.size).toBeGreaterThan(0);
    expect(holds.borrowed ?? 0).toBeGreaterThan(0);
    recordScenario("load: embedded database, one process", {
      holds,
      readers: READERS,
      seconds: report.seconds,
      requests: report.requests,
      statuses: api.tally.summary(),
      actions: report.actions,
      rssMiB: { beforeLoad: rssBefore, afterLoad: rssAfter },
      mailsReceived: mail.received.length,
      violations: 0,
    });
  });
});
