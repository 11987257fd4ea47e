// `npm run admin -- grant EMAIL ROLE`: gives an account a role (reader, librarian or admin) on
// the configured database, the embedded one or PostgreSQL. The first admin is made this way, or
// with ADMIN_EMAIL at start. Exits 0 when done, 1 when there is no such account, 2 on bad usage, 3 when the embedded
// database is open in a running shop (stop it first, or use ADMIN_EMAIL).
import { roleSchema } from "@folio/contract/admin";
import { loadConfig } from "../../config";
import { openConfiguredDatabase } from "../../db/client";
import { DatabaseInUse } from "../../db/pglite-lock";
import { grantRole } from "./grant";

const usage = "Usage: npm run admin -- grant EMAIL ROLE   (ROLE: reader, librarian or admin)";

async function main(args: string[]): Promise<number> {
  // npm runs this in server/; DATA_DIR is the caller's, relative to where they typed the command.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, email, roleText] = args;
  const role = roleSchema.safeParse(roleText);
  if (command !== "grant" || !email || !role.success || args.length !== 3) {
    console.error(usage);
    return 2;
  }
  let database;
  try {
    database = await openConfiguredDatabase(loadConfig());
  } catch (error) {
    if (!(error instanceof DatabaseInUse)) throw error;
    console.error(error.message);
    return 3;
  }
  try {
    await database.migrate();
    const outcome = await grantRole(database.db, email, role.data, "command line");
    if (outcome.status === "no-account") {
      console.error(`There is no account with the email ${email}. Register it first.`);
      return 1;
    }
    console.log(
      outcome.status === "granted"
        ? `${email} is now ${role.data} (was ${outcome.before}).`
        : `${email} is already ${role.data}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
