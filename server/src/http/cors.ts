import type { FastifyInstance } from "fastify";

/**
 * Cross-origin calls for the listed origins only (CORS_ORIGINS). With none listed nothing is
 * added, so a browser keeps other sites' pages away from the API. Bearer tokens, not cookies,
 * carry the session, so credentials are never allowed.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook("onRequest", async (request, reply) => {
    // The answer depends on the Origin, so no cache may hand one site's answer to another.
    void reply.header("vary", "Origin");
    const origin = request.headers.origin;
    if (typeof origin !== "string" || !allowed.has(origin)) return;
    void reply.header("access-control-allow-origin", origin);
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"]) {
      return reply
        .status(204)
        .header("access-control-allow-methods", "GET, POST, PUT")
        .header(
          "access-control-allow-headers",
          "authorization, content-type, idempotency-key, x-requested-with",
        )
        .header("access-control-max-age", "600")
        .send();
    }
  });
}
