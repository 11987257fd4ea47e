import { wireId } from "@folio/contract/common";
import { DEFAULT_PAGE_SIZE, UNPAGED_LIST_LIMIT } from "@folio/contract/constants";
import {
  type Book,
  type BookDetail,
  type BookList,
  type BooksByCategory,
  type CategoriesList,
  type BookFilters,
  type BookSort,
  type CategoryDetail,
  type SearchQuery,
  type SearchResult,
} from "@folio/contract/catalogue";
import { and, asc, count, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import { batchPerDatabase, perDatabase } from "../../db/batch";
import { keyReadsOf, queryRows, type Database, type Executor } from "../../db/client";
import { jsonArrayOf, parseJsonRows } from "../../db/json";
import { books, categories } from "../../db/schema";
import { errors } from "../../errors";
import type { ContentStore } from "../../storage/content-store";
import { drawCover } from "./cover";
import { presentBook, presentBookDetail, presentCategory, type ListedBookRow } from "./presenter";
import { ResponseCache } from "../../http/response-cache";
import { normalizeForSearch } from "./search-text";
import { authorsHoldingSql, authorsMayHold, categoriesHolding, namesOf } from "./title-fallback";
import {
  bestFirstStatement,
  catalogueSizeSql,
  correctTerm,
  filterConditions,
  lookUpWords,
  orderOf,
  searchStatement,
  termsFrom,
  typedTerms,
  walkWorthwhile,
  wordsOf,
  type SearchTerms,
  type Window,
  type WordLookup,
} from "./search";

export interface Paging {
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * Paged when either page or pageSize is given; otherwise the first UNPAGED_LIST_LIMIT rows, for
 * a client that pages on its own (design.md §4, Popular).
 */
function windowOf({ page, pageSize }: Paging): Window {
  if (page === undefined && pageSize === undefined) {
    return { page: 1, pageSize: UNPAGED_LIST_LIMIT, offset: 0 };
  }
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  const number = page ?? 1;
  return { page: number, pageSize: size, offset: (number - 1) * size };
}

/** What presentBook needs but the category's name, which categoryName() knows. */
export const listedBookOwnColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  categoryId: books.categoryId,
  pricePence: books.pricePence,
  rating: books.rating,
  ratingCount: books.ratingCount,
  description: books.description,
  availableCopies: books.availableCopies,
  totalCopies: books.totalCopies,
  year: books.year,
  language: books.language,
  // For lendsLeft: a list shows when a book's lending licence is spent.
  loanCap: books.loanCap,
  borrowTimes: books.borrowTimes,
  // Lists mark the seed's sample editions where a reader chooses.
  sample: books.sample,
  // A retired book still answers (its readers see it) but shows it cannot be borrowed.
  retiredAt: books.retiredAt,
};

/** Just what presentBook needs (ListedBookRow), for lists read in bulk. */
export const listedBookColumns = { ...listedBookOwnColumns, categoryName: categories.name };

export function selectBooks(db: Executor) {
  return db
    .select(listedBookColumns)
    .from(books)
    .innerJoin(categories, eq(books.categoryId, categories.id));
}

/** One row more than the page is read to know whether another page exists. */
function toList(rows: ListedBookRow[], window: Window): BookList {
  const pageRows = rows.slice(0, window.pageSize);
  const list = pageRows.map(presentBook);
  return {
    state: "success",
    bookId: list.map((book) => book.bookId),
    books: list,
    page: window.page,
    pageSize: window.pageSize,
    hasMore: rows.length > window.pageSize,
  };
}

/**
 * The hottest reads as named prepared statements, one set per database handle: PostgreSQL then
 * parses and plans each once per connection instead of on every request.
 */
function preparedFor(db: Database) {
  return {
    // "desc nulls last" on recent_loans as in books_popular_idx, so the index gives the order;
    // the column is not null, so the order is the same as plain "desc".
    popular: selectBooks(db)
      .where(isNull(books.retiredAt))
      .orderBy(
        sql`${books.recentLoans} desc nulls last`,
        sql`${books.rating} desc nulls last`,
        asc(books.title),
        asc(books.id),
      )
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare("catalogue_popular"),
    books: keyReadsOf(db)
      // The batch's rows as one JSON text (db/json.ts).
      .select({ json: jsonArrayOf(listedBookOwnColumns) })
      .from(books)
      .where(sql`${books.id} = any(${sql.placeholder("ids")}::int[])`)
      .prepare("catalogue_books_by_id"),
    categoryNames: db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .prepare("catalogue_category_names"),
  };
}
const prepared = perDatabase(preparedFor);

/** The library grid's choices beside the spec's paging (design.md §7.5). */
export interface ListChoices extends Paging, BookFilters {
  sort?: BookSort | undefined;
  categoryId?: number | undefined;
}

const chooses = (choices: ListChoices) =>
  choices.sort !== undefined ||
  choices.categoryId !== undefined ||
  choices.available !== undefined ||
  choices.minRating !== undefined;

/** Relevance means nothing without a search: a list asked for it takes its own default. */
const sortOf = (sort: BookSort | undefined, fallback: Exclude<BookSort, "relevance">) =>
  sort === undefined || sort === "relevance" ? fallback : sort;

export async function listPopularBooks(db: Database, choices: ListChoices): Promise<BookList> {
  const window = windowOf(choices);
  // The spec's call, as the spec has it: the prepared statement.
  if (!chooses(choices)) {
    const rows = await prepared(db).popular.execute({
      limit: window.pageSize + 1,
      offset: window.offset,
    });
    return toList(rows, window);
  }
  const conditions = [isNull(books.retiredAt), ...filterConditions(choices)];
  if (choices.categoryId !== undefined) conditions.push(eq(books.categoryId, choices.categoryId));
  const rows = await selectBooks(db)
    .where(and(...conditions))
    .orderBy(...orderOf(sortOf(choices.sort, "popular")))
    .limit(window.pageSize + 1)
    .offset(window.offset);
  return toList(rows, window);
}

/**
 * Category names by id, read again at most every CATEGORY_NAMES_MS, whenever a book names a
 * category not yet known, and when the catalogue changes (staff rename categories: decision
 * 020), so book detail reads one row of books and no join.
 */
const CATEGORY_NAMES_MS = 60_000;
const categoryNames = perDatabase(() => ({ names: new Map<number, string>(), readAt: 0 }));

/** The names by id, read again when `wanted` (else any name) is not known or they are old. */
async function knownCategoryNames(db: Database, wanted?: number): Promise<Map<number, string>> {
  const known = categoryNames(db);
  const holds = wanted === undefined ? known.names.size > 0 : known.names.has(wanted);
  if (holds && Date.now() - known.readAt < CATEGORY_NAMES_MS) return known.names;
  const rows = await prepared(db).categoryNames.execute();
  known.names = new Map(rows.map((row) => [row.id, row.name]));
  known.readAt = Date.now();
  return known.names;
}

export async function categoryName(db: Database, categoryId: number): Promise<string | undefined> {
  return (await knownCategoryNames(db, categoryId)).get(categoryId);
}

/**
 * Book detail requests that arrive together are answered by one `id = any(...)` read; on the
 * embedded database the rows are also kept until the next write.
 */
const bookBatch = batchPerDatabase(
  async (db, ids: number[]) => {
    const [found] = await prepared(db).books.execute({ ids });
    const rows = parseJsonRows(found?.json ?? "[]", listedBookOwnColumns);
    return new Map(rows.map((row) => [row.id, row]));
  },
  { keepUntilWrite: 10_000 },
);
const loadBook = (db: Database, bookId: number) => bookBatch(db).load(bookId);

/**
 * The books of `ids`, in that order, as lists show them: by the prepared read of book detail
 * (planned once per connection), with category names from categoryName(). Unknown ids are left
 * out.
 */
async function listedBooks(db: Database, ids: readonly number[]): Promise<ListedBookRow[]> {
  if (ids.length === 0) return [];
  const [found] = await prepared(db).books.execute({ ids: [...ids] });
  const rows = parseJsonRows(found?.json ?? "[]", listedBookOwnColumns);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed: ListedBookRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const name = row && (await categoryName(db, row.categoryId));
    if (row && name !== undefined) listed.push({ ...row, categoryName: name });
  }
  return listed;
}

export async function getBook(db: Database, bookId: number): Promise<BookDetail> {
  const row = await loadBook(db, bookId);
  if (!row) throw errors.bookNotFound();
  const name = await categoryName(db, row.categoryId);
  if (name === undefined) throw errors.bookNotFound();
  return presentBookDetail({ ...row, categoryName: name });
}

/**
 * Which books a search finds, and in what order, depends only on titles, authors and category
 * names, which change only when books are added (seed, import). So each process keeps the ids
 * of a search's page for SEARCH_IDS_MS, and reads the books themselves afresh: copies and
 * ratings are never older than the answer. A new book shows in searches within that time.
 */
export const SEARCH_IDS_MS = 5 * 60_000;
const searchIds = perDatabase(() => new ResponseCache<Found>(SEARCH_IDS_MS, 20_000));

/**
 * Drops what this module keeps of the catalogue (search ids, category names): the catalogue
 * changed, here or in another process (decision 020).
 */
export function dropKeptCatalogue(db: Database): void {
  searchIds(db).clear();
  fallbackAuthors(db).clear();
  const names = categoryNames(db);
  names.names = new Map();
  names.readAt = 0;
}

/**
 * What search_words says of each word searched, kept as the ids are: it changes only when books
 * are added. `fresh` looks again.
 */
const wordLookups = perDatabase(
  () => new ResponseCache<Map<string, WordLookup>>(SEARCH_IDS_MS, 20_000),
);

/** What a search's fields hold, normalised (typedTerms). */
type Typed = ReturnType<typeof typedTerms>;

/** `alikeForKnown` also reads the words like those the catalogue has (a second try). */
function lookupsOf(
  db: Database,
  typed: Typed,
  { fresh, alikeForKnown = false }: { fresh: boolean; alikeForKnown?: boolean },
): Promise<Map<string, WordLookup>> {
  const words = [...wordsOf(typed.title), ...wordsOf(typed.author)];
  const look = () => lookUpWords(db, words, { alikeForKnown });
  const key = JSON.stringify([words, alikeForKnown]);
  return fresh ? look() : wordLookups(db).get(key, look);
}

/**
 * The ids of a search may be kept only when nothing that moves with loans and reviews decides
 * them: not when sorted by popularity or rating, nor filtered by copies or rating.
 */
const idsKeepable = (query: SearchQuery) =>
  (query.sort === undefined || ["relevance", "title", "newest"].includes(query.sort)) &&
  !query.available &&
  query.minRating === undefined;

/**
 * The words `fixed` (normalised) as `printed` prints them, capitals, accents and what lies
 * between: "quillmoorian almanack" in "The Quillmoorian Almanack" is "Quillmoorian Almanack".
 * Null when `printed` does not hold them in a row.
 */
function asPrinted(printed: string, fixed: string): string | null {
  const wanted = wordsOf(fixed);
  const tokens = [...printed.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((match) => ({
    word: normalizeForSearch(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
  for (let first = 0; first + wanted.length <= tokens.length; first += 1) {
    const run = tokens.slice(first, first + wanted.length);
    if (run.every((token, n) => token.word === wanted[n])) {
      return printed.slice(run[0]!.start, run.at(-1)!.end);
    }
  }
  return null;
}

/**
 * "Did you mean": the field holding a word no title or author has, as corrected; in the first
 * book's own words when it holds them (the first book is, most often, what was meant).
 */
function didYouMeanOf(
  terms: SearchTerms,
  first: ListedBookRow | undefined,
): Pick<SearchResult, "didYouMean" | "didYouMeanField"> {
  const field = terms.title?.corrected ? "title" : terms.author?.corrected ? "author" : null;
  if (field === null) return { didYouMean: null, didYouMeanField: null };
  const fixed = terms[field]!.fixed;
  const printed = first ? asPrinted(first[field], fixed) : null;
  return { didYouMean: printed ?? fixed, didYouMeanField: field };
}

/** Ids of a page of a search, the terms that found them, and what its words are in the catalogue. */
interface Found {
  ids: number[];
  terms: SearchTerms;
  lookups: ReadonlyMap<string, WordLookup>;
}

/**
 * From how many books (the planner's count) a search first tries reading its best matches in
 * order (bestFirstStatement); below it, ranking every match is as quick. Tests lower it.
 */
export const bestFirst = { fromBooks: 20_000 };

/** The planner's count of books, read again with the search ids; 0 before any ANALYZE. */
const catalogueSizes = perDatabase(() => new ResponseCache<number>(SEARCH_IDS_MS, 1));
const catalogueSize = (db: Database) =>
  catalogueSizes(db).get("books", async () => {
    const [row] = await queryRows<{ books: number }>(db, catalogueSizeSql);
    return Number(row?.books ?? 0);
  });

/** The page's ids read in order, when that can tell them (bestFirstStatement); else null. */
async function bestFirstIds(
  db: Database,
  terms: SearchTerms,
  query: SearchQuery,
  lookups: ReadonlyMap<string, WordLookup>,
  window: Window,
): Promise<number[] | null> {
  const books = await catalogueSize(db);
  if (books < bestFirst.fromBooks) return null;
  const needed = window.offset + window.pageSize + 1;
  const walk = walkWorthwhile(terms, query, lookups, needed, books);
  const statement = bestFirstStatement(terms, query, needed, walk);
  if (!statement) return null;
  const ids = (await queryRows<{ id: number }>(db, statement)).map((row) => Number(row.id));
  return ids.length === needed ? ids.slice(window.offset) : null;
}

/**
 * Ids of the search's page by its words, corrected where no title or author holds them; when
 * that finds nothing at all, once more with every word let go one slip further ("little woman").
 */
async function find(
  db: Database,
  query: SearchQuery,
  typed: Typed,
  window: Window,
  fresh: boolean,
): Promise<Found> {
  const lookups = await lookupsOf(db, typed, { fresh });
  const idsOf = async (terms: SearchTerms) =>
    (await searchStatement(db, terms, query, window)).map((row) => row.id);
  const terms = termsFrom(typed, lookups);
  const inOrder = await bestFirstIds(db, terms, query, lookups, window);
  if (inOrder) return { ids: inOrder, terms, lookups };
  const ids = await idsOf(terms);
  if (ids.length > 0 || window.offset > 0) return { ids, terms, lookups };
  const every = await lookupsOf(db, typed, { fresh, alikeForKnown: true });
  const wider = termsFrom(typed, every, { everyWord: true });
  if (!wider.title?.corrected && !wider.author?.corrected) return { ids, terms, lookups };
  return { ids: await idsOf(wider), terms: wider, lookups };
}

/** A page of `query`'s search: kept as SEARCH_IDS_MS says, unless `fresh` or unkeepable. */
function pageOf(db: Database, query: SearchQuery, window: Window, fresh: boolean): Promise<Found> {
  const typed = typedTerms(query);
  const key = JSON.stringify([
    typed.title,
    typed.author,
    typed.category,
    query.sort ?? "relevance",
    window.page,
    window.pageSize,
  ]);
  const search = () => find(db, query, typed, window, fresh);
  return fresh || !idsKeepable(query) ? search() : searchIds(db).get(key, search);
}

/** The authors a title's words name (authorsHoldingSql), kept as the search ids are. */
const fallbackAuthors = perDatabase(() => new ResponseCache<string[]>(SEARCH_IDS_MS, 20_000));

/** Every category's name, by name. */
async function categoryNamesInOrder(db: Database): Promise<string[]> {
  const names = await knownCategoryNames(db);
  return [...names.values()].sort((a, b) => a.localeCompare(b, "en"));
}

/** A title search's page of the books its words name instead, and which names they are. */
interface Fallback {
  field: "author" | "category";
  names: string[];
  moreNames: boolean;
  found: Found;
}

/**
 * For a search by title alone whose title is in no book at all (this page or the first): its
 * words taken as an author, else as a category, when some author or category holds them, with
 * the same sort, filters and page. Null otherwise, or when they find no book either.
 */
async function fallbackOf(
  db: Database,
  query: SearchQuery,
  found: Found,
  window: Window,
  fresh: boolean,
): Promise<Fallback | null> {
  const typed = typedTerms(query);
  if (!typed.title || typed.author || typed.category || found.ids.length > 0) return null;
  // As typed and as first corrected: what an author search of these words matches.
  const term = correctTerm(typed.title, found.lookups);
  let field: Fallback["field"] | null = null;
  let matched: string[] = [];
  if (authorsMayHold(term, found.lookups)) {
    const key = JSON.stringify([term.typed, term.words]);
    const look = async () =>
      (await queryRows<{ author: string }>(db, authorsHoldingSql(term))).map((row) => row.author);
    matched = await (fresh ? look() : fallbackAuthors(db).get(key, look));
    if (matched.length > 0) field = "author";
  }
  if (field === null) {
    matched = categoriesHolding(typed.title, await categoryNamesInOrder(db));
    if (matched.length > 0) field = "category";
  }
  if (field === null) return null;
  // Past the first page, an empty page may only be past the last title found. Asked after the
  // names, which rule out most searches more cheaply.
  if (window.offset > 0) {
    const first = await pageOf(db, query, { ...window, page: 1, offset: 0 }, fresh);
    if (first.ids.length > 0) return null;
  }
  const { page, pageSize, sort, available, minRating } = query;
  const insteadQuery = { page, pageSize, sort, available, minRating, [field]: query.title };
  const instead = await pageOf(db, insteadQuery, window, fresh);
  if (instead.ids.length === 0 && window.offset === 0) return null;
  return { field, ...namesOf(matched), found: instead };
}

/** `fresh` searches the database even when the ids of that search are kept. */
export async function searchBooks(
  db: Database,
  query: SearchQuery,
  { fresh = false } = {},
): Promise<SearchResult> {
  const window = windowOf({ page: query.page ?? 1, pageSize: query.pageSize });
  const found = await pageOf(db, query, window, fresh);
  const ordered = await listedBooks(db, found.ids);
  const list = toList(ordered, window);
  const message =
    list.books.length === 0
      ? "No books match your search."
      : `Showing ${list.books.length} book${list.books.length === 1 ? "" : "s"}${list.hasMore ? ", more available" : ""}.`;
  const fallback = await fallbackOf(db, query, found, window, fresh);
  if (!fallback)
    return { ...list, message, ...didYouMeanOf(found.terms, ordered[0]), fallback: null };
  const instead = await listedBooks(db, fallback.found.ids);
  const { bookId, books: insteadBooks, hasMore } = toList(instead, window);
  return {
    ...list,
    message,
    // The correction that found the fallback's books, for its field ("jane austin": the author).
    ...didYouMeanOf(fallback.found.terms, instead[0]),
    fallback: {
      field: fallback.field,
      names: fallback.names,
      moreNames: fallback.moreNames,
      bookId,
      books: insteadBooks,
      hasMore,
    },
  };
}

/** A category's books as readers see them: retired ones are neither listed nor counted. */
const listedInCategory = and(eq(books.categoryId, categories.id), isNull(books.retiredAt));

async function findCategory(db: Database, categoryId: number) {
  const [row] = await db
    .select({ ...getTableColumns(categories), bookCount: count(books.id) })
    .from(categories)
    .leftJoin(books, listedInCategory)
    .where(eq(categories.id, categoryId))
    .groupBy(categories.id);
  if (!row) throw errors.categoryNotFound();
  return row;
}

export async function listBooksByCategory(
  db: Database,
  categoryId: number,
  choices: ListChoices,
): Promise<BooksByCategory> {
  const category = await findCategory(db, categoryId);
  const window = windowOf(choices);
  const rows = await selectBooks(db)
    .where(
      and(eq(books.categoryId, categoryId), isNull(books.retiredAt), ...filterConditions(choices)),
    )
    .orderBy(...orderOf(sortOf(choices.sort, "title")))
    .limit(window.pageSize + 1)
    .offset(window.offset);
  return { ...toList(rows, window), categoryId: wireId(categoryId), total: category.bookCount };
}

export async function listCategories(db: Database): Promise<CategoriesList> {
  const rows = await db
    .select({ ...getTableColumns(categories), bookCount: count(books.id) })
    .from(categories)
    .leftJoin(books, listedInCategory)
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return {
    state: "Success",
    categoriesList: rows.map((row) => presentCategory(row, row.bookCount)),
  };
}

export async function getCategory(db: Database, categoryId: number): Promise<CategoryDetail> {
  const row = await findCategory(db, categoryId);
  return { state: "success", ...presentCategory(row, row.bookCount) };
}

/** Books in the order of `ids`; ids with no book are left out. */
export async function findBooks(db: Executor, ids: readonly number[]): Promise<Book[]> {
  if (ids.length === 0) return [];
  const rows = await selectBooks(db).where(inArray(books.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, presentBook(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Title and author of a book, for drawing its cover; null when there is no such book. */
const imageTypes: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/**
 * A book's cover: the stored image when it has one of a known type, else one drawn from its
 * title and author (SVG). 404 for an unknown book.
 */
export async function coverOf(
  db: Database,
  content: ContentStore,
  bookId: number,
): Promise<{ type: string; body: Buffer | string }> {
  const book = await findCoverSource(db, bookId);
  if (!book) throw errors.bookNotFound();
  if (book.coverKey) {
    const image = await content.get(book.coverKey);
    const type = imageTypes[book.coverKey.split(".").pop() ?? ""];
    if (image && type) return { type, body: image };
  }
  return { type: "image/svg+xml", body: drawCover(book.title, book.author) };
}

async function findCoverSource(db: Database, bookId: number) {
  const [row] = await db
    .select({ title: books.title, author: books.author, coverKey: books.coverKey })
    .from(books)
    .where(eq(books.id, bookId));
  return row ?? null;
}
