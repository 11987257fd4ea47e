import { useCallback, useEffect, useRef, useState } from "react";
import { searchChapters, SEARCH_MIN_LENGTH, type SearchHit } from "../book-search";

export interface BookSearchState {
  query: string;
  hits: SearchHit[];
  searching: boolean;
}

/**
 * Search in the book, kept while the panel closes and opens again. A new query stops the one
 * before it; chapters are read one at a time (book-search.ts).
 */
export function useBookSearch(
  hrefs: readonly string[],
  chapterText: ((href: string) => Promise<string>) | null,
) {
  const [state, setState] = useState<BookSearchState>({ query: "", hits: [], searching: false });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const search = useCallback(
    (query: string) => {
      running.current?.abort();
      const trimmed = query.trim();
      if (!chapterText || trimmed.length < SEARCH_MIN_LENGTH) {
        setState({ query: trimmed, hits: [], searching: false });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setState({ query: trimmed, hits: [], searching: true });
      void searchChapters(
        hrefs,
        chapterText,
        trimmed,
        (hits, done) => {
          if (!controller.signal.aborted) setState({ query: trimmed, hits, searching: !done });
        },
        controller.signal,
      );
    },
    [hrefs, chapterText],
  );

  return { ...state, search };
}
