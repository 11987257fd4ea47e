import type { AdminMail, AdminMailDetail, AdminMailList, AuditList } from "@folio/contract/admin";
import type { ErrorBody } from "@folio/contract/common";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MINUTE } from "../../clock";
import type { MailTransport } from "../notifications";
import { createStaff, createUser, type TestUser } from "../../test/accounts";
import { useTestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { brokenInvariants } from "../../test/invariants";
import { lastMailTo } from "../../test/mail";

/** A mail server that takes everything, or refuses everything (a 550, not an outage). */
const sent: Parameters<MailTransport["send"]>[0][] = [];
let refusing = false;
const transport: MailTransport = {
  kind: "smtp",
  send: async (message) => {
    if (refusing) throw Object.assign(new Error("550 mailbox unavailable"), { code: "EENVELOPE" });
    sent.push(message);
  },
  close: () => undefined,
};

const t = useTestApp({}, { mailTransport: transport });
let http: ReturnType<typeof httpClient>;
let admin: TestUser;
let librarian: TestUser;
beforeAll(async () => {
  http = httpClient(t.app);
  admin = await createStaff(t.app, t.database.db, "admin");
  librarian = await createStaff(t.app, t.database.db, "librarian");
});
beforeEach(() => {
  refusing = false;
  t.clock.set(new Date(Date.now() + MINUTE));
});
afterEach(async () => {
  expect(await brokenInvariants(t.database.db)).toEqual([]);
});

const mailsTo = async (user: TestUser, query = "") =>
  (
    await http.get<AdminMailList>(
      `/api/admin/mail?q=${encodeURIComponent(user.email)}${query}`,
      librarian.token,
    )
  ).body;

/** A reader whose welcome mail the mail server refused once. */
async function refusedWelcome(): Promise<{ reader: TestUser; mail: AdminMail }> {
  const reader = await createUser(t.app, t.database.db);
  refusing = true;
  await t.mailDelivery.deliverDue();
  refusing = false;
  const [mail] = (await mailsTo(reader)).mails;
  return { reader, mail: mail! };
}

describe("GET /api/admin/mail", () => {
  it("lists the outbox newest first, by address or subject and by status", async () => {
    const reader = await createUser(t.app, t.database.db);
    const pending = await mailsTo(reader);
    expect(pending.total).toBe(1);
    expect(pending.mails[0]).toMatchObject({
      type: "register",
      to: reader.email,
      subject: "Welcome to Folio",
      attempts: 0,
      sentAt: null,
      lastError: null,
      status: "pending",
    });
    await http.post("/api/auth/forget", { email: reader.email });
    const both = await mailsTo(reader);
    expect(both.mails.map((m) => m.type)).toEqual(["password_reset", "register"]);
    expect((await mailsTo(reader, "&status=pending")).total).toBe(2);
    expect((await mailsTo(reader, "&status=sent")).total).toBe(0);

    await t.mailDelivery.deliverDue();
    const delivered = await mailsTo(reader, "&status=sent");
    expect(delivered.total).toBe(2);
    expect(delivered.mails[0]).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const bySubject = await http.get<AdminMailList>(
      `/api/admin/mail?q=reset%20your&pageSize=1`,
      librarian.token,
    );
    expect(bySubject.body).toMatchObject({ page: 1, pageSize: 1 });
    expect(bySubject.body.mails[0]?.subject).toBe("Reset your Folio password");
    expect((await http.get("/api/admin/mail?status=lost", librarian.token)).status).toBe(400);
  });

  it("shows a failed mail with its error, and one mail with both bodies", async () => {
    const { mail } = await refusedWelcome();
    expect(mail).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "550 mailbox unavailable",
      sentAt: null,
    });
    const detail = await http.get<AdminMailDetail>(
      `/api/admin/mail/get?mailId=${mail.mailId}`,
      librarian.token,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.mail).toMatchObject({ mailId: mail.mailId, status: "failed" });
    expect(detail.body.mail.textBody).toContain("Dear reader,");
    expect(detail.body.mail.htmlBody).toContain("<!doctype html>");
    const missing = await http.get<ErrorBody>(
      "/api/admin/mail/get?mailId=2000000000",
      librarian.token,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("MAIL_NOT_FOUND");
  });

  it("never shows a live link's secret, and records who read which mail", async () => {
    const reader = await createUser(t.app, t.database.db);
    await http.post("/api/auth/forget", { email: reader.email });
    const stored = (await lastMailTo(t.database.db, reader.email))!;
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(stored.textBody)![1]!;
    const [listed] = (await mailsTo(reader)).mails;
    expect(listed?.type).toBe("password_reset");

    const detail = await http.get<AdminMailDetail>(
      `/api/admin/mail/get?mailId=${listed!.mailId}`,
      librarian.token,
    );
    expect(detail.status).toBe(200);
    const { textBody, htmlBody } = detail.body.mail;
    for (const body of [textBody, htmlBody]) {
      expect(body).not.toContain(token);
      expect(body).toContain("/reset-password?token=[hidden]");
    }
    expect(textBody).toContain("Choose a new password");
    // The mail itself still goes out with its link.
    await t.mailDelivery.deliverDue();
    expect(sent.find((m) => m.to === reader.email && m.text.includes(token))).toBeDefined();

    const audit = await http.get<AuditList>("/api/admin/audit?action=mail.read", admin.token);
    expect(audit.body.entries.find((e) => e.targetId === listed!.mailId)).toMatchObject({
      action: "mail.read",
      actorEmail: librarian.email,
      targetType: "mail",
      after: { to: reader.email, type: "password_reset" },
    });
  });

  it("is for staff only", async () => {
    const reader = await createUser(t.app, t.database.db);
    expect((await http.get("/api/admin/mail")).status).toBe(401);
    expect((await http.get("/api/admin/mail", reader.token)).status).toBe(403);
    expect((await http.post("/api/admin/mail/retry", { mailId: 1 }, reader.token)).status).toBe(
      403,
    );
  });
});

describe("POST /api/admin/mail/retry", () => {
  it("makes a failed mail due now, keeping its attempts and error until the next try", async () => {
    const { reader, mail } = await refusedWelcome();
    // The worker would wait out its backoff: not due yet.
    expect(new Date(mail.nextAttemptAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const retried = await http.post<{ mail: AdminMail }>(
      "/api/admin/mail/retry",
      { mailId: mail.mailId },
      librarian.token,
    );
    expect(retried.status).toBe(200);
    expect(retried.body.mail).toMatchObject({
      mailId: mail.mailId,
      attempts: 1,
      lastError: "550 mailbox unavailable",
      status: "failed",
      nextAttemptAt: t.clock.now().toISOString(),
    });
    const audit = (await http.get<AuditList>("/api/admin/audit?action=mail.retry", admin.token))
      .body.entries[0];
    expect(audit).toMatchObject({
      actorId: librarian.id,
      targetType: "mail",
      targetId: mail.mailId,
      before: { to: reader.email, attempts: 1, lastError: "550 mailbox unavailable" },
      after: { nextAttemptAt: t.clock.now().toISOString() },
    });

    // Without moving the clock, the next pass sends it.
    await t.mailDelivery.deliverDue();
    expect(sent.filter((m) => m.to === reader.email)).toHaveLength(1);
    const [after] = (await mailsTo(reader)).mails;
    expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    const again = await http.post<ErrorBody>(
      "/api/admin/mail/retry",
      { mailId: mail.mailId },
      librarian.token,
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "MAIL_SENT", message: "This mail was sent already." });
  });

  it("brings back a mail that has failed many times, whose backoff is long", async () => {
    const reader = await createUser(t.app, t.database.db);
    refusing = true;
    for (let pass = 0; pass < 9; pass += 1) {
      await t.mailDelivery.deliverDue();
      const row = await lastMailTo(t.database.db, reader.email);
      t.clock.set(row!.nextAttemptAt);
    }
    await t.mailDelivery.deliverDue();
    const row = await lastMailTo(t.database.db, reader.email);
    expect(row!.attempts).toBe(10);
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(10 * MINUTE);
    refusing = false;
    await http.post("/api/admin/mail/retry", { mailId: row!.id }, librarian.token);
    await t.mailDelivery.deliverDue();
    expect((await lastMailTo(t.database.db, reader.email))?.sentAt).not.toBeNull();
  });

  it("answers 404 for a mail that does not exist", async () => {
    const missing = await http.post<ErrorBody>(
      "/api/admin/mail/retry",
      { mailId: 2_000_000_000 },
      librarian.token,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("That mail does not exist.");
  });
});
