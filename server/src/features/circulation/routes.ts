import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context";
import { bookRoutes } from "./book-routes";
import { holdRoutes } from "./hold-routes";
import { loanRoutes } from "./loan-routes";

/** Circulation's calls: borrowing, My Books, holds, and a book's queue and related books. */
export const circulationPlugin: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(loanRoutes, { ctx });
  await app.register(holdRoutes, { ctx });
  await app.register(bookRoutes, { ctx });
};
