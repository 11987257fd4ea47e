import { AUTO_RETURN_DAYS } from "@folio/contract/constants";
import { and, desc, eq } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import { books, loans, users } from "../../db/schema";
import { mailNameOf } from "../accounts";
import { errors } from "../../errors";
import { enqueueMail, type LoanMailType, type OutgoingMail } from "../notifications";
import { statusOf } from "./status";

// Every mail about a loan is written here, once: the borrow, the sweeps, a return and the
// on-demand mail of POST /api/notifications/email all build theirs with these.

/** Who a mail goes to: the reader's address and name (null while unproven). */
export interface Reader {
  email: string;
  name: string | null;
}

interface Book {
  title: string;
  author: string;
}

const myBooksUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/mybooks`;

export function borrowMail(
  ctx: AppContext,
  reader: Reader,
  lent: (Book & { pricePence: number })[],
  dueAt: Date,
  chargePence: number,
  balancePence: number,
): OutgoingMail<"borrow"> {
  return {
    type: "borrow",
    to: reader.email,
    data: {
      name: reader.name,
      books: lent.map((book) => ({
        title: book.title,
        author: book.author,
        dueDate: dueAt,
        pricePence: book.pricePence,
      })),
      chargePence,
      balancePence,
      myBooksUrl: myBooksUrl(ctx),
    },
  };
}

export function dueSoonMail(
  ctx: AppContext,
  reader: Reader,
  book: Book,
  dueAt: Date,
): OutgoingMail<"due_soon"> {
  return {
    type: "due_soon",
    to: reader.email,
    data: {
      name: reader.name,
      book: { title: book.title, author: book.author, dueDate: dueAt },
      myBooksUrl: myBooksUrl(ctx),
    },
  };
}

export function overdueMail(
  ctx: AppContext,
  reader: Reader,
  book: Book,
  dueAt: Date,
): OutgoingMail<"expired"> {
  return {
    type: "expired",
    to: reader.email,
    data: {
      name: reader.name,
      book: { title: book.title, author: book.author, dueDate: dueAt },
      autoReturnDate: new Date(dueAt.getTime() + AUTO_RETURN_DAYS * DAY),
      myBooksUrl: myBooksUrl(ctx),
    },
  };
}

export function returnMail(
  ctx: AppContext,
  reader: Reader,
  book: Book & { id: number },
  returnedAt: Date,
  endedByLibrary: boolean,
): OutgoingMail<"return"> {
  return {
    type: "return",
    to: reader.email,
    data: {
      name: reader.name,
      book: { title: book.title, author: book.author },
      returnDate: returnedAt,
      bookUrl: `${ctx.config.publicUrl}/book/${book.id}`,
      shopUrl: ctx.config.publicUrl,
      endedByLibrary,
    },
  };
}

export function renewalMail(
  ctx: AppContext,
  reader: Reader,
  book: Book,
  dueAt: Date,
  feePence: number,
  balancePence: number,
): OutgoingMail<"renewal_receipt"> {
  return {
    type: "renewal_receipt",
    to: reader.email,
    data: {
      name: reader.name,
      book: { title: book.title, author: book.author, dueDate: dueAt },
      feePence,
      balancePence,
      myBooksUrl: myBooksUrl(ctx),
    },
  };
}

/**
 * Writes one of the loan mails about the caller's own latest loan of a book, from the records
 * (POST /api/notifications/email). A mail that does not fit the loan's state is refused.
 */
export async function mailAboutLoan(
  ctx: AppContext,
  userId: string,
  type: LoanMailType,
  bookId: number | undefined,
) {
  if (!bookId) throw errors.mailTypeNeedsBook(type);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      dueAt: loans.dueAt,
      returnedAt: loans.returnedAt,
      pricePence: loans.pricePence,
      title: books.title,
      author: books.author,
      email: users.email,
      name: mailNameOf,
      balancePence: users.balancePence,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(users, eq(users.id, loans.userId))
    .where(and(eq(loans.userId, userId), eq(loans.bookId, bookId)))
    .orderBy(desc(loans.borrowedAt))
    .limit(1);
  if (!row) throw errors.mailTypeNeedsBook(type);
  const status = statusOf(row, now);
  const fits = {
    borrow: true,
    due_soon: status === "borrowed",
    expired: status === "overdue",
    return: status === "returned",
  }[type];
  if (!fits) throw errors.mailDoesNotFitLoan(type, status);
  const book = { id: bookId, title: row.title, author: row.author };
  const mail =
    type === "borrow"
      ? borrowMail(
          ctx,
          row,
          [{ ...book, pricePence: row.pricePence }],
          row.dueAt,
          row.pricePence,
          row.balancePence,
        )
      : type === "due_soon"
        ? dueSoonMail(ctx, row, book, row.dueAt)
        : type === "expired"
          ? overdueMail(ctx, row, book, row.dueAt)
          : returnMail(ctx, row, book, row.returnedAt!, false);
  await enqueueMail(ctx.db, mail as OutgoingMail<LoanMailType>, ctx.mail.format, now);
}
