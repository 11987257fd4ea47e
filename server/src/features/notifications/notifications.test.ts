import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { ErrorBody } from "@folio/contract/common";
import type { RenewResult } from "@folio/contract/loans";
import { mailTypes } from "@folio/contract/notifications";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { MailDelivery, retryDelayMs } from "./delivery";
import { createTestApp, useTestApp, type TestApp } from "../../test/app";
import { httpClient } from "../../test/http";
import { createUser } from "../../test/accounts";
import { createBook } from "../../test/catalogue";
import { linkTokenFrom } from "../../test/mail";
import { formatLongDate, renderMail, type MailData, type ShopMailType } from "./templates";
import { TestSmtpServer } from "./test-smtp";
import { smtpTransport } from "./transport";

const mailsTo = (t: TestApp, email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.toAddress, email));

describe("delivery over SMTP", () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;
  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({}, { mailTransport: smtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("sends the welcome mail to a real SMTP receiver and marks it sent", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Mary Shelley" });
    expect(await t.mailDelivery.deliverDue()).toBeGreaterThanOrEqual(1);
    const received = smtp.received.find((m) => m.to.includes(user.email));
    expect(received?.from).toBe("no-reply@folio.local");
    expect(received?.raw).toContain("Subject: Welcome to Folio");
    // A welcome goes to an address nobody has proven yet: no name the registrant typed in it.
    expect(received?.raw).toContain("Dear reader,");
    expect(received?.raw).not.toContain("Mary Shelley");
    expect(received?.raw).toContain("Content-Type: text/html");
    const [row] = await mailsTo(t, user.email);
    expect(row?.sentAt).not.toBeNull();
    expect(row?.attempts).toBe(1);
    expect(await t.mailDelivery.deliverDue()).toBe(0);
  });

  it("greets the reader by name in the welcome mail once the link in the first proves the address", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Mary Wollstonecraft" });
    await t.mailDelivery.deliverDue();
    const toReader = () => smtp.received.filter((m) => m.to.includes(user.email));
    expect(toReader()).toHaveLength(1);
    expect(toReader()[0]?.raw).toContain("Dear reader,");
    expect(toReader()[0]?.raw).not.toContain("Mary Wollstonecraft");
    const [first] = await mailsTo(t, user.email);
    expect(first?.textBody).toContain("Confirm your address");
    const token = linkTokenFrom(first!.textBody, "confirm-email")!;
    expect(token).toBeTruthy();

    const http = httpClient(t.app);
    const proven = await http.post("/api/users/email/confirm", { token });
    expect(proven.status).toBe(200);
    expect(proven.body).toEqual({
      state: "success",
      message: `Thank you: ${user.email} is confirmed as your address.`,
      email: user.email,
    });
    expect(await t.mailDelivery.deliverDue()).toBe(1);
    const welcome = toReader()[1];
    expect(welcome?.raw).toContain("Subject: Welcome to Folio");
    expect(welcome?.raw).toContain("Dear Mary Wollstonecraft,");
    expect(welcome?.raw).not.toContain("Confirm your address");
    // The link proves the address once; it changes nothing else (no undo link, no other mail).
    expect((await http.post("/api/users/email/confirm", { token })).status).toBe(400);
    expect(await t.mailDelivery.deliverDue()).toBe(0);
    const info = await http.post<{ email: string }>("/api/users/info", {}, user.token);
    expect(info.body.email).toBe(user.email);

    // Asked for again, the welcome greets them by name too.
    await http.post("/api/notifications/email", { to: user.email, type: "register" }, user.token);
    expect(await t.mailDelivery.deliverDue()).toBe(1);
    expect(toReader()[2]?.raw).toContain("Dear Mary Wollstonecraft,");
  });

  it("keeps mail while the receiver is down and delivers it once when it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    const user = await createUser(t.app, t.database.db);
    expect(await t.mailDelivery.deliverDue()).toBe(0);
    const [failed] = await mailsTo(t, user.email);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));

    // Not due yet: nothing is tried before the backoff has passed.
    expect(await t.mailDelivery.deliverDue()).toBe(0);
    expect((await mailsTo(t, user.email))[0]?.attempts).toBe(1);

    t.clock.advance(retryDelayMs(1));
    expect(await t.mailDelivery.deliverDue()).toBe(0);
    const [twice] = await mailsTo(t, user.email);
    expect(twice?.attempts).toBe(2);
    expect(twice!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    await smtp.start(port);
    t.clock.advance(retryDelayMs(2));
    expect(await t.mailDelivery.deliverDue()).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(await t.mailDelivery.deliverDue()).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    t.clock.set(new Date());
  });

  it("tries everything again at least once a minute while the receiver stays down", async () => {
    const port = smtp.port;
    await smtp.stop();
    const user = await createUser(t.app, t.database.db);
    const delays: number[] = [];
    for (let pass = 0; pass < 6; pass += 1) {
      expect(await t.mailDelivery.deliverDue()).toBe(0);
      const [mail] = await mailsTo(t, user.email);
      const delay = mail!.nextAttemptAt.getTime() - t.clock.now().getTime();
      delays.push(delay);
      t.clock.advance(delay);
    }
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);

    await smtp.start(port);
    expect(await t.mailDelivery.deliverDue()).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    t.clock.set(new Date());
  });
});

describe("stopping delivery", () => {
  it("ends after the batch in hand, however much mail is waiting, and keeps the rest", async () => {
    const t = await createTestApp();
    try {
      const rows = Array.from({ length: 60 }, (_, i) => ({
        type: "register",
        toAddress: `backlog-${i}@example.com`,
        subject: "Welcome",
        textBody: "Hello",
        htmlBody: "<p>Hello</p>",
        createdAt: t.clock.now(),
        nextAttemptAt: t.clock.now(),
      }));
      await t.database.db.insert(outbox).values(rows);
      let sent = 0;
      // A slow mail server: 60 mails would take 1.2 s to send.
      const delivery = new MailDelivery({
        db: t.database.db,
        clock: t.clock,
        from: "no-reply@folio.local",
        log: t.app.log,
        transport: {
          kind: "smtp",
          send: async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            sent += 1;
          },
          close: () => undefined,
        },
      });
      const pass = delivery.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 30));
      await delivery.stop();
      expect(await pass).toBe(sent);
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(20);
      const waiting = await t.database.db.select().from(outbox).where(isNull(outbox.sentAt));
      expect(waiting.filter((m) => m.toAddress.startsWith("backlog-"))).toHaveLength(60 - sent);
    } finally {
      await t.close();
    }
  });
});

describe("delivery to .eml files when no SMTP server is set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes each mail as an .eml file under DATA_DIR/mail", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Jane Austen" });
    expect(await t.mailDelivery.deliverDue()).toBe(1);
    const dir = path.join(t.dataDir, "mail");
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}-register\.eml$/);
    const eml = await readFile(path.join(dir, files[0]!), "utf8");
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain("Subject: Welcome to Folio");
    expect(eml).toContain("Dear reader,");
    expect(eml).not.toContain("Jane Austen");
  });
});

describe("POST /api/notifications/email", () => {
  let t: TestApp;
  let http: ReturnType<typeof httpClient>;
  beforeAll(async () => {
    t = await createTestApp();
    http = httpClient(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("sends only to the caller's own address, rendered by the server", async () => {
    const user = await createUser(t.app, t.database.db, { name: "Caller" });
    const before = (await mailsTo(t, user.email)).length;
    const ok = await http.post(
      "/api/notifications/email",
      {
        to: user.email.toUpperCase(),
        type: "register",
        subject: "FREE MONEY",
        content: "<a href=http://evil>click</a>",
      },
      user.token,
    );
    expect(ok.status).toBe(200);
    const mails = await mailsTo(t, user.email);
    expect(mails).toHaveLength(before + 1);
    const last = mails[mails.length - 1]!;
    expect(last.subject).toBe("Welcome to Folio");
    expect(last.htmlBody).not.toContain("evil");
    expect(last.textBody).not.toContain("FREE MONEY");
  });

  it("refuses any other address and writes nothing", async () => {
    const user = await createUser(t.app, t.database.db);
    const { status, body } = await http.post<ErrorBody>(
      "/api/notifications/email",
      { to: "victim@example.com", type: "register" },
      user.token,
    );
    expect(status).toBe(403);
    expect(body.code).toBe("NOT_YOUR_ADDRESS");
    expect(await mailsTo(t, "victim@example.com")).toEqual([]);
  });

  it("refuses unknown types, missing fields and callers without a login", async () => {
    const user = await createUser(t.app, t.database.db);
    const bad = await http.post<ErrorBody>(
      "/api/notifications/email",
      { to: user.email, type: "newsletter" },
      user.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("type");
    expect(
      (await http.post<ErrorBody>("/api/notifications/email", { type: "register" }, user.token))
        .status,
    ).toBe(400);
    expect(
      (await http.post("/api/notifications/email", { to: user.email, type: "register" })).status,
    ).toBe(401);
  });

  it("writes loan mails from the caller's own loan, and only when they fit it", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { price: 250 });
    await http.post("/api/borrow/borrow", { bookId: book.id }, user.token);
    const send = (type: string, data?: unknown) =>
      http.post<ErrorBody>(
        "/api/notifications/email",
        { to: user.email, type, ...(data ? { data } : {}) },
        user.token,
      );

    expect((await send("borrow", { bookId: book.id })).status).toBe(200);
    expect((await send("due_soon", { bookId: book.id })).status).toBe(200);
    const sent = await mailsTo(t, user.email);
    expect(sent.map((m) => m.type)).toEqual(expect.arrayContaining(["borrow", "due_soon"]));
    expect(sent.find((m) => m.type === "borrow")?.textBody).toContain(
      `${book.title} by Test Author, £2.50`,
    );

    const early = await send("return", { bookId: book.id });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("MAIL_DOES_NOT_FIT");
    expect((await send("expired", { bookId: book.id })).status).toBe(409);
    expect((await send("borrow")).status).toBe(400);
    const other = await createBook(t.database.db);
    expect((await send("borrow", { bookId: other.id })).status).toBe(400);
  });

  it("is rate limited", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "2" });
    try {
      const client = httpClient(limited.app);
      const user = await createUser(limited.app, limited.database.db);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (
            await client.post(
              "/api/notifications/email",
              { to: user.email, type: "register" },
              user.token,
            )
          ).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("mail templates", () => {
  const due = new Date("2026-12-01T10:00:00Z");
  const samples: { [T in ShopMailType]: MailData[T] } = {
    register: { name: "Ann <b>", shopUrl: "http://shop.test" },
    password_reset: {
      name: "Ann",
      resetUrl: "http://shop.test/reset-password?token=abc",
      expiresAt: due,
    },
    borrow: {
      name: "Ann",
      books: [{ title: "Moby-Dick", author: "Herman Melville", dueDate: due, pricePence: 499 }],
      chargePence: 499,
      balancePence: 1501,
      myBooksUrl: "http://shop.test/mybooks",
    },
    due_soon: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen", dueDate: due },
      myBooksUrl: "http://shop.test/mybooks",
    },
    expired: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen", dueDate: due },
      autoReturnDate: new Date("2026-12-08T10:00:00Z"),
      myBooksUrl: "http://shop.test/mybooks",
    },
    return: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen" },
      returnDate: due,
      bookUrl: "http://shop.test/book/7",
      shopUrl: "http://shop.test",
    },
    top_up_receipt: {
      name: "Ann",
      amountPence: 5000,
      balancePence: 6250,
      orderNo: "41",
      date: due,
      paymentRecordsUrl: "http://shop.test/mypayments",
    },
    renewal_receipt: {
      name: "Ann",
      book: { title: "Emma & <Co>", author: "Jane Austen", dueDate: due },
      feePence: 499,
      balancePence: 1501,
      myBooksUrl: "http://shop.test/mybooks",
    },
    hold_ready: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen" },
      readyUntil: due,
      holdsUrl: "http://shop.test/mybooks?tab=holds",
    },
    hold_lapsing: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen" },
      readyUntil: due,
      holdsUrl: "http://shop.test/mybooks?tab=holds",
    },
    hold_expired: {
      name: "Ann",
      book: { title: "Emma", author: "Jane Austen" },
      bookUrl: "http://shop.test/book/7",
    },
    new_sign_in: {
      name: "Ann",
      device: "Firefox 133 on Windows 10",
      ip: "203.0.113.9",
      at: due,
      settingsUrl: "http://shop.test/user/settings",
    },
    email_change_confirm: {
      name: null,
      newEmail: "ann@new.test",
      confirmUrl: "http://shop.test/confirm-email?token=t",
      expiresAt: due,
    },
    email_changed: {
      name: "Ann",
      newEmail: "ann@new.test",
      undoUrl: "http://shop.test/undo-email?token=u",
      expiresAt: due,
    },
    security_change: {
      name: "Ann",
      change: "password_reset",
      passkeysRemoved: 2,
      at: due,
      settingsUrl: "http://shop.test/user/settings",
    },
    two_factor_locked: {
      name: "Ann",
      failures: 10,
      at: due,
      settingsUrl: "http://shop.test/user/settings",
    },
  };
  const allTypes = Object.keys(samples) as ShopMailType[];

  it("has a template for each of spec.md's six types, the two receipts, the hold mails and the account-security mails", () => {
    expect([...allTypes].sort()).toEqual(
      [
        ...mailTypes,
        "top_up_receipt",
        "renewal_receipt",
        "hold_ready",
        "hold_lapsing",
        "hold_expired",
        "new_sign_in",
        "email_change_confirm",
        "email_changed",
        "security_change",
        "two_factor_locked",
      ].sort(),
    );
  });

  it.each(allTypes)("renders %s in text and HTML with the shop's name", (type) => {
    const mail = renderMail(type, samples[type] as never, { timeZone: "Europe/London" });
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.text).toContain("Folio");
    expect(mail.html).toContain("Folio");
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it("writes amounts in pounds and dates in British long form (issue 45), and escapes HTML", () => {
    const borrow = renderMail("borrow", samples.borrow, { timeZone: "Europe/London" });
    expect(borrow.text).toContain("Moby-Dick by Herman Melville, £4.99, due 1 December 2026");
    expect(borrow.text).toContain("Charged: £4.99. Your balance is now £15.01.");
    const expired = renderMail("expired", samples.expired, { timeZone: "Europe/London" });
    expect(expired.text).toContain("returned automatically on 8 December 2026");
    const register = renderMail("register", samples.register, { timeZone: "Europe/London" });
    expect(register.html).toContain("Dear Ann &#60;b&#62;,");
    expect(register.html).not.toContain("<b>,");
  });

  it("writes the top-up receipt: amount, new balance, Order No, date and a link to Payment Records", () => {
    const mail = renderMail("top_up_receipt", samples.top_up_receipt, {
      timeZone: "Europe/London",
    });
    expect(mail.subject).toBe("Your Folio top-up receipt");
    expect(mail.text).toBe(
      [
        "Dear Ann,",
        "You added £50.00 to your balance on 1 December 2026. Thank you!",
        "  - Order No: 41\n  - Amount: £50.00\n  - Date: 1 December 2026\n  - New balance: £62.50",
        "See your Payment Records: http://shop.test/mypayments",
        "Happy reading,\nThe Folio team",
        "Folio, the e-book lending library",
      ].join("\n\n"),
    );
    expect(mail.html).toContain('<li style="margin-bottom:6px">New balance: £62.50</li>');
    expect(mail.html).toContain('<a href="http://shop.test/mypayments"');
    expect(mail.html).toContain(">See your Payment Records</a>");
  });

  it("writes the renewal receipt: book, fee, new due date, new balance and My Books", () => {
    const mail = renderMail("renewal_receipt", samples.renewal_receipt, {
      timeZone: "Europe/London",
    });
    expect(mail.subject).toBe("You renewed Emma & <Co>");
    expect(mail.text).toContain(
      "You renewed Emma & <Co> by Jane Austen. It is now due on 1 December 2026.",
    );
    expect(mail.text).toContain("Renewal fee: £4.99. Your balance is now £15.01.");
    expect(mail.text).toContain("Go to My Books: http://shop.test/mybooks");
    expect(mail.html).toContain("<title>You renewed Emma &#38; &#60;Co&#62;</title>");
    expect(mail.html).toContain("You renewed Emma &#38; &#60;Co&#62; by Jane Austen.");
    expect(mail.html).not.toContain("<Co>");
    expect(mail.html).toContain('href="http://shop.test/mybooks"');
  });

  it("asks for a review on the return mail, linking to the book's page", () => {
    const mail = renderMail("return", samples.return, { timeZone: "Europe/London" });
    expect(mail.text).toContain("your review helps them choose");
    expect(mail.text).toContain("Review Emma: http://shop.test/book/7");
    expect(mail.html).toContain('<a href="http://shop.test/book/7"');
    expect(mail.html).toContain(">Review Emma</a>");
  });

  it("shows a date on the shop's calendar (TIME_ZONE), not the server's", () => {
    const lateInLondon = { ...samples.top_up_receipt, date: new Date("2026-12-01T23:30:00Z") };
    expect(
      renderMail("top_up_receipt", lateInLondon, { timeZone: "Europe/London" }).text,
    ).toContain("Date: 1 December 2026");
    expect(renderMail("top_up_receipt", lateInLondon, { timeZone: "Asia/Tokyo" }).text).toContain(
      "Date: 2 December 2026",
    );
  });
});

describe("receipts and the return mail, written with the change", () => {
  const t = useTestApp();
  let http: ReturnType<typeof httpClient>;
  beforeAll(() => {
    http = httpClient(t.app);
  });
  const mailsOf = async (email: string, type: string) =>
    (await mailsTo(t, email)).filter((m) => m.type === type);

  it("writes a renewal receipt with the book, fee, new due date and balance, once per renewal", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 2000 });
    const book = await createBook(t.database.db, { title: "Renewed Tales", price: 450 });
    expect((await http.post("/api/borrow/borrow", { bookId: book.id }, user.token)).status).toBe(
      200,
    );
    const renew = () =>
      t.app.inject({
        method: "POST",
        url: "/api/borrow/renew",
        headers: {
          authorization: `Bearer ${user.token}`,
          "content-type": "application/json",
          "idempotency-key": "renew-receipt-1",
        },
        payload: JSON.stringify({ bookId: book.id }),
      });
    const first = (await renew()).json<RenewResult>();
    expect(first.state).toBe("success");
    expect((await renew()).json<RenewResult>()).toEqual(first);
    const receipts = await mailsOf(user.email, "renewal_receipt");
    expect(receipts).toHaveLength(1);
    const due = formatLongDate(new Date(first.newDueDate), "Europe/London");
    expect(receipts[0]!.subject).toBe("You renewed Renewed Tales");
    expect(receipts[0]!.textBody).toContain(
      `You renewed Renewed Tales by Test Author. It is now due on ${due}.`,
    );
    expect(receipts[0]!.textBody).toContain("Renewal fee: £4.50. Your balance is now £11.00.");
    expect(receipts[0]!.textBody).toContain("Go to My Books: http://shop.test/mybooks");
    expect(receipts[0]!.htmlBody).toContain('href="http://shop.test/mybooks"');

    // A renewal the balance cannot pay changes nothing and mails nothing.
    const poor = await createUser(t.app, t.database.db, { balancePence: 450 });
    await http.post("/api/borrow/borrow", { bookId: book.id }, poor.token);
    const refused = await http.post<RenewResult>(
      "/api/borrow/renew",
      { bookId: book.id },
      poor.token,
    );
    expect(refused.body.state).toBe("insufficient balance");
    expect(await mailsOf(poor.email, "renewal_receipt")).toEqual([]);
  });

  it("links the return mail to the book's page, to review it", async () => {
    const user = await createUser(t.app, t.database.db, { balancePence: 1000 });
    const book = await createBook(t.database.db, { title: "Returned Tales" });
    await http.post("/api/borrow/borrow", { bookId: book.id }, user.token);
    expect((await http.post("/api/borrow/return", { bookId: book.id }, user.token)).status).toBe(
      200,
    );
    const [mail] = await mailsOf(user.email, "return");
    expect(mail?.textBody).toContain(`Review Returned Tales: http://shop.test/book/${book.id}`);
    expect(mail?.htmlBody).toContain(`href="http://shop.test/book/${book.id}"`);
    // The same mail asked for through the relay carries the same link.
    expect(
      (
        await http.post(
          "/api/notifications/email",
          { to: user.email, type: "return", data: { bookId: book.id } },
          user.token,
        )
      ).status,
    ).toBe(200);
    const again = await mailsOf(user.email, "return");
    expect(again).toHaveLength(2);
    expect(again[1]?.textBody).toContain(`http://shop.test/book/${book.id}`);
  });

  it("keeps the receipts and hold mails out of the relay: it takes spec.md's six types only", async () => {
    const user = await createUser(t.app, t.database.db);
    for (const type of [
      "top_up_receipt",
      "renewal_receipt",
      "hold_ready",
      "hold_lapsing",
      "hold_expired",
    ]) {
      const { status, body } = await http.post<ErrorBody>(
        "/api/notifications/email",
        { to: user.email, type },
        user.token,
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION", field: "type" });
    }
    expect(await mailsOf(user.email, "top_up_receipt")).toEqual([]);
  });
});
