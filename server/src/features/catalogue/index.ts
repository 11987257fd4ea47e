// The catalogue's public face (decision 016): other features and the app import only this.
// It owns `books` and `categories`; stock.ts holds every write to them.
export { drawCover } from "./cover";
export { coverUrlFor, presentBook, type ListedBookRow } from "./presenter";
export { categoryName, findBooks, listedBookOwnColumns } from "./service";
export { normalizeForSearch } from "./search-text";
export {
  addBook,
  addBooks,
  addCategories,
  adjustRating,
  bumpCatalogueVersion,
  ensureCategory,
  listCategoriesForImport,
  lockBookByTitle,
  lockBooksForLending,
  returnCopy,
  setCoverKey,
  setRecentLoans,
  takeCopies,
  updateEdition,
  type EditionChanges,
  type NewBook,
  type NewCategory,
} from "./stock";
