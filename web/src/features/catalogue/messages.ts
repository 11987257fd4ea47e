import {
  SEARCH_CORRECTED_WORDS,
  SEARCH_MAX_WORDS,
  SEARCH_PARAMETER_REQUIRED,
} from "@folio/contract/constants";

/** The catalogue's user-facing texts, word for word from spec §2 and §8 (searchHelp is ours). */
export const catalogueMessages = {
  searchParameterRequired: SEARCH_PARAMETER_REQUIRED,
  /** What the server reads of a search (contract/constants.ts): the words past it are ignored. */
  searchHelp: `Title and author are each searched by their first ${SEARCH_MAX_WORDS} words; spelling slips are forgiven in up to ${SEARCH_CORRECTED_WORDS} words.`,
  searchFailed: "Search failed, please try again later",
  loadMoreFailed: "Failed to load more results, please try again later",
  noMoreBooks: "No more books",
  noData: "No data available",
  bookListFailed: "Failed to get book list, please try again later",
  categoryListFailed: "Failed to get category list",
  categoryBooksFailed: "Failed to get category books, please try again later",
  categoryDataFailed: "Failed to get category data, please try again later",
  noBooksInCategory: "No books in this category",
  bookDetailsFailed: (reason: string) => `Unable to load book details: ${reason}`,
  booksInTotal: (count: number) => `Currently ${count} books in total.`,
  /** A title search that found no title, and whose words name authors or categories. */
  noTitlesMatch: (title: string) => `No titles match '${title}'.`,
  booksByAuthors: (names: string) => `Books by ${names}:`,
  booksInCategories: (names: string) => `Books in ${names}:`,
  others: "others",
  unknownBook: "Unknown Book",
  unknownAuthor: "Unknown Author",
} as const;
