// The cart and the wishlist: lists of books a reader keeps.
import { z } from "zod";
import { bookSchema } from "./catalogue";
import { idSchema, wireIdSchema } from "./common";
import { MAX_CART_ITEMS } from "./constants";

/** One id or a list of ids, as spec.md's clients send them. */
export const bookIdsSchema = z
  .union(
    [
      idSchema,
      z.array(idSchema).min(1, { error: "must name at least one book" }).max(MAX_CART_ITEMS),
    ],
    {
      error: "must be a book id or a list of book ids",
    },
  )
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])]);

export const bookIdsRequestSchema = z.object({ bookId: bookIdsSchema });
export type BookIdsRequest = z.infer<typeof bookIdsRequestSchema>;

export const bookListStateSchema = z.object({
  /** "success", or " exist." when an added book was already in the list */
  state: z.string(),
  message: z.string().optional(),
  bookId: z.array(wireIdSchema),
  books: z.array(bookSchema),
});
export type BookListState = z.infer<typeof bookListStateSchema>;

export const cartSchema = bookListStateSchema.extend({
  /** sum of the prices, pounds */
  total: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartQuantityParamsSchema = z.object({ id: idSchema });
export const cartQuantityRequestSchema = z.object({
  quantity: z.preprocess(
    (input) => (typeof input === "string" && input.trim() !== "" ? Number(input) : input),
    z.number({ error: "quantity is required" }),
  ),
});
