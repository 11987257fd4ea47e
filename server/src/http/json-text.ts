import type { FastifyReply } from "fastify";

/**
 * Sends JSON already serialised (an answer kept as text, or made once for many requests); the
 * route's response schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text);
}
