// `npm run backup -- FILE`: the shop's database and content store into one file.
// `npm run restore -- FILE`: that file into an empty shop.
// Both use the server's configuration (DATA_DIR, DATABASE_URL and the content store settings).
// Exit 0 when done; 1 when refused or failed, with a sentence saying why; 2 on bad usage.
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config";
import { openConfiguredDatabase, type DatabaseHandle } from "../db/client";
import { pgliteDirOf } from "../db/pglite-dir";
import { DatabaseInUse } from "../db/pglite-lock";
import { contentStoreOf } from "../storage/configured-store";
import { ContentStoreUnavailable } from "../storage/content-store";
import { writeBackup } from "./backup";
import { BackupError } from "./format";
import { restoreBackup } from "./restore";

const usage = `Usage: npm run backup -- FILE    the shop (database and content) into FILE
       npm run restore -- FILE   FILE into an empty shop (a new DATA_DIR or database)

Both use the server's settings: DATA_DIR, DATABASE_URL and the content store's.`;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function main(args: string[]): Promise<number> {
  // npm runs this in server/; FILE and DATA_DIR are the caller's, relative to where they typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, file] = args;
  if ((command !== "backup" && command !== "restore") || !file || args.length !== 2) {
    console.error(usage);
    return 2;
  }
  try {
    const target = path.resolve(file);
    return command === "backup" ? await backup(target) : await restore(target);
  } catch (error) {
    // These carry a sentence for the operator; anything else is a fault, with its stack.
    const told = [BackupError, ConfigError, ContentStoreUnavailable].some(
      (kind) => error instanceof kind,
    );
    if (told) {
      console.error((error as Error).message);
      return 1;
    }
    throw error;
  }
}

async function backup(file: string): Promise<number> {
  // A backup signs nothing: the placeholder keeps loadConfig from writing DATA_DIR/secret, so a
  // mistyped DATA_DIR is reported below rather than made.
  const config = loadConfig({ ...process.env, SECRET: process.env.SECRET || "-".repeat(32) });
  if (!config.databaseUrl && !existsSync(pgliteDirOf(config.dataDir)))
    throw new BackupError(
      `There is no Folio database in ${pgliteDirOf(config.dataDir)}: set DATA_DIR to the shop's data folder, or DATABASE_URL to its PostgreSQL.`,
    );
  if (!existsSync(path.dirname(file)))
    throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const started = performance.now();
  const database = await open(config);
  try {
    const summary = await writeBackup({
      database,
      content: contentStoreOf(config),
      file,
      report: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Backed up ${summary.rows} rows of ${summary.tables} tables and ${summary.contentObjects} content objects (${mebibytes(summary.contentBytes)}) to ${file} in ${seconds(started)} s.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function restore(file: string): Promise<number> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const config = loadConfig();
  const started = performance.now();
  const database = await open(config);
  try {
    const summary = await restoreBackup({
      database,
      content: contentStoreOf(config),
      file,
      report: (line) => console.log(`  ${line}`),
    });
    console.log(
      `Restored the backup of ${summary.createdAt}: ${summary.rows} rows of ${summary.tables} tables and ${summary.contentObjects} content objects, in ${seconds(started)} s. Start the shop as usual.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function open(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle> {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseInUse)) throw error;
    // Two processes on one embedded database would corrupt it.
    throw new BackupError(
      `Folio is running on this data directory (${config.dataDir}, pid ${error.pid}): stop it first, or back up from a PostgreSQL deployment while it runs.`,
    );
  }
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

process.exitCode = await main(process.argv.slice(2));
