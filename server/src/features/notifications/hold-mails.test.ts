import { describe, expect, it } from "vitest";
import { formatLongDateTime, renderMail, type MailData } from "./templates";

// The hold mails (design.md §7.2), rendered as the hold sweeps write them: in the shop's time zone,
// with the precise time a ready hold lapses.
const london = { timeZone: "Europe/London" };
const book = { title: 'Tom <b>&" Jerry', author: "Ann Author" };
const escapedTitle = "Tom &#60;b&#62;&#38;&#34; Jerry";
// 14:05 UTC in November is 14:05 in London (GMT).
const readyUntil = new Date("2026-11-27T14:05:00Z");
const until = "27 November 2026 at 14:05";
const holdsUrl = "http://shop.test/mybooks?tab=holds";
const bookUrl = "http://shop.test/book/7";

const ready: MailData["hold_ready"] = { name: "Ann", book, readyUntil, holdsUrl };

describe("formatLongDateTime", () => {
  it("writes the date in British long form with the time of day, in the shop's time zone", () => {
    expect(formatLongDateTime(readyUntil, "Europe/London")).toBe(until);
    // Summer time: 13:05 UTC is 14:05 in London (BST).
    expect(formatLongDateTime(new Date("2026-07-03T13:05:00Z"), "Europe/London")).toBe(
      "3 July 2026 at 14:05",
    );
    // Late in London is the next morning in Tokyo.
    expect(formatLongDateTime(new Date("2026-11-27T23:30:00Z"), "Asia/Tokyo")).toBe(
      "28 November 2026 at 08:30",
    );
    expect(formatLongDateTime(new Date("2026-11-27T00:00:00Z"), "Europe/London")).toBe(
      "27 November 2026 at 00:00",
    );
  });
});

describe("hold_ready", () => {
  it("tells the reader the copy is kept until a precise time and links to the Holds tab", () => {
    const mail = renderMail("hold_ready", ready, london);
    expect(mail.subject).toBe('Tom <b>&" Jerry is ready for you');
    expect(mail.text).toBe(
      [
        "Dear Ann,",
        `A copy of Tom <b>&" Jerry by Ann Author is kept for you until ${until}.`,
        "Borrow it before then from My Books; after that it passes to the next reader in the queue.",
        `Borrow it in My Books: ${holdsUrl}`,
        "Happy reading,\nThe Folio team",
        "Folio, the e-book lending library",
      ].join("\n\n"),
    );
    expect(mail.html).toContain(`<title>${escapedTitle} is ready for you</title>`);
    expect(mail.html).toContain(
      `A copy of ${escapedTitle} by Ann Author is kept for you until ${until}.`,
    );
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(`<a href="http://shop.test/mybooks?tab=holds"`);
    expect(mail.html).toContain(">Borrow it in My Books</a>");
    expect(mail.text).not.toContain("You asked us to borrow it for you");
  });

  it("says nothing of borrowing for the reader when autoBorrowFailed is null", () => {
    const mail = renderMail("hold_ready", { ...ready, autoBorrowFailed: null }, london);
    expect(mail.text).toBe(renderMail("hold_ready", ready, london).text);
  });

  it("explains a borrow that failed for want of balance, with the shortfall", () => {
    const mail = renderMail(
      "hold_ready",
      { ...ready, autoBorrowFailed: { reason: "balance", shortfallPence: 249 } },
      london,
    );
    const sentence = `You asked us to borrow it for you, but your balance is £2.49 short. Top up and borrow it before ${until}.`;
    expect(mail.text).toContain(
      `in the queue.\n\n${sentence}\n\nBorrow it in My Books: ${holdsUrl}`,
    );
    expect(mail.html).toContain(sentence);
    expect(mail.text).not.toContain("books on loan");
  });

  it("explains a borrow that failed because the reader has the most books on loan", () => {
    const mail = renderMail(
      "hold_ready",
      { ...ready, autoBorrowFailed: { reason: "limit" } },
      london,
    );
    const sentence = `You asked us to borrow it for you, but you already have 10 books on loan (the most at once). Return one and borrow it before ${until}.`;
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
    expect(mail.text).not.toContain("short.");
  });
});

describe("hold_lapsing", () => {
  it("reminds the reader of the precise time the hold lapses", () => {
    const mail = renderMail("hold_lapsing", { name: null, book, readyUntil, holdsUrl }, london);
    expect(mail.subject).toBe('Your hold on Tom <b>&" Jerry lapses soon');
    expect(mail.text).toContain("Dear reader,");
    expect(mail.text).toContain(
      `The copy of Tom <b>&" Jerry by Ann Author kept for you is yours until ${until}, in 12 hours or less.`,
    );
    expect(mail.text).toContain(`Borrow it in My Books: ${holdsUrl}`);
    expect(mail.html).toContain(`<title>Your hold on ${escapedTitle} lapses soon</title>`);
    expect(mail.html).toContain(`The copy of ${escapedTitle} by Ann Author kept for you`);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(`<a href="http://shop.test/mybooks?tab=holds"`);
  });

  it("writes the time on the shop's clock, not the server's", () => {
    const mail = renderMail(
      "hold_lapsing",
      { name: "Ann", book, readyUntil, holdsUrl },
      { timeZone: "Asia/Tokyo" },
    );
    expect(mail.text).toContain("yours until 27 November 2026 at 23:05,");
  });
});

describe("hold_expired", () => {
  it("says the copy has passed on and links to the book's page for a new hold", () => {
    const mail = renderMail("hold_expired", { name: "Ann", book, bookUrl }, london);
    expect(mail.subject).toBe('Your hold on Tom <b>&" Jerry has lapsed');
    expect(mail.text).toBe(
      [
        "Dear Ann,",
        'The copy of Tom <b>&" Jerry by Ann Author kept for you was not borrowed in time and has passed to the next reader.',
        "You can place a new hold on its page.",
        `See the book: ${bookUrl}`,
        "Happy reading,\nThe Folio team",
        "Folio, the e-book lending library",
      ].join("\n\n"),
    );
    expect(mail.html).toContain(`<title>Your hold on ${escapedTitle} has lapsed</title>`);
    expect(mail.html).toContain(`The copy of ${escapedTitle} by Ann Author kept for you`);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(`<a href="${bookUrl}"`);
    expect(mail.html).toContain(">See the book</a>");
  });
});
