import { errorBodySchema } from "@folio/contract/common";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendJsonText } from "./json-text";

const OPENING = '{"state":"success","pad":"';
const CLOSING = '"}';
/** The answer's shape with an empty pad: no JSON of that shape is shorter. */
const MIN_BYTES = OPENING.length + CLOSING.length;
const MAX_BYTES = 1_000_000;
/** Sizes kept at once; the benchmark asks two or three. */
const KEPT_SIZES = 16;

const sizeWords = `must be a whole number of bytes from ${MIN_BYTES} to ${MAX_BYTES}`;
const bytesQuerySchema = z.object({
  n: z.coerce
    .number({ error: sizeWords })
    .int({ error: sizeWords })
    .min(MIN_BYTES, { error: sizeWords })
    .max(MAX_BYTES, { error: sizeWords }),
});

/** `{"state":"success","pad":"xx…"}`, exactly `bytes` long (ASCII: one byte a character). */
function paddedAnswer(bytes: number): string {
  return `${OPENING}${"x".repeat(bytes - MIN_BYTES)}${CLOSING}`;
}

/**
 * GET /api/bench/bytes?n=N, only when BENCH_ROUTES is on: N bytes of JSON made once and then
 * sent from memory as the catalogue's cached answers are (sendJsonText), so it passes every hook
 * they pass and does nothing else. The benchmark holds cached popular and search to it at their
 * own size: against /api/ping's 19 bytes, the bar charged the cache for the bytes it sends
 * (docs/performance.md).
 */
export function registerBenchRoutes(app: FastifyInstance): void {
  const answers = new Map<number, string>();
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/bench/bytes",
    {
      schema: {
        tags: ["system"],
        summary: "N bytes of JSON from memory (benchmarks; only with BENCH_ROUTES)",
        querystring: bytesQuerySchema,
        response: { 400: errorBodySchema },
      },
    },
    // Async, as the catalogue's cached reads are: the same way from the handler to the wire.
    async (request, reply) => {
      const { n } = request.query;
      let text = answers.get(n);
      if (text === undefined) {
        text = paddedAnswer(n);
        answers.set(n, text);
        // Oldest first in a Map: a caller walking through sizes cannot fill the memory.
        const oldest = answers.keys().next().value;
        if (answers.size > KEPT_SIZES && oldest !== undefined) answers.delete(oldest);
      }
      return sendJsonText(reply, text);
    },
  );
}
