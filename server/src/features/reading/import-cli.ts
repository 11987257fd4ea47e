// `npm run import -- <files or folders> [--price 4.99] [--copies 3] [--category slug]`
// Adds each EPUB to the catalogue (or updates it) and reports each file.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../config";
import { openConfiguredDatabase } from "../../db/client";
import { poundsToPence } from "../../money";
import { contentStoreOf } from "../../storage/content-store";
import { importFiles, type ImportOptions } from "./import";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    price: { type: "string" },
    copies: { type: "string" },
    category: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (positionals.length === 0)
  fail("Usage: npm run import -- <files or folders> [--price 4.99] [--copies 3] [--category slug]");
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
if (values.category) options.categorySlug = values.category;

// npm runs this in server/; paths are the caller's, relative to where they typed the command.
const cwd = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig();
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
} finally {
  await database.close();
}
