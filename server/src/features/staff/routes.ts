import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { requireStaff } from "../accounts";
import { auditRoutes } from "./audit-routes";
import { rememberStaff } from "./caller";
import { catalogueStaffRoutes } from "./catalogue-routes";
import { holdStaffRoutes } from "./holds-routes";
import { loanStaffRoutes } from "./loans-routes";
import { mailStaffRoutes } from "./mail-routes";
import { overviewStaffRoutes } from "./overview-routes";
import { readerStaffRoutes } from "./readers-routes";
import { reviewStaffRoutes } from "./reviews-routes";

/** The least role a staff route's OpenAPI entry names (staffDoc); librarian when it names none. */
function roleOf(request: FastifyRequest): "librarian" | "admin" {
  const schema = request.routeOptions.schema as { security?: { bearer?: string[] }[] } | undefined;
  return schema?.security?.[0]?.bearer?.[0] === "admin" ? "admin" : "librarian";
}

/** Every /api/admin/ call (design.md §7.1), each area in its own file. */
export const staffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The role is checked as the request arrives, before its body is read or validated: a
  // stranger learns nothing of a staff call's shape and cannot make the server read an upload.
  app.addHook("onRequest", async (request) => {
    rememberStaff(request, await requireStaff(ctx, request, roleOf(request)));
  });
  await app.register(auditRoutes, { ctx });
  await app.register(catalogueStaffRoutes, { ctx });
  await app.register(overviewStaffRoutes, { ctx });
  await app.register(readerStaffRoutes, { ctx });
  await app.register(loanStaffRoutes, { ctx });
  await app.register(holdStaffRoutes, { ctx });
  await app.register(mailStaffRoutes, { ctx });
  await app.register(reviewStaffRoutes, { ctx });
};
