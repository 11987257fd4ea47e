import { BORROW_LIMIT } from "@folio/contract/constants";
import { HOLD_LAPSING_HOURS } from "@folio/contract/holds";
import type { MailFormat } from "../../context";
import { formatPence } from "../../money";

export const SHOP_NAME = "Folio";

export interface MailBook {
  title: string;
  author: string;
  dueDate?: Date;
  pricePence?: number;
}

/**
 * What each type of mail needs to be written. `name` is the reader's own name, or null while
 * their address is unproven (accounts' mailNameOf): then the mail greets no one by name.
 */
export interface MailData {
  /** `confirmUrl`: the link proving a new account's address, in the mail sent at registration */
  register: { name: string | null; shopUrl: string; confirmUrl?: string };
  password_reset: { name: string | null; resetUrl: string; expiresAt: Date };
  borrow: {
    name: string | null;
    books: MailBook[];
    chargePence: number;
    balancePence: number;
    myBooksUrl: string;
  };
  due_soon: { name: string | null; book: MailBook & { dueDate: Date }; myBooksUrl: string };
  expired: {
    name: string | null;
    book: MailBook & { dueDate: Date };
    autoReturnDate: Date;
    myBooksUrl: string;
  };
  return: {
    name: string | null;
    book: MailBook;
    returnDate: Date;
    /** the book's page, where the reader can review it */
    bookUrl: string;
    shopUrl: string;
    /** the library ended the loan, not the reader */
    endedByLibrary?: boolean;
  };
  top_up_receipt: {
    name: string | null;
    amountPence: number;
    balancePence: number;
    /** the top-up's Order No on Payment Records */
    orderNo: string;
    date: Date;
    paymentRecordsUrl: string;
  };
  renewal_receipt: {
    name: string | null;
    book: MailBook & { dueDate: Date };
    feePence: number;
    balancePence: number;
    myBooksUrl: string;
  };
  hold_ready: {
    name: string | null;
    book: MailBook;
    /** when the hold lapses and the copy passes to the next reader */
    readyUntil: Date;
    /** My Books' Holds tab, where the reader borrows it */
    holdsUrl: string;
    /** set when the reader asked to have it borrowed for them but it could not be: why */
    autoBorrowFailed?: { reason: "balance"; shortfallPence: number } | { reason: "limit" } | null;
  };
  hold_lapsing: { name: string | null; book: MailBook; readyUntil: Date; holdsUrl: string };
  hold_expired: { name: string | null; book: MailBook; bookUrl: string };
  /** a sign-in from a browser the account had not used before (design.md §7.4) */
  new_sign_in: { name: string | null; device: string; ip: string; at: Date; settingsUrl: string };
  /** to the new address: the link that makes the change */
  email_change_confirm: {
    name: string | null;
    newEmail: string;
    confirmUrl: string;
    expiresAt: Date;
  };
  /** to the old address, once the change is made: the link that undoes it */
  email_changed: { name: string | null; newEmail: string; undoUrl: string; expiresAt: Date };
  /** a way into the account was added, changed or removed (issue 43): the owner hears of it */
  security_change: {
    name: string | null;
    change: SecurityChange;
    /** the passkey's or app password's name */
    label?: string;
    /** a reset also removed this many passkeys */
    passkeysRemoved?: number;
    at: Date;
    settingsUrl: string;
  };
  /** too many wrong two-factor codes: the app's codes are locked until a recovery code is used */
  two_factor_locked: { name: string | null; failures: number; at: Date; settingsUrl: string };
}

export type SecurityChange =
  | "password_changed"
  | "password_reset"
  | "passkey_added"
  | "passkey_removed"
  | "two_factor_on"
  | "two_factor_off"
  | "app_password_added";

/**
 * Every mail the shop writes. The first six are spec.md's, the ones a client may ask for
 * (POST /api/notifications/email, contract `mailTypes`); the receipts and the hold mails are
 * written only by the server, with the change they report.
 */
export type ShopMailType = keyof MailData;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Dates in British long form, as everywhere in the shop (issue 45): "22 November 2026". */
export function formatLongDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone }).format(date);
}

/**
 * An instant in the same British long form, with its time of day, for what happens at a
 * precise hour (a hold lapsing): "27 November 2026 at 14:05", as the web app writes it.
 * Some ICU versions put a no-break space in it; a plain space reads the same in every mail
 * reader.
 */
export function formatLongDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone })
    .format(date)
    .replace(/[\u202f\u00a0]/g, " ");
}

/** A mail is a few blocks; each knows its text and its HTML form. */
type Block =
  | { kind: "p"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "button"; label: string; url: string };

function compose(subject: string, greetingName: string | null, blocks: Block[]): RenderedMail {
  const greeting = `Dear ${greetingName ?? "reader"},`;
  const signOff = `Happy reading,\nThe ${SHOP_NAME} team`;
  const text = [
    greeting,
    ...blocks.map((b) =>
      b.kind === "p"
        ? b.text
        : b.kind === "list"
          ? b.items.map((i) => `  - ${i}`).join("\n")
          : `${b.label}: ${b.url}`,
    ),
    signOff,
    `${SHOP_NAME}, the e-book lending library`,
  ].join("\n\n");

  const htmlBlocks = blocks
    .map((b) =>
      b.kind === "p"
        ? `<p style="margin:0 0 16px">${escapeHtml(b.text)}</p>`
        : b.kind === "list"
          ? `<ul style="margin:0 0 16px;padding-left:20px">${b.items.map((i) => `<li style="margin-bottom:6px">${escapeHtml(i)}</li>`).join("")}</ul>`
          : `<p style="margin:0 0 16px"><a href="${escapeHtml(b.url)}" style="display:inline-block;background:#7a3b1d;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(b.label)}</a></p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f6f1e7;font-family:Georgia,serif;color:#2b2118">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:22px;font-weight:bold;margin:0 0 24px;color:#7a3b1d">${SHOP_NAME}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px;line-height:1.5">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks}
<p style="margin:0">Happy reading,<br>The ${SHOP_NAME} team</p>
</div>
<p style="font-size:12px;color:#6b5d50;margin-top:16px">${SHOP_NAME}, the e-book lending library</p>
</div></body></html>`;
  return { subject, text, html };
}

/** What a security mail says happened, by change. */
function securityChangeWords(
  d: MailData["security_change"],
  when: string,
): { subject: string; said: string[] } {
  const label = d.label ? ` named “${d.label}”` : "";
  switch (d.change) {
    case "password_changed":
      return {
        subject: `Your ${SHOP_NAME} password was changed`,
        said: [`Your password was changed on ${when}. Your other sessions were signed out.`],
      };
    case "password_reset":
      return {
        subject: `Your ${SHOP_NAME} password was changed`,
        said: [
          `Your password was changed with a reset link on ${when}. Every session and app password was signed out.`,
          ...(d.passkeysRemoved
            ? [
                `${d.passkeysRemoved === 1 ? "The passkey" : `The ${d.passkeysRemoved} passkeys`} on your account ${d.passkeysRemoved === 1 ? "was" : "were"} removed: add ${d.passkeysRemoved === 1 ? "it" : "them"} again in Settings.`,
              ]
            : []),
        ],
      };
    case "passkey_added":
      return {
        subject: `A passkey was added to your ${SHOP_NAME} account`,
        said: [
          `A passkey${label} was added to your account on ${when}. It signs you in without your password.`,
        ],
      };
    case "passkey_removed":
      return {
        subject: `A passkey was removed from your ${SHOP_NAME} account`,
        said: [`A passkey${label} was removed from your account on ${when}.`],
      };
    case "two_factor_on":
      return {
        subject: `Two-factor sign-in is on for your ${SHOP_NAME} account`,
        said: [
          `Two-factor sign-in was turned on for your account on ${when}. Signing in now needs a code from an authenticator app.`,
        ],
      };
    case "two_factor_off":
      return {
        subject: `Two-factor sign-in was turned off for your ${SHOP_NAME} account`,
        said: [
          `Two-factor sign-in was turned off for your account on ${when}. Your password alone signs you in again.`,
        ],
      };
    case "app_password_added":
      return {
        subject: `An app password was made for your ${SHOP_NAME} account`,
        said: [
          `An app password${label} was made for your account on ${when}. It signs an e-reader app in to the catalogue.`,
        ],
      };
  }
}

const bookLine = (book: MailBook) => `${book.title} by ${book.author}`;

export function renderMail<T extends ShopMailType>(
  type: T,
  data: MailData[T],
  format: MailFormat,
): RenderedMail {
  const date = (d: Date) => formatLongDate(d, format.timeZone);
  const dateTime = (d: Date) => formatLongDateTime(d, format.timeZone);
  switch (type) {
    case "register": {
      const d = data as MailData["register"];
      return compose(`Welcome to ${SHOP_NAME}`, d.name, [
        { kind: "p", text: `Welcome to ${SHOP_NAME}! Your account is ready.` },
        ...(d.confirmUrl
          ? ([
              {
                kind: "p",
                text: "Please confirm that this address is yours (the link works for 24 hours). If you did not make an account, ignore this mail.",
              },
              { kind: "button", label: "Confirm your address", url: d.confirmUrl },
            ] satisfies Block[])
          : []),
        {
          kind: "p",
          text: "Top up your balance, borrow e-books for 30 days and read them in your browser.",
        },
        { kind: "button", label: "Browse the library", url: d.shopUrl },
      ]);
    }
    case "password_reset": {
      const d = data as MailData["password_reset"];
      return compose(`Reset your ${SHOP_NAME} password`, d.name, [
        {
          kind: "p",
          text: "Someone asked to reset the password of your account. If it was you, choose a new password with the link below.",
        },
        { kind: "button", label: "Choose a new password", url: d.resetUrl },
        {
          kind: "p",
          text: `The link works once and expires in one hour. If you did not ask for it, ignore this mail: your password stays as it is.`,
        },
      ]);
    }
    case "borrow": {
      const d = data as MailData["borrow"];
      return compose(`Your ${SHOP_NAME} loan receipt`, d.name, [
        {
          kind: "p",
          text: `You borrowed ${d.books.length === 1 ? "a book" : `${d.books.length} books`}:`,
        },
        {
          kind: "list",
          items: d.books.map((b) =>
            [
              bookLine(b),
              b.pricePence !== undefined ? formatPence(b.pricePence) : null,
              b.dueDate ? `due ${date(b.dueDate)}` : null,
            ]
              .filter(Boolean)
              .join(", "),
          ),
        },
        {
          kind: "p",
          text: `Charged: ${formatPence(d.chargePence)}. Your balance is now ${formatPence(d.balancePence)}.`,
        },
        { kind: "button", label: "Go to My Books", url: d.myBooksUrl },
      ]);
    }
    case "due_soon": {
      const d = data as MailData["due_soon"];
      return compose(`${d.book.title} is due on ${date(d.book.dueDate)}`, d.name, [
        {
          kind: "p",
          text: `Your loan of ${bookLine(d.book)} is due in 3 days, on ${date(d.book.dueDate)}.`,
        },
        {
          kind: "p",
          text: "Renew it to keep reading for another 30 days, or return it when you have finished.",
        },
        { kind: "button", label: "Renew or return in My Books", url: d.myBooksUrl },
      ]);
    }
    case "expired": {
      const d = data as MailData["expired"];
      return compose(`${d.book.title} is overdue`, d.name, [
        {
          kind: "p",
          text: `Your loan of ${bookLine(d.book)} was due on ${date(d.book.dueDate)} and is now overdue. You cannot read it until you renew it.`,
        },
        {
          kind: "p",
          text: `If it is neither renewed nor returned, it will be returned automatically on ${date(d.autoReturnDate)}.`,
        },
        { kind: "button", label: "Renew in My Books", url: d.myBooksUrl },
      ]);
    }
    case "return": {
      const d = data as MailData["return"];
      if (d.endedByLibrary)
        return compose(`Your loan of ${d.book.title} has ended`, d.name, [
          {
            kind: "p",
            text: `The library ended your loan of ${bookLine(d.book)} on ${date(d.returnDate)}. If you did not expect this, please contact the library.`,
          },
          { kind: "button", label: "Find your next book", url: d.shopUrl },
        ]);
      return compose(`You returned ${d.book.title}`, d.name, [
        {
          kind: "p",
          text: `${bookLine(d.book)} was returned on ${date(d.returnDate)}. Thank you!`,
        },
        {
          kind: "p",
          text: "We hope you enjoyed it. Tell other readers what you thought: your review helps them choose.",
        },
        { kind: "button", label: `Review ${d.book.title}`, url: d.bookUrl },
        { kind: "button", label: "Find your next book", url: d.shopUrl },
      ]);
    }
    case "top_up_receipt": {
      const d = data as MailData["top_up_receipt"];
      return compose(`Your ${SHOP_NAME} top-up receipt`, d.name, [
        {
          kind: "p",
          text: `You added ${formatPence(d.amountPence)} to your balance on ${date(d.date)}. Thank you!`,
        },
        {
          kind: "list",
          items: [
            `Order No: ${d.orderNo}`,
            `Amount: ${formatPence(d.amountPence)}`,
            `Date: ${date(d.date)}`,
            `New balance: ${formatPence(d.balancePence)}`,
          ],
        },
        { kind: "button", label: "See your Payment Records", url: d.paymentRecordsUrl },
      ]);
    }
    case "renewal_receipt": {
      const d = data as MailData["renewal_receipt"];
      return compose(`You renewed ${d.book.title}`, d.name, [
        {
          kind: "p",
          text: `You renewed ${bookLine(d.book)}. It is now due on ${date(d.book.dueDate)}.`,
        },
        {
          kind: "p",
          text: `Renewal fee: ${formatPence(d.feePence)}. Your balance is now ${formatPence(d.balancePence)}.`,
        },
        { kind: "button", label: "Go to My Books", url: d.myBooksUrl },
      ]);
    }
    case "hold_ready": {
      const d = data as MailData["hold_ready"];
      const until = dateTime(d.readyUntil);
      const failed = d.autoBorrowFailed;
      const blocks: Block[] = [
        { kind: "p", text: `A copy of ${bookLine(d.book)} is kept for you until ${until}.` },
        {
          kind: "p",
          text: "Borrow it before then from My Books; after that it passes to the next reader in the queue.",
        },
      ];
      if (failed?.reason === "balance")
        blocks.push({
          kind: "p",
          text: `You asked us to borrow it for you, but your balance is ${formatPence(failed.shortfallPence)} short. Top up and borrow it before ${until}.`,
        });
      else if (failed?.reason === "limit")
        blocks.push({
          kind: "p",
          text: `You asked us to borrow it for you, but you already have ${BORROW_LIMIT} books on loan (the most at once). Return one and borrow it before ${until}.`,
        });
      blocks.push({ kind: "button", label: "Borrow it in My Books", url: d.holdsUrl });
      return compose(`${d.book.title} is ready for you`, d.name, blocks);
    }
    case "hold_lapsing": {
      const d = data as MailData["hold_lapsing"];
      return compose(`Your hold on ${d.book.title} lapses soon`, d.name, [
        {
          kind: "p",
          text: `The copy of ${bookLine(d.book)} kept for you is yours until ${dateTime(d.readyUntil)}, in ${HOLD_LAPSING_HOURS} hours or less.`,
        },
        {
          kind: "p",
          text: "Borrow it before then from My Books; after that it passes to the next reader in the queue.",
        },
        { kind: "button", label: "Borrow it in My Books", url: d.holdsUrl },
      ]);
    }
    case "hold_expired": {
      const d = data as MailData["hold_expired"];
      return compose(`Your hold on ${d.book.title} has lapsed`, d.name, [
        {
          kind: "p",
          text: `The copy of ${bookLine(d.book)} kept for you was not borrowed in time and has passed to the next reader.`,
        },
        { kind: "p", text: "You can place a new hold on its page." },
        { kind: "button", label: "See the book", url: d.bookUrl },
      ]);
    }
    case "new_sign_in": {
      const d = data as MailData["new_sign_in"];
      return compose(`A new sign-in to your ${SHOP_NAME} account`, d.name, [
        {
          kind: "p",
          text: `Your account was signed in to from ${d.device}${d.ip ? ` (address ${d.ip})` : ""} on ${dateTime(d.at)}.`,
        },
        {
          kind: "p",
          text: "If it was you, there is nothing to do. If not, sign that session out in Settings and change your password.",
        },
        { kind: "button", label: "See your sessions", url: d.settingsUrl },
      ]);
    }
    case "email_change_confirm": {
      const d = data as MailData["email_change_confirm"];
      return compose(`Confirm your new ${SHOP_NAME} email address`, d.name, [
        {
          kind: "p",
          text: `Someone asked to make ${d.newEmail} the email address of a ${SHOP_NAME} account. If it was you, confirm it with the link below.`,
        },
        { kind: "button", label: "Confirm this address", url: d.confirmUrl },
        {
          kind: "p",
          text: `The link works once, until ${dateTime(d.expiresAt)}. If you did not ask for it, ignore this mail: nothing changes.`,
        },
      ]);
    }
    case "email_changed": {
      const d = data as MailData["email_changed"];
      return compose(`Your ${SHOP_NAME} email address has changed`, d.name, [
        {
          kind: "p",
          text: `The email address of your account is now ${d.newEmail}. Mail about your account goes there from now on.`,
        },
        {
          kind: "p",
          text: `If you did not make this change, put your address back with the link below, until ${dateTime(d.expiresAt)}. Every session will be signed out.`,
        },
        { kind: "button", label: "Undo the change", url: d.undoUrl },
      ]);
    }
    case "security_change": {
      const d = data as MailData["security_change"];
      const { subject, said } = securityChangeWords(d, dateTime(d.at));
      return compose(subject, d.name, [
        ...said.map((text) => ({ kind: "p" as const, text })),
        {
          kind: "p",
          text: "If it was you, there is nothing to do. If not, reset your password now, then sign every other session out in Settings.",
        },
        { kind: "button", label: "Open Settings", url: d.settingsUrl },
      ]);
    }
    case "two_factor_locked": {
      const d = data as MailData["two_factor_locked"];
      return compose(`Wrong sign-in codes on your ${SHOP_NAME} account`, d.name, [
        {
          kind: "p",
          text: `By ${dateTime(d.at)}, ${d.failures} wrong codes had been entered at the second step of signing in to your account. Only someone who knows your password gets that far.`,
        },
        {
          kind: "p",
          text: "Codes from your authenticator app no longer sign you in until you sign in once with your password and one of your recovery codes. Please change your password.",
        },
        { kind: "button", label: "Open Settings", url: d.settingsUrl },
      ]);
    }
  }
  throw new Error(`Unknown mail type ${String(type)}`);
}
