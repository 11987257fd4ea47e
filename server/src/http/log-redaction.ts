import type { FastifyReply, FastifyRequest } from "fastify";
import { stdSerializers } from "pino";

const REDACTED = "[redacted]";

/**
 * Query parameters whose values unlock something: reset and email tokens, content-link
 * signatures, and the usual names of keys and signatures in other services' links.
 */
const SECRET_PARAMETERS = new Set([
  "token",
  "s",
  "sig",
  "signature",
  "code",
  "challenge",
  "password",
  "secret",
  "key",
  "api_key",
  "access_token",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
]);

/**
 * Paths that carry a secret as a segment: a publication link's grant (user, session, expiry
 * and signature) sits between the book and the file, so that a book's relative links keep it.
 */
const SECRET_SEGMENTS = [/^(\/api\/publications\/[^/?]*\/)[^/?]+/];

function redactedQuery(query: string): string {
  return query
    .split("&")
    .map((part) => {
      const name = part.split("=", 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is logged as it came.
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : part;
    })
    .join("&");
}

/**
 * A request's address as the log keeps it: secret query values and secret path segments are
 * replaced, so whoever reads the logs cannot reset a password or open a book with what they find.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const segment of SECRET_SEGMENTS) path = path.replace(segment, `$1${REDACTED}`);
  return queryAt === -1 ? path : `${path}?${redactedQuery(url.slice(queryAt + 1))}`;
}

/** The request as each log line shows it (Fastify's own fields, the address redacted). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The answer as a log line shows it: its status; headers (cookies, links) are left out. */
export function serializeReply(reply: Pick<FastifyReply, "statusCode">) {
  return { statusCode: reply.statusCode };
}

/**
 * Fields pino blanks wherever a line puts them: headers that authenticate, and settings or
 * values that are secrets by name. Requests and replies never log their headers (the
 * serializers above); these catch a future `log.info({ headers })` or `log.info({ config })`.
 */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  "headers.authorization",
  "headers.cookie",
  'headers["x-api-key"]',
  'headers["set-cookie"]',
  "password",
  "*.password",
  "token",
  "*.token",
  "secret",
  "*.secret",
  "secretAccessKey",
  "*.secretAccessKey",
  "*.databaseUrl",
  "*.smtpUrl",
  "*.metricsToken",
  "*.contentStore.secretAccessKey",
];

/** Properties of database and SDK errors that hold what a query was given, or a whole response. */
const DROPPED_ERROR_FIELDS = ["params", "queryOptions", "$response"];

/** A parameter this short is an id or a flag, not a secret; blanking it would blank the stack. */
const SHORTEST_SECRET = 6;

/**
 * What the failed queries in an error's chain were given, as text: drizzle puts them in its
 * message ("params: …") and PostgreSQL repeats a bad one in its own ("invalid input syntax …:
 * "the value""). They may be password hashes, tokens or a reader's email.
 */
function queryParametersOf(error: unknown): { lists: string[]; values: string[] } {
  const lists: string[] = [];
  const values = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      lists.push(String(params));
      for (const value of params)
        if (typeof value === "string" && value.length >= SHORTEST_SECRET) values.add(value);
    }
    current = (current as { cause?: unknown }).cause;
  }
  // Longest first, so that a value containing another is blanked whole.
  return { lists, values: [...values].sort((a, b) => b.length - a.length) };
}

/** Text of an error with query parameters, URL passwords and PostgreSQL's row values blanked. */
function scrubbedText(text: string, params: { lists: string[]; values: string[] }): string {
  let scrubbed = text;
  for (const list of params.lists)
    scrubbed = scrubbed.split(`params: ${list}`).join(`params: ${REDACTED}`);
  for (const value of params.values) scrubbed = scrubbed.split(value).join(REDACTED);
  return (
    scrubbed
      // smtp://user:password@host, postgres://user:password@host
      .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]+@/gi, `$1:${REDACTED}@`)
      // PostgreSQL's details name the values of a row: "Key (email)=(…)", "Failing row contains (…)"
      .replace(
        /(Key \([^)]*\))=\(.*?\)( already exists| is not present| conflicts)/g,
        `$1=(${REDACTED})$2`,
      )
      .replace(/Failing row contains \(.*\)/g, `Failing row contains (${REDACTED})`)
  );
}

function scrubbedFields(
  value: unknown,
  params: { lists: string[]; values: string[] },
  depth: number,
): unknown {
  if (typeof value === "string") return scrubbedText(value, params);
  if (typeof value !== "object" || value === null || depth > 3) return value;
  // Dates, buffers and the like already say how they are written.
  if (ArrayBuffer.isView(value) || typeof (value as { toJSON?: unknown }).toJSON === "function")
    return value;
  if (Array.isArray(value)) return value.map((item) => scrubbedFields(item, params, depth + 1));
  // A copy: the fields may be the error's own objects, which the code that threw still holds.
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    if (!DROPPED_ERROR_FIELDS.includes(key)) copy[key] = scrubbedFields(field, params, depth + 1);
  return copy;
}

/**
 * An error as the log keeps it: pino's usual fields (type, message and stack with their causes,
 * code…) with what a failed query was given, passwords in URLs and row values taken out. A
 * failed insert must not put a password hash or a token into the log.
 */
export function serializeError(error: unknown): unknown {
  const params = queryParametersOf(error);
  if (typeof error === "string") return scrubbedText(error, params);
  const serialized: unknown = stdSerializers.err(error as Error);
  return scrubbedFields(serialized, params, 0);
}
