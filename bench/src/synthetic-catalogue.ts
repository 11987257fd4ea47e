import type { Sql } from "../../reliability/src/harness/database";
import { normalizeForSearch } from "../../server/src/features/catalogue/search-text";

// Word lists for generated titles and authors. Some carry accents so that accent-insensitive
// search is exercised on the synthetic rows exactly as on the real ones.
const adjectives = [
  "Silent",
  "Crimson",
  "Hidden",
  "Golden",
  "Broken",
  "Distant",
  "Secret",
  "Forgotten",
  "Burning",
  "Frozen",
  "Gentle",
  "Wandering",
  "Lost",
  "Last",
  "First",
  "Iron",
  "Silver",
  "Hollow",
  "Quiet",
  "Restless",
  "Ancient",
  "Bitter",
  "Bright",
  "Dark",
  "Endless",
  "Fading",
  "Fallen",
  "Gilded",
  "Grey",
  "Hungry",
  "Invisible",
  "Lonely",
  "Midnight",
  "Northern",
  "Painted",
  "Patient",
  "Rising",
  "Savage",
  "Shining",
  "Sleeping",
  "Southern",
  "Stolen",
  "Strange",
  "Sunken",
  "Tender",
  "Twisted",
  "Velvet",
  "Wild",
  "Winter",
  "Wounded",
  "Café",
  "Naïve",
  "Élan",
  "Fiery",
  "Glass",
  "Paper",
  "Scarlet",
  "Emerald",
  "Amber",
  "Obsidian",
];
const nouns = [
  "River",
  "Garden",
  "Mirror",
  "Harbour",
  "Kingdom",
  "Lantern",
  "Orchard",
  "Tower",
  "Voyage",
  "Window",
  "Meadow",
  "Island",
  "Letter",
  "Promise",
  "Shadow",
  "Storm",
  "Stranger",
  "Summer",
  "Sword",
  "Thief",
  "Widow",
  "Wolf",
  "Bridge",
  "Castle",
  "Child",
  "City",
  "Daughter",
  "Dream",
  "Empire",
  "Feather",
  "Forest",
  "Fortune",
  "Ghost",
  "Heart",
  "Hunter",
  "Journey",
  "Key",
  "Lighthouse",
  "Map",
  "Mountain",
  "Night",
  "Ocean",
  "Painter",
  "Pilgrim",
  "Prince",
  "Queen",
  "Rose",
  "Sailor",
  "Sea",
  "Singer",
  "Sister",
  "Soldier",
  "Song",
  "Star",
  "Stone",
  "Tide",
  "Traveller",
  "Valley",
  "Watchman",
  "Wind",
  "Clock",
  "Compass",
  "Crown",
  "Dragon",
  "Engine",
  "Falcon",
  "Fountain",
  "Glacier",
  "Hermit",
  "Inn",
  "Jewel",
  "Labyrinth",
  "Library",
  "Locket",
  "Manor",
  "Mill",
  "Moor",
  "Oracle",
  "Palace",
  "Raven",
  "Scholar",
  "Servant",
  "Ship",
  "Spire",
  "Thorn",
  "Throne",
  "Tiger",
  "Vineyard",
  "Weaver",
  "Well",
  "Whale",
  "Witness",
  "Fjord",
  "Château",
  "Señora",
  "Pâtissier",
  "Smith",
  "Archive",
  "Atlas",
  "Beacon",
  "Cellar",
  "Chapel",
  "Circus",
  "Cottage",
  "Desert",
  "Equinox",
  "Ferry",
  "Glade",
  "Harvest",
  "Kite",
  "Marsh",
  "Nomad",
  "Opera",
  "Parlour",
  "Quarry",
  "Riddle",
  "Saint",
  "Tavern",
  "Verdict",
  "Wren",
];
const places = [
  "Avalon",
  "Babylon",
  "Carthage",
  "Dover",
  "Eldoria",
  "Florence",
  "Galway",
  "Hastings",
  "Ithaca",
  "Jericho",
  "Kerry",
  "Lisbon",
  "Marrakesh",
  "Naples",
  "Oxford",
  "Prague",
  "Quebec",
  "Rome",
  "Salamanca",
  "Tangier",
  "Utrecht",
  "Venice",
  "Whitby",
  "York",
  "Zanzibar",
  "Athens",
  "Bruges",
  "Cádiz",
  "Dublin",
  "Edinburgh",
  "Fez",
  "Geneva",
  "Havana",
  "Istanbul",
  "Jaipur",
  "Kyoto",
  "Lyon",
  "Málaga",
  "Nîmes",
  "Odessa",
  "Porto",
  "Reykjavík",
  "Seville",
  "Tallinn",
  "Uppsala",
  "Vienna",
  "Warsaw",
  "Yalta",
  "Zürich",
  "Aberdeen",
  "Bath",
  "Cork",
  "Durham",
  "Exeter",
  "Falmouth",
  "Glasgow",
  "Hull",
  "Inverness",
  "Kendal",
  "Leeds",
  "Margate",
  "Norwich",
  "Orkney",
  "Penzance",
  "Ripon",
  "Stirling",
  "Truro",
  "Ullapool",
  "Wells",
  "Alexandria",
  "Bombay",
  "Cairo",
  "Delhi",
  "Entebbe",
  "Fiji",
  "Granada",
  "Hanoi",
  "Iona",
  "Jakarta",
  "Kolkata",
  "Lagos",
  "Madras",
  "Nairobi",
  "Oslo",
  "Perth",
  "Quito",
  "Rangoon",
  "Samarkand",
  "Tbilisi",
  "Ur",
  "Valparaíso",
  "Wellington",
  "Xanadu",
  "Yokohama",
  "Zagreb",
  "Antwerp",
  "Bergen",
  "Córdoba",
  "Danzig",
  "Essen",
  "Florin",
  "Ghent",
  "Hamelin",
  "Innsbruck",
  "Jena",
  "Kraków",
  "Leiden",
  "Mainz",
  "Nantes",
  "Orléans",
  "Pisa",
  "Riga",
  "Siena",
  "Toledo",
  "Ulm",
  "Verona",
  "Weimar",
  "Ypres",
  "Zaragoza",
  "Arles",
  "Bonn",
  "Coimbra",
  "Delft",
  "Évora",
  "Ferrara",
  "Gdańsk",
  "Haarlem",
  "Ibiza",
  "Kiel",
  "Lucca",
  "Mostar",
  "Nice",
  "Ostend",
  "Parma",
  "Rouen",
  "Sintra",
  "Trier",
  "Urbino",
  "Vigo",
  "Worms",
  "Zwolle",
  "Tromsø",
];
const firstNames = [
  "Anne",
  "Arthur",
  "Beatrice",
  "Charles",
  "Charlotte",
  "Edith",
  "Edward",
  "Eleanor",
  "Elsie",
  "Emily",
  "Frances",
  "George",
  "Harriet",
  "Henry",
  "Isabel",
  "James",
  "Jane",
  "John",
  "Kate",
  "Louisa",
  "Margaret",
  "Mary",
  "Nathaniel",
  "Oscar",
  "Rose",
  "Samuel",
  "Sarah",
  "Thomas",
  "Virginia",
  "Walter",
  "William",
  "Zoë",
  "José",
  "Chloé",
  "Søren",
  "Renée",
  "Agnès",
  "Ana",
  "Björn",
  "Dorothy",
  "Elizabeth",
  "Florence",
  "Gertrude",
  "Hugh",
  "Ivan",
  "Jules",
  "Leo",
  "Marguerite",
  "Nikolai",
  "Olive",
  "Percy",
  "Rudyard",
  "Sylvia",
  "Theodore",
  "Ursula",
  "Vera",
  "Wilkie",
  "Zelda",
  "Honoré",
  "Gustave",
];
const lastNames = [
  "Ashdown",
  "Blackwood",
  "Bronte",
  "Brontë",
  "Carlisle",
  "Dashwood",
  "Ellery",
  "Fairfax",
  "Garnett",
  "Hale",
  "Hawthorne",
  "Ingram",
  "Jennings",
  "Kingsley",
  "Lockhart",
  "Marlowe",
  "Norwood",
  "Oakley",
  "Pemberton",
  "Quill",
  "Radcliffe",
  "Sterling",
  "Thackeray",
  "Underhill",
  "Vance",
  "Whitmore",
  "Yardley",
  "Abbott",
  "Barrow",
  "Crane",
  "Drummond",
  "Everett",
  "Finch",
  "Gaskell",
  "Holloway",
  "Irving",
  "Jarvis",
  "Keats",
  "Lennox",
  "Morrow",
  "Nash",
  "Orwell",
  "Price",
  "Quincey",
  "Rowe",
  "Shelley",
  "Trollope",
  "Vale",
  "Wilde",
  "Young",
  "García",
  "Müller",
  "Dupré",
  "Novák",
  "Løvstad",
  "Ibáñez",
  "Çelik",
  "Ångström",
  "Petrović",
  "O'Hara",
  "Fitzgerald",
  "MacLeod",
  "Hardy",
  "Eliot",
  "Woolf",
  "Austen",
  "Dickens",
  "Tolstoy",
  "Chekhov",
  "Balzac",
  "Flaubert",
  "Zola",
  "Verne",
  "Dumas",
  "Hugo",
  "Poe",
  "Twain",
  "Melville",
  "James",
  "Wharton",
  "Cather",
  "London",
  "Crane",
  "Conrad",
  "Kipling",
];
const openings = [
  "A story of longing and return.",
  "An adventure across land and sea.",
  "A quiet tale of a family and its secrets.",
  "A mystery that begins with a letter.",
  "A romance set against a changing world.",
  "Essays on travel, memory and home.",
  "Poems of the seasons and the sea.",
  "A history told by those who lived it.",
];

/** Words a reader might search the synthetic catalogue for. */
export const vocabulary = { adjectives, nouns, places, firstNames, lastNames };

/** Distinct words only: a duplicate would make two generated titles the same. */
const distinct = (words: string[]) => [...new Set(words)];

function sqlArray(words: string[]): string {
  return `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

export interface SeedReport {
  /** books in the catalogue before and after */
  before: number;
  after: number;
  added: number;
  seconds: number;
  /** time of search_words_rebuild() after the load, and the words it holds then */
  wordsSeconds: number;
  words: number;
}

/**
 * Adds generated books until the catalogue holds `target`. A handful of INSERT … SELECT over
 * generate_series with the word lists inside the SQL: no rows cross the wire. The books table's
 * secondary indexes are dropped for the load and built again afterwards (much faster than
 * maintaining a trigram index row by row), and so is the trigger that keeps search_words (one
 * insert per book): the table is filled once afterwards by search_words_rebuild(), as after any
 * bulk load. Then the tables are analysed.
 *
 * Titles are "Adjective Noun of Place" in a few shapes, built as a mixed-radix number over the
 * three lists, so every title is distinct; the search columns hold the same words through
 * normalizeForSearch, exactly what the application stores for a real book.
 */
export async function seedSyntheticCatalogue(
  sql: Sql,
  target: number,
  log: (line: string) => void = () => undefined,
): Promise<SeedReport> {
  const started = performance.now();
  const [{ n: before } = { n: 0 }] = await sql.query<{ n: number }>(
    "select count(*)::int as n from books",
  );
  const missing = target - before;
  if (missing <= 0)
    return {
      before,
      after: before,
      added: 0,
      seconds: 0,
      wordsSeconds: 0,
      words: await countWords(sql),
    };

  const adj = distinct(adjectives);
  const noun = distinct(nouns);
  const place = distinct(places);
  const combinations = adj.length * noun.length * place.length;
  const [{ start } = { start: 0 }] = await sql.query<{ start: number }>(
    "select coalesce(max(id), 0)::int as start from books",
  );
  // Offsets into the mixed-radix space are the new ids, so a later top-up continues after them.
  if (start + missing > combinations)
    throw new Error(`the word lists make ${combinations} titles; ${start + missing} asked for`);
  const categoryRows = await sql.query<{ id: number }>("select id from categories order by id");
  if (categoryRows.length === 0) throw new Error("no categories: start the server once first");

  const indexes = await sql.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'books' and schemaname = current_schema() and indexname <> 'books_pkey'
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
  );
  log(`  dropping ${indexes.length} indexes of books for the load`);
  for (const index of indexes) await sql.query(`drop index if exists "${index.name}"`);

  await sql.query("alter table books disable trigger books_search_words");

  const norm = (words: string[]) => words.map(normalizeForSearch);
  const categoriesSql = `array[${categoryRows.map((r) => r.id).join(",")}]::int[]`;
  const batch = 250_000;
  try {
    for (let from = start + 1; from <= start + missing; from += batch) {
      const to = Math.min(from + batch - 1, start + missing);
      // i is the mixed-radix number; h a cheap hash of it, spreading authors and categories.
      await sql.query(`
        insert into books (title, author, category_id, year, language, description, price_pence,
          total_copies, available_copies, search_title, search_author)
        select
          case (s.i / 7) % 4
            when 0 then 'The ' || a[1 + s.i % ${adj.length}] || ' ' || n[1 + (s.i / ${adj.length}) % ${noun.length}] || ' of ' || p[1 + (s.i / ${adj.length * noun.length}) % ${place.length}]
            when 1 then n[1 + (s.i / ${adj.length}) % ${noun.length}] || ' of ' || p[1 + (s.i / ${adj.length * noun.length}) % ${place.length}] || ': ' || a[1 + s.i % ${adj.length}]
            when 2 then a[1 + s.i % ${adj.length}] || ' ' || n[1 + (s.i / ${adj.length}) % ${noun.length}] || ' in ' || p[1 + (s.i / ${adj.length * noun.length}) % ${place.length}]
            else p[1 + (s.i / ${adj.length * noun.length}) % ${place.length}] || ' and the ' || a[1 + s.i % ${adj.length}] || ' ' || n[1 + (s.i / ${adj.length}) % ${noun.length}]
          end,
          f[1 + s.h % ${firstNames.length}] || ' ' || l[1 + (s.h / 7) % ${lastNames.length}],
          c[1 + (s.h / 13) % ${categoryRows.length}],
          1800 + s.h % 224,
          'en',
          o[1 + s.h % ${openings.length}],
          199 + (s.h % 12) * 100,
          1 + s.h % 4,
          1 + s.h % 4,
          case (s.i / 7) % 4
            when 0 then 'the ' || an[1 + s.i % ${adj.length}] || ' ' || nn[1 + (s.i / ${adj.length}) % ${noun.length}] || ' of ' || pn[1 + (s.i / ${adj.length * noun.length}) % ${place.length}]
            when 1 then nn[1 + (s.i / ${adj.length}) % ${noun.length}] || ' of ' || pn[1 + (s.i / ${adj.length * noun.length}) % ${place.length}] || ': ' || an[1 + s.i % ${adj.length}]
            when 2 then an[1 + s.i % ${adj.length}] || ' ' || nn[1 + (s.i / ${adj.length}) % ${noun.length}] || ' in ' || pn[1 + (s.i / ${adj.length * noun.length}) % ${place.length}]
            else pn[1 + (s.i / ${adj.length * noun.length}) % ${place.length}] || ' and the ' || an[1 + s.i % ${adj.length}] || ' ' || nn[1 + (s.i / ${adj.length}) % ${noun.length}]
          end,
          fn[1 + s.h % ${firstNames.length}] || ' ' || ln[1 + (s.h / 7) % ${lastNames.length}]
        from (
          select g as i, ((g::bigint * 2654435761) % 4294967291)::bigint as h
          from generate_series(${from}, ${to}) g
        ) s,
        (select ${sqlArray(adj)} as a, ${sqlArray(noun)} as n, ${sqlArray(place)} as p,
                ${sqlArray(norm(adj))} as an, ${sqlArray(norm(noun))} as nn, ${sqlArray(norm(place))} as pn,
                ${sqlArray(firstNames)} as f, ${sqlArray(lastNames)} as l,
                ${sqlArray(norm(firstNames))} as fn, ${sqlArray(norm(lastNames))} as ln,
                ${sqlArray(openings)} as o, ${categoriesSql} as c) w`);
      log(`  inserted books up to id ${to}`);
    }
  } finally {
    log(`  building ${indexes.length} indexes again`);
    await sql.query("set maintenance_work_mem = '256MB'").catch(() => undefined);
    for (const index of indexes) await sql.query(index.definition);
    await sql.query("alter table books enable trigger books_search_words");
  }
  log("  filling search_words (search_words_rebuild())");
  const rebuildStarted = performance.now();
  await sql.query("select search_words_rebuild()");
  const wordsSeconds = (performance.now() - rebuildStarted) / 1000;
  await sql.query("analyze books");
  await sql.query("analyze categories");
  await sql.query("analyze search_words");
  const [{ n: after } = { n: 0 }] = await sql.query<{ n: number }>(
    "select count(*)::int as n from books",
  );
  return {
    before,
    after,
    added: after - before,
    seconds: (performance.now() - started) / 1000,
    wordsSeconds,
    words: await countWords(sql),
  };
}

async function countWords(sql: Sql): Promise<number> {
  const [{ n } = { n: 0 }] = await sql.query<{ n: number }>(
    "select count(*)::int as n from search_words",
  );
  return n;
}

/** The stored search forms must be what the application would store; checks a sample. */
export async function checkSearchColumns(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{
    id: number;
    title: string;
    author: string;
    search_title: string;
    search_author: string;
  }>(
    "select id, title, author, search_title, search_author from books order by random() limit 2000",
  );
  return rows
    .filter(
      (r) =>
        normalizeForSearch(r.title) !== r.search_title ||
        normalizeForSearch(r.author) !== r.search_author,
    )
    .map((r) => `book ${r.id}: ${r.title} / ${r.search_title}`);
}
