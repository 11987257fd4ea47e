import { errorBodySchema } from "@folio/contract/common";
import {
  publicationLinkSchema,
  publicationParamsSchema,
  publicationRequestSchema,
} from "@folio/contract/reading";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { authenticate } from "../accounts";
import { OpenedBooks } from "./publication/opened-books";
import { publicationFile, publicationLinkFor } from "./publication-service";
import { parseRange } from "./routes";

const tags = ["reading"];

/**
 * Served with every file of a book: nothing in it may run, load from elsewhere, or act as a
 * page of the shop. Its markup is cleaned of scripts before this; the header is a second wall.
 */
const BOOK_FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self'; sandbox";

export const publicationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const books = new OpenedBooks(ctx.content);

  api.post(
    "/api/reading/publication",
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "A signed link to a borrowed book's Readium Web Publication manifest",
        body: publicationRequestSchema,
        response: { 200: publicationLinkSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      publicationLinkFor(ctx, await authenticate(ctx, request), request.body.bookId),
  );

  api.get(
    "/api/publications/:bookId/:grant/*",
    {
      schema: {
        tags,
        summary:
          "A file of a borrowed book's publication under its signed link: manifest.json, positions.json, or a resource of the book (supports Range requests)",
        params: publicationParamsSchema,
      },
    },
    async (request, reply) => {
      const { bookId, grant, "*": path } = request.params;
      const file = await publicationFile(ctx, books, bookId, grant, path);
      const size = file.data.length;
      void reply
        .header("content-type", file.type)
        .header("accept-ranges", "bytes")
        // Kept nowhere: the link ends with its session and its loan, and so must what it fetched.
        .header("cache-control", "no-store")
        .header("content-security-policy", BOOK_FILE_POLICY)
        .header("x-content-type-options", "nosniff");
      const range = parseRange(request.headers.range, size);
      if (range === "unsatisfiable")
        return reply.status(416).header("content-range", `bytes */${size}`).send();
      const body = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
      if (range)
        return reply
          .status(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
          .send(body.subarray(range.start, range.end + 1));
      return reply.send(body);
    },
  );
};
