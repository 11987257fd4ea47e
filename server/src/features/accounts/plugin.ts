import type { FastifyPluginAsync } from "fastify";
import type { ExportSections } from "./export";
import { exportRoutes } from "./export-routes";
import { accountRoutes, type AccountRoutesOptions } from "./routes";
import { securityRoutes } from "./security-routes";

export interface AccountsOptions extends AccountRoutesOptions {
  /** Each other feature's read of its own tables for a reader's data export. */
  exportSections: ExportSections;
}

/** Accounts' calls: sign-up and sign-in, the account's security, and the data export. */
export const accountsPlugin: FastifyPluginAsync<AccountsOptions> = async (
  app,
  { ctx, afterLogin, exportSections },
) => {
  await app.register(accountRoutes, { ctx, afterLogin });
  await app.register(securityRoutes, { ctx, afterLogin });
  await app.register(exportRoutes, { ctx, sections: exportSections });
};
