import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  /** lower-case, accent-free name for search (see search-text.ts) */
  searchName: text("search_name").notNull(),
});

export const books = pgTable(
  "books",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    year: integer("year"),
    language: text("language").notNull().default("en"),
    description: text("description").notNull(),
    pricePence: integer("price_pence").notNull(),
    totalCopies: integer("total_copies").notNull(),
    /** copies minus open loans; kept in the row so a borrow can take a copy with one guarded update */
    availableCopies: integer("available_copies").notNull(),
    /** how many times the book may be lent in all (its lending licence) */
    loanCap: integer("loan_cap").notNull().default(10),
    borrowTimes: integer("borrow_times").notNull().default(0),
    /** loans in the last 30 days, refreshed by the loans feature; orders Popular */
    recentLoans: integer("recent_loans").notNull().default(0),
    /** mean review rating to one decimal; null while the book has no review */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    searchTitle: text("search_title").notNull(),
    searchAuthor: text("search_author").notNull(),
    /** key of a stored cover image; null means the cover is drawn from title and author */
    coverKey: text("cover_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("books_title_author_key").on(t.title, t.author),
    index("books_category_idx").on(t.categoryId, t.title, t.id),
    index("books_popular_idx").on(
      t.recentLoans.desc(),
      sql`${t.rating} desc nulls last`,
      t.title,
      t.id,
    ),
    index("books_search_title_trgm").using("gin", t.searchTitle.op("gin_trgm_ops")),
    index("books_search_author_trgm").using("gin", t.searchAuthor.op("gin_trgm_ops")),
    check("books_price_positive", sql`${t.pricePence} > 0`),
    check("books_copies_nonnegative", sql`${t.totalCopies} >= 0`),
    check(
      "books_available_in_range",
      sql`${t.availableCopies} >= 0 and ${t.availableCopies} <= ${t.totalCopies}`,
    ),
    check(
      "books_rating_range",
      sql`${t.rating} is null or (${t.rating} >= 1 and ${t.rating} <= 5)`,
    ),
  ],
);

export type BookRow = typeof books.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
