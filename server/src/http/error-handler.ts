import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody } from "@folio/contract/common";
import { AppError, errors } from "../errors";
import { ContentStoreUnavailable } from "../storage/content-store";

/** Field path of a validation issue: `bookId` for a query parameter, `items.0.id` in a body. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, "").replace(/\//g, ".");
}

function fromValidation(error: FastifyError): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const [issue] = error.validation;
  if (!issue) return errors.validation("The request is not valid.");
  const field = fieldOf(issue.instancePath);
  const message = (issue.message ?? "").replace(/\.$/, "");
  // Zod's own wording ("Invalid input: expected string, received undefined") is for developers.
  if (!message || /^Invalid input/.test(message)) {
    const missing = issue.keyword === "invalid_type" && /received undefined/.test(message);
    return errors.validation(
      field ? `${field} ${missing ? "is required" : "is not valid"}.` : "The request is not valid.",
      field || undefined,
    );
  }
  // Sentences from the contract stand as they are (spec.md's messages are shown word for word);
  // predicates ("must be a whole number") get the field put before them.
  if (/^[A-Z]/.test(message))
    return errors.validation(issue.message ?? message, field || undefined);
  return errors.validation(field ? `${field} ${message}.` : `${message}.`, field || undefined);
}

/** Fastify's own errors (body parsing, limits) mapped onto the catalogue. */
function fromFastify(error: FastifyError): AppError | null {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return errors.bodyTooLarge();
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return errors.unsupportedMediaType();
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return errors.invalidJson();
    default:
      break;
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    // A client error Fastify raised (e.g. a malformed URL): keep its status, plain words.
    return new AppError(error.statusCode, "BAD_REQUEST", "The request could not be understood.");
  }
  return null;
}

/** The one shape every failure answers with. */
function errorBodyOf(error: AppError): ErrorBody {
  return {
    state: "error",
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  };
}

/** The same, as JSON text, for answers written before Fastify's serialiser is in reach. */
function errorBody(error: AppError): string {
  return JSON.stringify(errorBodyOf(error));
}

/**
 * Fastify's `frameworkErrors`: a URL whose % escapes do not decode, or a path parameter longer
 * than any id, fails before any route or error handler runs. Answer them in our own words too.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? errors.routeNotFound(request.method, request.url)
      : error.code === "FST_ERR_BAD_URL"
        ? errors.badUrl()
        : errors.badRequest();
  void reply
    .status(known.status)
    .header("content-type", "application/json; charset=utf-8")
    .send(errorBody(known));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers or URL past
 * its 16 KB, broken framing) never reaches Fastify, so the answer is written to the socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known =
    error.code === "HPE_HEADER_OVERFLOW"
      ? errors.headersTooLarge()
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? errors.requestTimeout()
        : errors.badRequest();
  const body = errorBody(known);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy();
}

/** A refused body declared up to this size is read and dropped rather than cut off. */
const LINGER_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Fastify closes the connection on a body it refuses, while the client is still sending it;
 * the client then often gets a reset connection rather than the 413. For a body of a declared,
 * bounded length keep the connection: Node reads the rest and drops it, and the client reads
 * its answer (nginx's "lingering close" does the same for this reason).
 */
function lingerOverBody(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared <= LINGER_LIMIT_BYTES) reply.removeHeader("connection");
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ContentStoreUnavailable) {
      // The reader is told to try again; the operator needs to know why (the bucket's error).
      request.log.warn({ err: error }, "content store unavailable");
    }
    const known =
      error instanceof AppError
        ? error
        : error instanceof ContentStoreUnavailable
          ? errors.contentUnavailable()
          : (fromValidation(error) ?? fromFastify(error));
    if (known) {
      if (known.status === 429 || known.status === 503) void reply.header("retry-after", "60");
      if (known.code === "BODY_TOO_LARGE") lingerOverBody(request, reply);
      return reply.status(known.status).send(errorBodyOf(known));
    }
    // Anything else is our fault: log it whole, show nothing of it.
    request.log.error({ err: error }, "unhandled error");
    const body: ErrorBody = {
      state: "error",
      code: "INTERNAL",
      message: "Something went wrong on our side. Please try again later.",
    };
    return reply.status(500).send(body);
  });
}

/**
 * 404s: JSON for the API, for /metrics and for a missing build file (a page of an older build
 * must see that its chunk is gone, not get the app's page as a script); with a built web app,
 * its index.html for every other GET.
 */
export function registerNotFound(app: FastifyInstance, serveWebApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (
      serveWebApp &&
      request.method === "GET" &&
      !request.url.startsWith("/api") &&
      !request.url.startsWith("/assets/") &&
      // Not the web app's page either, whether METRICS_TOKEN is set or not (metrics.ts).
      request.url.split("?")[0] !== "/metrics"
    ) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(errorBodyOf(errors.routeNotFound(request.method, request.url)));
  });
}
