import {
  bookListSchema,
  booksByCategoryQuerySchema,
  booksByCategorySchema,
  categoriesListSchema,
  categoryDetailSchema,
  categoryParamsSchema,
  popularQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from "@folio/contract/catalogue";
import { SEARCH_CORRECTED_WORDS, SEARCH_MAX_WORDS } from "@folio/contract/constants";
import { errorBodySchema, idSchema } from "@folio/contract/common";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { ContentStore } from "../../storage/content-store";
import { cachedJson, ResponseCache } from "../../http/response-cache";
import { COVER_POLICY } from "./cover";
import { CatalogueWatch, keptCataloguesOf } from "./freshness";
import { suggestBooks } from "./suggest";
import {
  coverOf,
  dropKeptCatalogue,
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

/**
 * How long each process may answer a catalogue read from memory (see response-cache.ts).
 * Category counts change only when books are added (seed, import). Popular moves with loans and
 * ratings, and a search's results with new books: a few seconds late is invisible to a reader.
 * Book detail is never cached, since a reader who borrows sees its copies go down at once.
 * A staff change to the catalogue drops them all, in every process, within a second (decision
 * 020): each process watches the catalogue's version.
 */
export const CACHE_MS = {
  categories: 30_000,
  popular: 5_000,
  search: 10_000,
  suggest: 30_000,
};

const tags = ["catalogue"];
const failures = { 400: errorBodySchema, 404: errorBodySchema };

export const catalogueRoutes: FastifyPluginAsync<CatalogueDeps> = async (app, { db, content }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const caches = {
    categories: new ResponseCache<string>(CACHE_MS.categories, 1),
    popular: new ResponseCache<string>(CACHE_MS.popular, 100),
    search: new ResponseCache<string>(CACHE_MS.search, 5000),
    suggest: new ResponseCache<string>(CACHE_MS.suggest, 5000),
  };
  const watch = new CatalogueWatch(db, (error) =>
    app.log.warn({ err: error }, "could not read the catalogue's version"),
  );
  watch.onChange(() => {
    for (const cache of [...Object.values(caches), ...keptCataloguesOf(db)]) cache.clear();
    dropKeptCatalogue(db);
  });
  // From when the app is ready: the database is migrated by then (serve.ts prepares it after
  // building the app).
  app.addHook("onReady", () => watch.start());
  app.addHook("onClose", () => watch.stop());

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
    (request, reply) =>
      cachedJson(caches.popular, request, reply, JSON.stringify(request.query), () =>
        listPopularBooks(db, request.query),
      ),
  );

  api.get(
    "/api/books/search",
    {
      schema: {
        tags,
        summary: "Search by title, author and category",
        description: `Case- and accent-insensitive; a word in no title or author is taken as its closest word (typos forgiven) and didYouMean says so. By relevance: exact matches first, then prefixes, then at a word's start, then the rest. Optional sort, available and minRating narrow and order it. Title and author are each read up to their first ${SEARCH_MAX_WORDS} words (the rest are ignored), and at most ${SEARCH_CORRECTED_WORDS} words of a search are corrected.`,
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorBodySchema },
      },
    },
    (request, reply) =>
      cachedJson(caches.search, request, reply, JSON.stringify(request.query), (fresh) =>
        searchBooks(db, request.query, { fresh }),
      ),
  );

  api.get(
    "/api/books/suggest",
    {
      schema: {
        tags,
        summary: "Suggestions as a reader types",
        description:
          "Titles, authors and categories for what has been typed so far, at most 8; none for fewer than 2 characters. A last word that begins no word of the catalogue is taken as its closest word.",
        querystring: suggestQuerySchema,
        response: { 200: suggestResultSchema, 400: errorBodySchema },
      },
    },
    (request, reply) =>
      cachedJson(caches.suggest, request, reply, request.query.q, () =>
        suggestBooks(db, request.query.q),
      ),
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
    (request, reply) =>
      cachedJson(caches.categories, request, reply, "all", () => listCategories(db)),
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
      const cover = await coverOf(db, content, request.params.id);
      return reply
        .header("cache-control", "public, max-age=86400")
        .header("content-security-policy", COVER_POLICY)
        .header("x-content-type-options", "nosniff")
        .type(cover.type)
        .send(cover.body);
    },
  );
};
