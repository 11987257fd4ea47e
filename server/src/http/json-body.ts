import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";
import { errors } from "../errors";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies: an empty body is `{}` (design.md §3), bad UTF-8 and bad JSON are 400s that say
 * which, and `__proto__` keys are refused rather than merged.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer" },
    (_request, body: Buffer, done) => {
      if (body.length === 0) return done(null, {});
      let text: string;
      try {
        text = utf8.decode(body);
      } catch {
        return done(errors.invalidEncoding(), undefined);
      }
      if (text.trim() === "") return done(null, {});
      try {
        return done(
          null,
          secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" }),
        );
      } catch {
        return done(errors.invalidJson(), undefined);
      }
    },
  );
  // A POST without a body (and so without a content type) is taken as {}.
  app.addHook("preValidation", async (request) => {
    if (request.method === "POST" && request.body === undefined) request.body = {};
  });
}
