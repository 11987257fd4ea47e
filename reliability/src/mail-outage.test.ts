import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Api, newReaders } from "./harness/client";
import { catalogueIds, runLoad } from "./harness/load";
import { recordScenario } from "./harness/report";
import { Resources } from "./harness/resources";
import { drainOutbox, mailsNotArrived, verifyAll } from "./harness/verify";

// A file of its own, apart from the crashes in faults.test.ts: most of its time is waiting for
// the sender's next try, which another scenario beside it fills (vitest.config.ts).
const use = new Resources();
afterAll(() => use.end());

const secret = () => randomBytes(32).toString("hex");

describe("the mail server down for a while", () => {
  it("mails are kept and retried, and all arrive once it is back", async () => {
    // The receiver's port is taken, then it goes down before the server starts.
    const mail = await use.mail();
    const port = mail.port;
    await mail.stop();
    const database = await use.postgres({ seeded: true });
    const dir = await use.dataDir({ seeded: "postgres" });
    const server = await use.server(
      {
        dataDir: dir.dataDir,
        databaseUrl: database.url,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        secret: secret(),
      },
      "mail-outage",
    );
    const api = new Api(server.base);
    const bookIds = await catalogueIds(api);
    const all = await newReaders([api], 40);
    const report = await runLoad({ apis: [api], readers: all, bookIds, seconds: 8 });

    const [tried] = await database.query<{ pending: number; retried: number }>(
      `select count(*)::int as pending, count(*) filter (where attempts > 0)::int as retried
       from outbox where sent_at is null`,
    );
    expect(tried!.pending).toBeGreaterThan(40);
    expect(tried!.retried).toBeGreaterThan(0);
    expect(mail.received).toHaveLength(0);

    await mail.start(port);
    const left = await drainOutbox(database, 90_000);
    expect(left).toBe(0);
    expect(await mailsNotArrived(database, mail)).toEqual([]);
    expect(mail.duplicates()).toEqual([]);
    expect(await verifyAll(database, report.acknowledged)).toEqual([]);
    expect(api.tally.serverErrors).toEqual([]);
    recordScenario("mail server down, then back", {
      mailsHeldWhileDown: tried!.pending,
      retriedWhileDown: tried!.retried,
      mailsReceived: mail.received.length,
      duplicateMails: 0,
      violations: 0,
    });
  });
});
