import { useId, useState, type FormEvent } from "react";
import { SEARCH_HIT_LIMIT, SEARCH_MIN_LENGTH, type SearchHit } from "../book-search";
import type { BookSearchState } from "../hooks/use-book-search";
import { readingMessages } from "../messages";
import type { ShownTheme } from "../reader-theme";
import { ReaderPanel } from "./reader-panel";

interface SearchPanelProps {
  state: BookSearchState;
  theme: ShownTheme;
  chapterTitle: (href: string) => string;
  onSearch: (query: string) => void;
  onSelect: (hit: SearchHit) => void;
  onClose: () => void;
}

function statusOf({ query, hits, searching }: BookSearchState): string {
  if (query.length < SEARCH_MIN_LENGTH) return "";
  const count = `${hits.length} ${hits.length === 1 ? "match" : "matches"}`;
  if (searching) return `Searching… ${count} so far`;
  if (hits.length === 0) return readingMessages.searchEmpty;
  if (hits.length >= SEARCH_HIT_LIMIT) return `Showing the first ${SEARCH_HIT_LIMIT} matches`;
  return count;
}

/** The hits grouped by chapter, in book order. */
function byChapter(hits: SearchHit[]): { href: string; hits: SearchHit[] }[] {
  const groups: { href: string; hits: SearchHit[] }[] = [];
  for (const hit of hits) {
    const last = groups[groups.length - 1];
    if (last && last.href === hit.href) last.hits.push(hit);
    else groups.push({ href: hit.href, hits: [hit] });
  }
  return groups;
}

/** Search in the book: type a word, see each match in its sentence, jump to one. */
export function SearchPanel({
  state,
  theme,
  chapterTitle,
  onSearch,
  onSelect,
  onClose,
}: SearchPanelProps) {
  const [draft, setDraft] = useState(state.query);
  const inputId = useId();
  const statusId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <ReaderPanel title="Search in this book" theme={theme} onClose={onClose} initialFocus="input">
      <form className="reader-search" role="search" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Words to find
        </label>
        <input
          id={inputId}
          className="reader-search__input"
          type="search"
          value={draft}
          placeholder="Find in book"
          autoComplete="off"
          aria-describedby={statusId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="reader-button">
          Search
        </button>
      </form>
      <p id={statusId} className="reader-search__status" role="status">
        {statusOf(state)}
      </p>
      {byChapter(state.hits).map((group) => (
        <section key={group.href} className="reader-search__group">
          <h3 className="reader-search__chapter">{chapterTitle(group.href)}</h3>
          <ol className="reader-search__hits">
            {group.hits.map((hit) => (
              <li key={`${hit.href}:${hit.progression}`}>
                <button type="button" className="reader-search__hit" onClick={() => onSelect(hit)}>
                  …{hit.before}
                  <mark>{hit.match}</mark>
                  {hit.after}…
                </button>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </ReaderPanel>
  );
}
