import { z } from "zod";
import { MAX_INT32, MAX_PAGE_SIZE } from "./constants";

/**
 * A whole number as it arrives in a path or query string (text) or a JSON body (a number).
 * Blank text counts as missing. Range checks come before the integer check so a huge value is
 * reported as out of range rather than as "not whole".
 */
function wholeNumber(range: {
  min: number;
  max: number;
  minMessage: string;
  maxMessage: string;
  /** a whole number in text must be written in digits alone ("31", not "3.1e1" or " 31") */
  digitsOnly?: boolean;
}) {
  return z.preprocess(
    (input, ctx) => {
      if (typeof input !== "string") return input;
      if (input.trim() === "") return undefined;
      const value = Number(input);
      // Only text that would otherwise pass is refused here, so "-3" and "1.5" keep the
      // messages that say what is wrong with them.
      const passes = Number.isInteger(value) && value >= range.min && value <= range.max;
      if (range.digitsOnly && passes && !/^[0-9]+$/.test(input)) {
        ctx.addIssue({ code: "custom", message: "must be written in digits", input });
        return z.NEVER;
      }
      return value;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? "is required" : "must be a number"),
      })
      .min(range.min, { error: range.minMessage })
      .max(range.max, { error: range.maxMessage })
      .int({ error: "must be a whole number" }),
  );
}

/**
 * A database id as it arrives in a path, a query string or a JSON body: a number, or a string
 * of digits ("31", as ids go out). Other text that reads as a number ("1e3", "0x1f", " 31") is
 * refused rather than guessed at.
 */
export const idSchema = wholeNumber({
  min: 1,
  max: MAX_INT32,
  minMessage: "must be a positive whole number",
  maxMessage: "is not a known id",
  digitsOnly: true,
}).meta({
  // What the OpenAPI document shows: both forms, in place of the number the pipe would show.
  description: 'an id: a whole number, or a string of its digits ("31")',
  type: undefined,
  minimum: undefined,
  maximum: undefined,
  anyOf: [
    { type: "integer", minimum: 1, maximum: MAX_INT32 },
    { type: "string", pattern: "^[0-9]+$" },
  ],
});

/**
 * An id as it goes out: a JSON string of digits ("31"), as the API we replace sent them; its
 * client compares ids with `===` against strings (design.md §3). Compare ids as strings.
 */
export const wireIdSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .meta({ description: "an id: a string of digits", example: "31" });
export type WireId = z.infer<typeof wireIdSchema>;

/** A database id as it goes on the wire. */
export function wireId(id: number): WireId {
  return String(id);
}

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

/** Readiness: each thing a node needs before it should take requests. */
export const readinessChecksSchema = z.object({
  database: z.enum(["ok", "failed"]),
  migrations: z.enum(["ok", "failed"]),
  contentStore: z.enum(["ok", "failed"]),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const readySchema = z.object({
  state: z.literal("success"),
  checks: readinessChecksSchema,
});

/** A node that should not take requests yet (503): the message names what failed. */
export const notReadySchema = z.object({
  state: z.literal("error"),
  code: z.literal("NOT_READY"),
  message: z.string(),
  checks: readinessChecksSchema,
});
