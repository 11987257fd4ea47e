import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context";
import { annotationRoutes } from "./annotation-routes";
import { publicationRoutes } from "./publication-routes";
import { readingRoutes } from "./routes";

/** Reading's calls: the book's content and publication, progress, preferences, annotations. */
export const readingPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(readingRoutes, { ctx });
  await app.register(publicationRoutes, { ctx });
  await app.register(annotationRoutes, { ctx });
};
