import {
  bookDetailSchema,
  bookListSchema,
  booksByCategoryQuerySchema,
  booksByCategorySchema,
  categoriesListSchema,
  categoryDetailSchema,
  categoryParamsSchema,
  getBookQuerySchema,
  popularQuerySchema,
  searchQuerySchema,
  searchResultSchema,
} from "@folio/contract/catalogue";
import { errorBodySchema, idSchema } from "@folio/contract/common";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { errors } from "../../errors";
import type { ContentStore } from "../reading/content-store";
import { drawCover } from "./cover";
import {
  findCoverSource,
  getBook,
  getCategory,
  listBooksByCategory,
  listCategories,
  listPopularBooks,
  searchBooks,
} from "./service";

export interface CatalogueDeps {
  db: Database;
  content: ContentStore;
}

const tags = ["catalogue"];
const failures = { 400: errorBodySchema, 404: errorBodySchema };

const imageTypes: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export const catalogueRoutes: FastifyPluginAsync<CatalogueDeps> = async (app, { db, content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/books/popular",
    {
      schema: {
        tags,
        summary: "Books in order of popularity",
        description:
          "Ordered by loans in the last 30 days, then rating, then title. With page/pageSize it pages; without them it answers the first 1000.",
        querystring: popularQuerySchema,
        response: { 200: bookListSchema, 400: errorBodySchema },
      },
    },
    (request) => listPopularBooks(db, request.query),
  );

  api.get(
    "/api/books/get",
    {
      schema: {
        tags,
        summary: "One book",
        querystring: getBookQuerySchema,
        response: { 200: bookDetailSchema, ...failures },
      },
    },
    (request) => getBook(db, request.query.bookId),
  );

  api.get(
    "/api/books/search",
    {
      schema: {
        tags,
        summary: "Search by title, author and category",
        description:
          "Case- and accent-insensitive substring match; exact matches first, then prefixes, then the rest.",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorBodySchema },
      },
    },
    (request) => searchBooks(db, request.query),
  );

  api.get(
    "/api/books",
    {
      schema: {
        tags,
        summary: "Books of one category",
        querystring: booksByCategoryQuerySchema,
        response: { 200: booksByCategorySchema, ...failures },
      },
    },
    (request) => listBooksByCategory(db, request.query.categoryId, request.query),
  );

  api.get(
    "/api/categories/getAll",
    {
      schema: { tags, summary: "Every category", response: { 200: categoriesListSchema } },
    },
    () => listCategories(db),
  );

  api.get(
    "/api/categories/:id",
    {
      schema: {
        tags,
        summary: "One category",
        params: categoryParamsSchema,
        response: { 200: categoryDetailSchema, ...failures },
      },
    },
    (request) => getCategory(db, request.params.id),
  );

  api.get(
    "/api/books/:id/cover",
    {
      schema: {
        tags,
        summary: "A book's cover image",
        description:
          "The stored cover when the book has one, else a cover drawn from its title and author (SVG).",
        params: z.object({ id: idSchema }),
      },
    },
    async (request, reply) => {
      const book = await findCoverSource(db, request.params.id);
      if (!book) throw errors.bookNotFound();
      void reply.header("cache-control", "public, max-age=86400");
      if (book.coverKey) {
        const image = await content.get(book.coverKey);
        const type = imageTypes[book.coverKey.split(".").pop() ?? ""];
        if (image && type) return reply.type(type).send(image);
      }
      return reply
        .type("image/svg+xml")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(drawCover(book.title, book.author));
    },
  );
};
