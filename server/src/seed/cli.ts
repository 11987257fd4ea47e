// `npm run seed`: adds the seed catalogue and its e-book files to the configured database.
// Idempotent: what is already there is left as it is.
import path from "node:path";
import { loadConfig } from "../config";
import { FileContentStore } from "../storage/content-store";
import { openDatabase } from "../db/client";
import { ensureSeedEditions, seedCatalogue } from "./seed";

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, "pglite"),
});
try {
  await database.migrate();
  const report = await seedCatalogue(database.db);
  const written = await ensureSeedEditions(
    database.db,
    new FileContentStore(path.join(config.dataDir, "content")),
  );
  console.log(
    `Seeded ${report.categoriesAdded} categories and ${report.booksAdded} books; wrote ${written} e-book files.`,
  );
} finally {
  await database.close();
}
