// `npm run import -- <files or folders> [--price 4.99] [--copies 3] [--category "Classic Fiction"]`
// Adds each EPUB to the catalogue (or updates it) and reports each file.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../config";
import { openConfiguredDatabase } from "../../db/client";
import { poundsToPence } from "../../money";
import { contentStoreOf } from "../../storage/configured-store";
import { importFiles, UnknownCategory, type ImportOptions } from "./import";

const usage = `Usage: npm run import -- <files or folders> [--price 4.99] [--copies 3] [--category NAME]

Adds each .epub file (and each .epub in a named folder) to the catalogue, or updates the book
with the same title and author. Paths are relative to where you run the command.

  --price 4.99       price in pounds of a new book (default 4.99); an updated book keeps its
                     price unless given
  --copies 3         copies of a new book (default 3); an updated book keeps its copies
                     unless given
  --category NAME    a category the shop shows, by its name in any case ("Classic Fiction",
                     quoted when it has spaces) or its slug ("classic-fiction"). An unknown
                     name lists the categories there are and imports nothing; this command
                     never makes a new category from it. Without --category each book goes
                     to the category its subjects match, else to "Newly Added".
  --help             this text`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      price: { type: "string" },
      copies: { type: "string" },
      category: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
}
const { values, positionals } = parsed;

if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length === 0) fail(usage);
const options: ImportOptions = {};
if (values.price !== undefined) {
  const pounds = Number(values.price);
  if (!(pounds > 0 && pounds <= 10000) || Math.round(pounds * 100) !== pounds * 100)
    fail("--price must be an amount of pounds such as 4.99");
  options.pricePence = poundsToPence(pounds);
}
if (values.copies !== undefined) {
  const copies = Number(values.copies);
  if (!Number.isInteger(copies) || copies < 0 || copies > 1000)
    fail("--copies must be a whole number from 0 to 1000");
  options.copies = copies;
}
if (values.category !== undefined) {
  if (values.category.trim() === "") fail("--category needs the name of a category");
  options.category = values.category;
}

// npm runs this in server/; paths are the caller's, relative to where they typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
// DATA_DIR (and a CONTENT_STORE folder) too: the default ./data is the one `npm start` uses,
// beside where the command was typed.
const contentDir = process.env.CONTENT_STORE?.startsWith("s3:") ? "" : process.env.CONTENT_STORE;
const config = loadConfig({
  ...process.env,
  DATA_DIR: path.resolve(cwd, process.env.DATA_DIR || "./data"),
  ...(contentDir ? { CONTENT_STORE: path.resolve(cwd, contentDir) } : {}),
});
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const outcomes = await importFiles(
    database.db,
    contentStoreOf(config),
    positionals.map((p) => path.resolve(cwd, p)),
    options,
  );
  for (const o of outcomes) {
    const name = path.relative(cwd, o.file) || o.file;
    console.log(
      o.status === "rejected"
        ? `rejected  ${name}: ${o.reason}`
        : `${o.status.padEnd(9)} ${name}: ${o.title} by ${o.author} (book ${o.bookId})`,
    );
  }
  const rejected = outcomes.filter((o) => o.status === "rejected").length;
  console.log(`${outcomes.length - rejected} imported, ${rejected} rejected.`);
  process.exitCode = rejected > 0 ? 1 : 0;
} catch (error) {
  if (!(error instanceof UnknownCategory)) throw error;
  if (error.names.length === 0) {
    console.error(`${error.message} Nothing was imported. The shop has no categories yet:`);
    console.error(
      "leave out --category and each book goes where its subjects or Newly Added put it.",
    );
  } else {
    console.error(`${error.message} Nothing was imported. The categories are:`);
    for (const name of error.names) console.error(`  ${name}`);
    console.error(`Give one of them with --category, e.g. --category "${error.names[0]}".`);
  }
  process.exitCode = 2;
} finally {
  await database.close();
}
