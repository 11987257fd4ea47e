import type { SuggestResult } from "@folio/contract/catalogue";
import { apiGet } from "../../../lib/api-client";

/** Titles, authors and categories for what is being typed (design.md §7.5), at most 8. */
export function fetchSuggestions(text: string, signal?: AbortSignal): Promise<SuggestResult> {
  return apiGet<SuggestResult>("/api/books/suggest", { q: text }, { signal });
}
