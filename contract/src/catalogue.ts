import { z } from "zod";
import { idSchema, pageSchema, pageSizeSchema, poundsSchema, wireIdSchema } from "./common";

export const bookSchema = z.object({
  bookId: wireIdSchema,
  id: wireIdSchema,
  title: z.string(),
  author: z.string(),
  category: z.string(),
  categoryId: wireIdSchema,
  price: poundsSchema,
  /** Mean of the reviews to one decimal; null while a book has none. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  description: z.string(),
  coverUrl: z.string(),
  availableCopies: z.number().int(),
  totalCopies: z.number().int(),
  year: z.number().int().nullable(),
  language: z.string(),
  /**
   * Loans the book's lending licence still allows (its loan cap less the loans made). At 0 the
   * book cannot be lent any more, whatever its free copies.
   */
  lendsLeft: z.number().int(),
  /**
   * A sample edition: the book's first pages, not the work's full text (the seed makes these
   * until a library imports the real EPUB).
   */
  sample: z.boolean(),
});
export type Book = z.infer<typeof bookSchema>;

export const bookDetailSchema = bookSchema.extend({
  state: z.literal("success"),
  borrowTimes: z.number().int(),
});
export type BookDetail = z.infer<typeof bookDetailSchema>;

const pagingQuery = {
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
};

/** A list of books: ids in order, and the same books in full so a screen needs one request. */
export const bookListSchema = z.object({
  state: z.literal("success"),
  bookId: z.array(wireIdSchema),
  books: z.array(bookSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** True when a next page may exist (a full page was returned). */
  hasMore: z.boolean(),
});
export type BookList = z.infer<typeof bookListSchema>;

/** How a list of books may be ordered (design.md §7.5). */
export const BOOK_SORTS = ["relevance", "popular", "rating", "newest", "title"] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

const sortSchema = z.enum(BOOK_SORTS, {
  error: `must be one of ${BOOK_SORTS.join(", ")}`,
});

/** A yes/no in a query string: "true" or "false" (a JSON boolean passes too). */
const flagSchema = z.preprocess(
  (input) => (input === "true" ? true : input === "false" ? false : input),
  z.boolean({ error: "must be true or false" }),
);

/** A least rating in a query string: a number from 1 to 5 (halves allowed: 3.5). */
const minRatingSchema = z.preprocess(
  (input) => (typeof input === "string" && input.trim() !== "" ? Number(input) : input),
  z
    .number({ error: "must be a number from 1 to 5" })
    .min(1, { error: "must be at least 1" })
    .max(5, { error: "must be at most 5" }),
);

/**
 * The narrowing every list of books may take beside the spec's parameters: only books that can
 * be borrowed now, and only books rated at least so high.
 */
const filterQuery = {
  available: flagSchema.optional(),
  minRating: minRatingSchema.optional(),
};

export interface BookFilters {
  available?: boolean | undefined;
  minRating?: number | undefined;
}

/**
 * Popular as the spec has it (page/pageSize), and as the library grid asks it: ordered by `sort`
 * (default `popular`), narrowed to one category and by the filters.
 */
export const popularQuerySchema = z.object({
  ...pagingQuery,
  sort: sortSchema.optional(),
  categoryId: idSchema.optional(),
  ...filterQuery,
});
export type PopularQuery = z.infer<typeof popularQuerySchema>;

export const getBookQuerySchema = z.object({ bookId: idSchema });

export const searchText = z
  .string({ error: "must be text" })
  .max(200, { error: "must be at most 200 characters" })
  .optional();

export const searchQuerySchema = z.object({
  title: searchText,
  author: searchText,
  category: searchText,
  ...pagingQuery,
  /** Default `relevance`: exact, then prefix, then word, then similar (typos forgiven). */
  sort: sortSchema.optional(),
  ...filterQuery,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * What a title search that finds no title shows instead, when its words name authors or
 * categories: their books, paged with the search (its page and pageSize).
 */
export const searchFallbackSchema = bookListSchema
  .pick({ bookId: true, books: true, hasMore: true })
  .extend({
    /** What the title's words were found in. */
    field: z.enum(["author", "category"]),
    /** The authors (those with the most books first) or categories (by name), as catalogued. */
    names: z.array(z.string()),
    /** More authors or categories than `names` hold the words. */
    moreNames: z.boolean(),
  });
export type SearchFallback = z.infer<typeof searchFallbackSchema>;

export const searchResultSchema = bookListSchema.extend({
  message: z.string(),
  /**
   * The search as the reader likely meant it when a word of theirs is in no title or author
   * and a close one is ("pride and prejudise" → "Pride and Prejudice"); else null.
   */
  didYouMean: z.string().nullable(),
  /** Which field didYouMean is for: the one searched that held the unknown word. */
  didYouMeanField: z.enum(["title", "author"]).nullable(),
  /**
   * A search by title alone that found no title: the books of the authors (else categories)
   * its words name, and which; else null. `message` and `books` still say what the title found.
   */
  fallback: searchFallbackSchema.nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const booksByCategoryQuerySchema = z.object({
  categoryId: idSchema,
  ...pagingQuery,
  /** Default `title`, as the spec lists a category. */
  sort: sortSchema.optional(),
  ...filterQuery,
});

export const booksByCategorySchema = bookListSchema.extend({
  categoryId: wireIdSchema,
  /** Every book in the category, for 'Currently N books in total.'. */
  total: z.number().int(),
});
export type BooksByCategory = z.infer<typeof booksByCategorySchema>;

export const categorySchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  description: z.string(),
  bookCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesListSchema = z.object({
  state: z.literal("Success"),
  categoriesList: z.array(categorySchema),
});
export type CategoriesList = z.infer<typeof categoriesListSchema>;

export const categoryParamsSchema = z.object({ id: idSchema });

export const categoryDetailSchema = categorySchema.extend({ state: z.literal("success") });
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

export const suggestQuerySchema = z.object({
  q: z.string({ error: "must be text" }).max(200, { error: "must be at most 200 characters" }),
});

export const suggestionSchema = z.object({
  kind: z.enum(["title", "author", "category"]),
  text: z.string(),
  /** The book a title suggestion opens; null for an author or a category. */
  bookId: wireIdSchema.nullable(),
  /** The category a category suggestion opens; null otherwise. */
  categoryId: wireIdSchema.nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** At most SUGGEST_MAX; none for fewer than SUGGEST_MIN_CHARACTERS characters. */
export const suggestResultSchema = z.object({
  state: z.literal("success"),
  suggestions: z.array(suggestionSchema),
});
export type SuggestResult = z.infer<typeof suggestResultSchema>;

export const relatedQuerySchema = z.object({ bookId: idSchema });

/** Where a book's page leads next; each list has at most RELATED_MAX books, none retired. */
export const relatedResultSchema = z.object({
  state: z.literal("success"),
  /** Books most often borrowed by readers who borrowed this one. */
  alsoBorrowed: z.array(bookSchema),
  sameAuthor: z.array(bookSchema),
  sameCategory: z.array(bookSchema),
});
export type RelatedResult = z.infer<typeof relatedResultSchema>;
