import { beforeAll, describe, expect, it } from "vitest";
import { drainOutbox } from "../harness/verify";
import { AccessScenario, type Victim } from "./scenario";

const access = AccessScenario.forFile("notification relay");

let victim: Victim;

beforeAll(async () => {
  victim = await access.newVictim();
  // The victim's own mails (their loans) arrive first, so that whatever comes during the test
  // was sent because of it.
  expect(await drainOutbox(access.database, 20_000)).toBe(0);
});

describe("access control, over HTTP, on PostgreSQL: notification relay", () => {
  it("mails only the caller: the notification endpoint is no relay", async () => {
    const { api, database, figures, mail, violations } = access;
    const seen = violations.length;
    const other = await access.newReader(0);
    const since = mail.received.length;
    const victimMailBefore = await database.query<{ n: number }>(
      "select count(*)::int as n from outbox where lower(to_address) = lower($1)",
      [victim.email],
    );
    const refusedTo = [
      victim.email,
      victim.email.toUpperCase(),
      ` ${victim.email} `,
      `${other.email},${victim.email}`,
      `${other.email}; ${victim.email}`,
      `"${other.email}" <${victim.email}>`,
      `${other.email}\r\nBcc: ${victim.email}`,
      `${other.email}\nTo: ${victim.email}`,
    ];
    for (const to of refusedTo) {
      for (const type of ["register", "password_reset", "borrow"]) {
        await access.leavesVictimAlone(victim, `notify ${JSON.stringify(to)} ${type}`, async () => {
          const answer = await api.post(
            "/api/notifications/email",
            { to, type, subject: "hi", content: "<b>spam</b>", data: { bookId: victim.loanBook } },
            other.token,
          );
          const refused = answer.status === 403 || answer.status === 400;
          access.expectThat(refused, `notify ${JSON.stringify(to)} ${type}: not refused`, answer);
          if (refused) figures.refusedAsExpected += 1;
        });
      }
    }
    // The caller's own address works, in any case; a loan mail about a book they never
    // borrowed (the victim's) is refused.
    const own = await api.post(
      "/api/notifications/email",
      { to: other.email.toUpperCase(), type: "password_reset", subject: "x", content: "y" },
      other.token,
    );
    access.expectThat(own.status === 200, "notify own address: expected 200", own);
    const loanMail = await api.post(
      "/api/notifications/email",
      { to: other.email, type: "borrow", data: { bookId: victim.loanBook } },
      other.token,
    );
    access.expectThat(
      loanMail.status === 400,
      "notify about the victim's loan: expected 400",
      loanMail,
    );

    expect(await drainOutbox(database, 20_000)).toBe(0);
    const victimMailAfter = await database.query<{ n: number }>(
      "select count(*)::int as n from outbox where lower(to_address) = lower($1)",
      [victim.email],
    );
    expect(victimMailAfter).toEqual(victimMailBefore);
    const sent = mail.received.slice(since);
    const strays = sent.filter((m) =>
      m.to.some((to) => to.toLowerCase() !== other.email.toLowerCase()),
    );
    access.expectThat(
      strays.length === 0,
      `mail to others: ${JSON.stringify(strays.map((m) => m.to))}`,
    );
    access.expectThat(sent.length >= 1, "the caller's own mail did not arrive");
    expect(violations.slice(seen)).toEqual([]);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
