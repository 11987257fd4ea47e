import { AUTO_RETURN_DAYS } from "@folio/contract/constants";
import { and, desc, eq } from "drizzle-orm";
import { DAY } from "../../clock";
import type { AppContext } from "../../context";
import { books, loans, users } from "../../db/schema";
import { mailNameOf } from "../accounts";
import { errors } from "../../errors";
import { enqueueMail, type LoanMailType } from "../notifications";
import { statusOf } from "./service";

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
  const book = { title: row.title, author: row.author, dueDate: row.dueAt };
  const myBooksUrl = `${ctx.config.publicUrl}/mybooks`;
  const fits = {
    borrow: true,
    due_soon: status === "borrowed",
    expired: status === "overdue",
    return: status === "returned",
  }[type];
  if (!fits) throw errors.mailDoesNotFitLoan(type, status);
  const mail =
    type === "borrow"
      ? {
          type,
          to: row.email,
          data: {
            name: row.name,
            books: [{ ...book, pricePence: row.pricePence }],
            chargePence: row.pricePence,
            balancePence: row.balancePence,
            myBooksUrl,
          },
        }
      : type === "due_soon"
        ? { type, to: row.email, data: { name: row.name, book, myBooksUrl } }
        : type === "expired"
          ? {
              type,
              to: row.email,
              data: {
                name: row.name,
                book,
                autoReturnDate: new Date(row.dueAt.getTime() + AUTO_RETURN_DAYS * DAY),
                myBooksUrl,
              },
            }
          : {
              type,
              to: row.email,
              data: {
                name: row.name,
                book,
                returnDate: row.returnedAt!,
                bookUrl: `${ctx.config.publicUrl}/book/${bookId}`,
                shopUrl: ctx.config.publicUrl,
              },
            };
  await enqueueMail(ctx.db, mail as Parameters<typeof enqueueMail>[1], ctx.mail.format, now);
}
