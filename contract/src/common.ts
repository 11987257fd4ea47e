import { z } from "zod";
import { MAX_INT32, MAX_PAGE_SIZE } from "./constants";

/** A database id as it arrives in a path, a query string or a JSON body. */
/**
 * A whole number as it arrives in a path or query string (text) or a JSON body (a number).
 * Blank text counts as missing. Range checks come before the integer check so a huge value is
 * reported as out of range rather than as "not whole".
 */
function wholeNumber(range: { min: number; max: number; minMessage: string; maxMessage: string }) {
  return z.preprocess(
    (input) =>
      typeof input === "string" ? (input.trim() === "" ? undefined : Number(input)) : input,
    z
      .number({
        error: (issue) => (issue.input === undefined ? "is required" : "must be a number"),
      })
      .min(range.min, { error: range.minMessage })
      .max(range.max, { error: range.maxMessage })
      .int({ error: "must be a whole number" }),
  );
}

/** A database id as it arrives in a path, a query string or a JSON body. */
export const idSchema = wholeNumber({
  min: 1,
  max: MAX_INT32,
  minMessage: "must be a positive whole number",
  maxMessage: "is not a known id",
});

export const pageSchema = wholeNumber({
  min: 1,
  max: 100_000,
  minMessage: "must be 1 or more",
  maxMessage: "must be at most 100000",
});

export const pageSizeSchema = wholeNumber({
  min: 1,
  max: MAX_PAGE_SIZE,
  minMessage: "must be 1 or more",
  maxMessage: `must be at most ${MAX_PAGE_SIZE}`,
});

/** Money on the wire: pounds with at most 2 decimals (4.99). Inside the server it is pence. */
export const poundsSchema = z.number();

/** The body of every failed call that is not a business outcome (design.md §3). */
export const errorBodySchema = z.object({
  state: z.literal("error"),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Liveness, and nothing a stranger could use: no process id, no database kind. */
export const healthSchema = z.object({
  state: z.literal("success"),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
