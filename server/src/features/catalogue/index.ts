// The catalogue's public face (decision 016): other features and the app import only this.
// It owns `books` and `categories`: stock.ts holds the writes other features ask for, editing.ts
// staff's edits and files.ts the writes that store a book's file with its row.
export { catalogueRoutes as cataloguePlugin } from "./routes";
export { drawCover } from "./cover";
export {
  createBook,
  createCategory,
  restoreBook,
  retireBook,
  updateBook,
  updateCategory,
  type BookFields,
  type Change,
} from "./editing";
export {
  addBookWithFiles,
  bookFileKey,
  deleteUpload,
  readUpload,
  replaceBookFile,
  storeUpload,
  sweepUploads,
  type BookFiles,
  type ReplacedFile,
} from "./files";
export { catalogueChanged, dropWithCatalogue } from "./freshness";
export { relatedBooks } from "./related";
export { coverUrlFor, presentBook, type ListedBookRow } from "./presenter";
export {
  categoryName,
  findBooks,
  getBook,
  listBooksByCategory,
  listCategories,
  listedBookOwnColumns,
  listPopularBooks,
  searchBooks,
} from "./service";
export { normalizeForSearch } from "./search-text";
export {
  countActiveBooks,
  findStaffBook,
  findStaffCategory,
  listStaffBooks,
  listStaffCategories,
  suggestCategory,
  type StaffBook,
} from "./staff-reads";
export {
  addBook,
  addBooks,
  addCategories,
  adjustRating,
  bumpCatalogueVersion,
  ensureCategory,
  listCategoriesForImport,
  lockBookByTitle,
  markSampleEditions,
  setCoverKey,
  updateEdition,
  type EditionChanges,
  type NewBook,
  type NewCategory,
} from "./stock";
