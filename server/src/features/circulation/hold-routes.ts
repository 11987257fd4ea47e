import { errorBodySchema } from "@folio/contract/common";
import {
  cancelHoldAnswerSchema,
  holdActionRequestSchema,
  holdAnswerSchema,
  holdListSchema,
  placeHoldRequestSchema,
  updateHoldRequestSchema,
} from "@folio/contract/holds";
import { borrowResultSchema } from "@folio/contract/loans";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../idempotency";
import { authenticate } from "../accounts";
import { borrowBooks } from "./borrow";
import { bookOfHold, cancelHold, holdsOf, placeHold, updateHold } from "./holds";
import { presentBorrow, presentHolds } from "./wire";

const tags = ["holds"];
const security = [{ bearer: [] }];

export const holdRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/holds/place",
    {
      schema: {
        tags,
        security,
        summary: "Join the queue for a book with no copy free",
        description:
          "Refusals: 404 BOOK_NOT_FOUND; 409 COPY_AVAILABLE (a copy is free: borrow it), ALREADY_BORROWED, HOLD_EXISTS, HOLD_LIMIT (5 open holds), EXCEED_LIMIT (the book's licence is spent).",
        body: placeHoldRequestSchema,
        response: {
          200: holdAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const view = await placeHold(
        ctx,
        await authenticate(ctx, request),
        request.body.bookId,
        request.body.autoBorrow ?? false,
      );
      const [hold] = await presentHolds(ctx.db, [view]);
      return { state: "success" as const, hold: hold! };
    },
  );

  api.get(
    "/api/holds/list",
    {
      schema: {
        tags,
        security,
        summary: "The caller's open holds, then the last 20 closed ones",
        response: { 200: holdListSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = await authenticate(ctx, request);
      return {
        state: "success" as const,
        holds: await presentHolds(ctx.db, await holdsOf(ctx, user.id)),
      };
    },
  );

  api.post(
    "/api/holds/cancel",
    {
      schema: {
        tags,
        security,
        summary: "Cancel the caller's hold; a ready hold's copy passes to the next reader",
        body: holdActionRequestSchema,
        response: {
          200: cancelHoldAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await cancelHold(ctx, await authenticate(ctx, request), request.body.holdId);
      return { state: "success" as const };
    },
  );

  api.post(
    "/api/holds/update",
    {
      schema: {
        tags,
        security,
        summary: "Change whether a waiting hold is borrowed for the caller when their turn comes",
        description:
          "Refusals: 404 HOLD_NOT_FOUND (no such hold of the caller's); 409 HOLD_NOT_WAITING (the hold is ready, borrowed, cancelled or expired).",
        body: updateHoldRequestSchema,
        response: {
          200: holdAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const view = await updateHold(
        ctx,
        await authenticate(ctx, request),
        request.body.holdId,
        request.body.autoBorrow,
      );
      const [hold] = await presentHolds(ctx.db, [view]);
      return { state: "success" as const, hold: hold! };
    },
  );

  api.post(
    "/api/holds/borrow",
    {
      schema: {
        tags,
        security,
        summary: "Borrow the book of the caller's hold: the answer of /api/borrow/borrow",
        description:
          "A ready hold's kept copy is lent; otherwise the book is borrowed as /api/borrow/borrow would. Send an Idempotency-Key header to retry safely.",
        body: holdActionRequestSchema,
        response: {
          200: borrowResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await authenticate(ctx, request);
      const bookId = await bookOfHold(ctx, user, request.body.holdId);
      return borrowBooks(ctx, user, [bookId], idempotencyKeyOf(request), (tx, outcome) =>
        presentBorrow(tx, [bookId], outcome),
      );
    },
  );
};
