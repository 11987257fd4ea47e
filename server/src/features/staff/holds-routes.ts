import {
  adminBookHoldsQuerySchema,
  adminBookHoldsSchema,
  adminHoldQueuesQuerySchema,
  adminHoldQueuesSchema,
} from "@folio/contract/holds";
import { STAFF_PAGE_SIZE } from "@folio/contract/staff";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { holdQueues, holdsOfBook } from "../circulation";
import { staffDoc, staffFailures } from "./http";

export const holdStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/holds",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Books with open holds, the longest queue against its copies first",
        description:
          "Each book with a waiting or ready hold: its copies, free copies, waiting and ready holds, and waiting holds per copy (a book with no copies counts as one). Ordered by waiting per copy, then waiting, then title.",
        querystring: adminHoldQueuesQuerySchema,
        response: { 200: adminHoldQueuesSchema, ...staffFailures },
      },
    },
    async (request) => {
      return holdQueues(ctx.db, {
        page: request.query.page ?? 1,
        pageSize: request.query.pageSize ?? STAFF_PAGE_SIZE,
      });
    },
  );

  api.get(
    "/api/admin/holds/book",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "One book's holds: open ones in queue order, then the last 50 closed",
        description:
          "Ready holds first, then waiting ones with their 1-based place in the queue, then the last 50 borrowed, cancelled or expired ones, newest first; each with its reader's name and email.",
        querystring: adminBookHoldsQuerySchema,
        response: { 200: adminBookHoldsSchema, ...staffFailures },
      },
    },
    async (request) => {
      return holdsOfBook(ctx.db, request.query.bookId);
    },
  );
};
