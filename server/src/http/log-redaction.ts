import type { FastifyRequest } from "fastify";

/** Query parameters whose values unlock something: reset tokens, content-link signatures. */
const SECRET_PARAMETERS = new Set(["token", "s", "sig", "signature", "code", "challenge"]);

/**
 * A request's address as the log keeps it: what a secret query parameter holds is replaced, so
 * whoever reads the logs cannot reset a password or open a book with what they find there.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parts = url
    .slice(queryAt + 1)
    .split("&")
    .map((part) => {
      const name = part.split("=", 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that does not decode is logged as it came.
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, queryAt)}?${parts.join("&")}`;
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
