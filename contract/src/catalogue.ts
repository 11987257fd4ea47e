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

export const popularQuerySchema = z.object(pagingQuery);
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
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = bookListSchema.extend({ message: z.string() });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const booksByCategoryQuerySchema = z.object({ categoryId: idSchema, ...pagingQuery });

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
