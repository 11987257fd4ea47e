import { errorBodySchema } from "@folio/contract/common";
import {
  borrowRequestSchema,
  borrowResultSchema,
  loanActionRequestSchema,
  loanListSchema,
  renewResultSchema,
  returnResultSchema,
} from "@folio/contract/loans";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../idempotency";
import { authenticate } from "../accounts";
import { borrowBooks } from "./borrow";
import { loanHistoryOf, openLoansOf, renewLoan, returnLoan } from "./loans";
import { presentBorrow, presentLoanList, presentRenew, presentReturn } from "./wire";

const tags = ["loans"];
const security = [{ bearer: [] }];

export const loanRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/borrow/borrow",
    {
      schema: {
        tags,
        security,
        summary: "Borrow one book or several for 30 days, paid from the balance",
        description:
          "Business outcomes answer 200 with state success, insufficient balance (with newPayment), Reach borrow limit, exceed_limit or Borrow failed. Send an Idempotency-Key header to retry safely.",
        body: borrowRequestSchema,
        response: {
          200: borrowResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { bookId: bookIds } = request.body;
      return borrowBooks(
        ctx,
        await authenticate(ctx, request),
        bookIds,
        idempotencyKeyOf(request),
        (tx, outcome) => presentBorrow(tx, bookIds, outcome),
      );
    },
  );

  api.post(
    "/api/borrow/borrowlist",
    {
      schema: {
        tags,
        security,
        summary: "The caller's open loans (borrowed or overdue), soonest due first",
        response: { 200: loanListSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await authenticate(ctx, request);
      return presentLoanList(ctx.db, await openLoansOf(ctx.db, user.id), ctx.clock.now());
    },
  );

  api.post(
    "/api/borrow/history",
    {
      schema: {
        tags,
        security,
        summary: "Every loan the caller made, newest first, with its status",
        response: { 200: loanListSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await authenticate(ctx, request);
      return presentLoanList(ctx.db, await loanHistoryOf(ctx.db, user.id), ctx.clock.now());
    },
  );

  api.post(
    "/api/borrow/renew",
    {
      schema: {
        tags,
        security,
        summary:
          "Renew the caller's open loan of a book for 30 more days; the fee is the book's price",
        body: loanActionRequestSchema,
        response: {
          200: renewResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      renewLoan(
        ctx,
        await authenticate(ctx, request),
        request.body.bookId,
        idempotencyKeyOf(request),
        presentRenew,
      ),
  );

  api.post(
    "/api/borrow/return",
    {
      schema: {
        tags,
        security,
        summary: "Return the caller's open loan of a book (no refund)",
        body: loanActionRequestSchema,
        response: {
          200: returnResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) =>
      presentReturn(await returnLoan(ctx, await authenticate(ctx, request), request.body.bookId)),
  );
};
