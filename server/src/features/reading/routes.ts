import { errorBodySchema } from "@folio/contract/common";
import {
  contentFileParamsSchema,
  contentFileQuerySchema,
  contentRequestSchema,
  contentResponseSchema,
  progressQuerySchema,
  progressRequestSchema,
  progressListSchema,
  progressSchema,
} from "@folio/contract/reading";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { errors } from "../../errors";
import { authenticate } from "../accounts";
import { contentUrlFor, listProgress, loadProgress, openContent, saveProgress } from "./service";

const tags = ["reading"];
const security = [{ bearer: [] }];

/** One byte range of a file of `size` bytes, or "unsatisfiable"; null when there is none. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: serve the whole file, as RFC 9110 allows.
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return "unsatisfiable";
  let start: number;
  let end: number;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

export const readingRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/books/content",
    {
      schema: {
        tags,
        security,
        summary: "A signed link to read a borrowed book, valid 10 minutes",
        body: contentRequestSchema,
        response: { 200: contentResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => contentUrlFor(ctx, await authenticate(ctx, request), request.body.bookId),
  );

  api.get(
    "/api/content/:file",
    {
      schema: {
        tags,
        summary: "The EPUB file behind a signed content link (supports Range requests)",
        params: contentFileParamsSchema,
        querystring: contentFileQuerySchema,
      },
    },
    async (request, reply) => {
      const bookId = Number(request.params.file.replace(/\.epub$/, ""));
      const { key, info } = await openContent(ctx, bookId, request.query);

      const etag = `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`;
      void reply
        .header("content-type", "application/epub+zip")
        .header("accept-ranges", "bytes")
        .header("etag", etag)
        .header("last-modified", info.modified.toUTCString())
        // Kept nowhere: the link ends with its session, and so must what it fetched.
        .header("cache-control", "no-store")
        .header("content-disposition", `inline; filename="book-${bookId}.epub"`);
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();

      const range = parseRange(request.headers.range, info.size);
      if (range === "unsatisfiable") {
        return reply.status(416).header("content-range", `bytes */${info.size}`).send();
      }
      // Awaited before any byte is sent: a store that is down still gets a clean 503 answer.
      const body = await ctx.content.stream(key, range ?? undefined);
      if (!body) throw errors.contentMissing();
      if (range) {
        return reply
          .status(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${info.size}`)
          .header("content-length", range.end - range.start + 1)
          .send(body);
      }
      return reply.header("content-length", info.size).send(body);
    },
  );

  api.post(
    "/api/reading/progress",
    {
      schema: {
        tags,
        security,
        summary: "Save where the caller is in a borrowed book",
        body: progressRequestSchema,
        response: { 200: progressSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => saveProgress(ctx, await authenticate(ctx, request), request.body),
  );

  api.get(
    "/api/reading/progress",
    {
      schema: {
        tags,
        security,
        summary: "Where the caller last was in a book (null fields when never opened)",
        querystring: progressQuerySchema,
        response: { 200: progressSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => loadProgress(ctx, await authenticate(ctx, request), request.query.bookId),
  );

  api.get(
    "/api/reading/progress/list",
    {
      schema: {
        tags,
        security,
        summary: "How far the caller has read in every book they opened, latest first",
        response: { 200: progressListSchema, 401: errorBodySchema },
      },
    },
    async (request) => listProgress(ctx, await authenticate(ctx, request)),
  );
};
