import type { FastifyInstance } from "fastify";
import { errors } from "../errors";

/** Deeper than any request of ours nests; past it nothing is looked at. */
const MAX_DEPTH = 32;

/**
 * The path of the first field whose text (or name) holds a NUL character; null when none.
 * Bytes (a Buffer body: an EPUB upload) are no text and never reach the database as text, so
 * they are not looked at: walked as an object, each byte was a field, and 50 MB held the event
 * loop for minutes.
 */
export function fieldWithNul(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return path;
    const found = fieldWithNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a query carrying one fails in the driver, a 500.
 * Refuse it up front, wherever it comes (path, query string, body), naming the field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const field =
      fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field === null) return;
    throw errors.validation(
      `${field || "The request"} must not contain NUL characters.`,
      field || undefined,
    );
  });
}
