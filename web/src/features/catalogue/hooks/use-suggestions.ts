import type { Suggestion } from "@folio/contract/catalogue";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CATALOGUE_QUERY_ROOT } from "../../../lib/catalogue-query-keys";
import { SUGGEST_MIN_CHARACTERS } from "@folio/contract/constants";
import { fetchSuggestions } from "../api/suggest-api";

/** How long typing must pause before we ask: a word typed quickly is one request, not five. */
export const SUGGEST_DELAY_MS = 150;

const NONE: readonly Suggestion[] = [];

function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface Suggestions {
  /** What to offer now: none below the minimum length, while closed, or after a failure. */
  suggestions: readonly Suggestion[];
  /** The answer for the text as it now stands has come, so its count can be announced. */
  settled: boolean;
}

/**
 * Suggestions for `text` once typing pauses, while `open`. A request whose text has been typed
 * over is aborted: TanStack Query cancels a query no one watches once its signal is used, so a
 * slow answer for "mo" can never replace the one for "mobb".
 */
export function useSuggestions(text: string, open: boolean): Suggestions {
  const typed = text.trim();
  const term = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const live = open && typed.length >= SUGGEST_MIN_CHARACTERS;
  const query = useQuery({
    queryKey: [...CATALOGUE_QUERY_ROOT, "suggest", term],
    queryFn: ({ signal }) => fetchSuggestions(term, signal),
    select: (result) => result.suggestions,
    enabled: live && term.length >= SUGGEST_MIN_CHARACTERS,
  });
  // The list shown last stays while the next answer comes, so it does not blink shut at every
  // pause in typing; it goes once the box is closed or too short.
  // A failed request shows nothing and says nothing: the box still searches as before.
  const [kept, setKept] = useState(NONE);
  const shown = live && !query.isError;
  const fresh = shown ? query.data : undefined;
  if (fresh && fresh !== kept) setKept(fresh);
  if (!shown && kept !== NONE) setKept(NONE);
  return {
    suggestions: shown ? (fresh ?? kept) : NONE,
    settled: fresh !== undefined && term === typed,
  };
}
