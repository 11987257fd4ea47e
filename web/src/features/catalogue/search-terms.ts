import type { SearchTerms } from "./api/catalogue-api";

export const SEARCH_FIELDS = ["title", "author", "category"] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Trims every field and drops the blank ones (spec §5, Search). */
export function cleanSearchTerms(values: Partial<Record<SearchField, string | null>>): SearchTerms {
  const terms: SearchTerms = {};
  for (const field of SEARCH_FIELDS) {
    const value = values[field]?.trim();
    if (value) terms[field] = value;
  }
  return terms;
}

export function hasSearchTerms(terms: SearchTerms): boolean {
  return SEARCH_FIELDS.some((field) => terms[field] !== undefined);
}

export function readSearchTerms(params: URLSearchParams): SearchTerms {
  return cleanSearchTerms({
    title: params.get("title"),
    author: params.get("author"),
    category: params.get("category"),
  });
}

/** `/search?title=…` carrying only the filled fields. */
export function searchPath(terms: SearchTerms): string {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    const value = terms[field];
    if (value) params.set(field, value);
  }
  return `/search?${params.toString()}`;
}
