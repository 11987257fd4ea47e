/**
 * The form in which titles, authors and category names are stored for search and in which
 * queries are compared: lower case, accents removed, runs of white space folded. Done in the
 * application, not with SQL unaccent(), because unaccent is not immutable and so cannot back
 * an index.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
