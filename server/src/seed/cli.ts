// `npm run seed`: adds the seed catalogue and its e-book files to the configured database.
// Idempotent: what is already there is left as it is.
import { loadConfig } from "../config";
import { contentStoreOf } from "../storage/configured-store";
import { openConfiguredDatabase } from "../db/client";
import { ensureSeedEditions, seedCatalogue } from "./seed";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const report = await seedCatalogue(database.db);
  const written = await ensureSeedEditions(database.db, contentStoreOf(config));
  console.log(
    `Seeded ${report.categoriesAdded} categories and ${report.booksAdded} books; wrote ${written} e-book files.`,
  );
} finally {
  await database.close();
}
