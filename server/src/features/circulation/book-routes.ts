import {
  getBookQuerySchema,
  relatedQuerySchema,
  relatedResultSchema,
} from "@folio/contract/catalogue";
import { errorBodySchema } from "@folio/contract/common";
import { RELATED_MAX } from "@folio/contract/constants";
import { bookDetailWithHoldsSchema } from "@folio/contract/holds";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachedJson, ResponseCache } from "../../http/response-cache";
import { authenticate, bearerToken } from "../accounts";
import { dropWithCatalogue, getBook, relatedBooks } from "../catalogue";
import { alsoBorrowed } from "./also-borrowed";
import { bookQueue } from "./holds";
import { presentBookQueue } from "./wire";

// The two catalogue reads that circulation completes: a book with its queue, and where a book
// leads next with what its readers also borrowed. Their paths are the catalogue's (spec.md).

/** How long each process answers related books from memory (docs/performance.md). */
export const RELATED_CACHE_MS = 30_000;

const tags = ["catalogue"];
const failures = { 400: errorBodySchema, 404: errorBodySchema };

export const bookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const related = new ResponseCache<string>(RELATED_CACHE_MS, 5000);
  const stopDropping = dropWithCatalogue(ctx.db, related);
  app.addHook("onClose", async () => stopDropping());

  api.get(
    "/api/books/get",
    {
      schema: {
        tags,
        summary: "One book",
        querystring: getBookQuerySchema,
        response: { 200: bookDetailWithHoldsSchema, ...failures },
      },
    },
    async (request) => {
      const { bookId } = request.query;
      const book = await getBook(ctx.db, bookId);
      // The caller's own hold when the request carries a live session.
      const user = bearerToken(request) ? await authenticate(ctx, request).catch(() => null) : null;
      const queue = await bookQueue(
        ctx,
        { bookId, availableCopies: book.availableCopies, lendsLeft: book.lendsLeft },
        user,
      );
      return { ...book, ...presentBookQueue(book, queue) };
    },
  );

  api.get(
    "/api/books/related",
    {
      schema: {
        tags,
        summary: "Where a book leads next",
        description:
          "Books most borrowed by readers who borrowed this one, more by its author, more in its category.",
        querystring: relatedQuerySchema,
        response: { 200: relatedResultSchema, ...failures },
      },
    },
    (request, reply) => {
      const { bookId } = request.query;
      return cachedJson(related, request, reply, String(bookId), async () =>
        // Asked for twice the room: some of them may be retired since.
        relatedBooks(ctx.db, bookId, await alsoBorrowed(ctx.db, bookId, RELATED_MAX * 2)),
      );
    },
  );
};
