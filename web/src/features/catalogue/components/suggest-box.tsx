import type { Suggestion } from "@folio/contract/catalogue";
import { useId, useState, type ComponentProps, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useSuggestions } from "../hooks/use-suggestions";
import { searchPath } from "../search-terms";
import "./suggest-box.css";

const KIND_LABELS: Record<Suggestion["kind"], string> = {
  title: "Title",
  author: "Author",
  category: "Category",
};

function countText(count: number): string {
  if (count === 0) return "No suggestions";
  return count === 1 ? "1 suggestion" : `${count} suggestions`;
}

/** Where a suggestion leads: a title to its book, a category to its page, an author to a search. */
export function suggestionPath({ kind, text, bookId, categoryId }: Suggestion): string {
  if (kind === "title" && bookId !== null) return `/book/${bookId}`;
  if (kind === "category" && categoryId !== null) return `/category/${categoryId}`;
  return searchPath({ [kind]: text });
}

type InputProps = Omit<
  ComponentProps<"input">,
  "value" | "onChange" | "onKeyDown" | "onBlur" | "role" | "aria-autocomplete"
>;

export interface SuggestBoxProps extends InputProps {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A text box that offers titles, authors and categories as the reader types: the WAI-ARIA 1.2
 * combobox with a listbox popup. Focus stays in the box; the arrows move the active option and
 * Enter opens it, or, with none active, lets the form submit as before.
 */
export function SuggestBox({ value, onValueChange, ...inputProps }: SuggestBoxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const { suggestions, settled } = useSuggestions(value, open);
  // The active option belongs to the list it was chosen in: a new answer starts with none.
  const [active, setActive] = useState({ list: suggestions, index: -1 });
  const activeIndex = active.list === suggestions ? active.index : -1;
  const expanded = suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function pick(suggestion: Suggestion) {
    setOpen(false);
    void navigate(suggestionPath(suggestion));
  }

  function move(step: 1 | -1) {
    const count = suggestions.length;
    if (count === 0) return;
    // From none, down goes to the first and up to the last; both wrap round at the ends.
    const next = activeIndex === -1 ? (step === 1 ? 0 : count - 1) : activeIndex + step;
    setActive({ list: suggestions, index: (next + count) % count });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (open) move(event.key === "ArrowDown" ? 1 : -1);
      else setOpen(true);
    } else if (event.key === "Enter") {
      const suggestion = suggestions[activeIndex];
      if (suggestion) {
        event.preventDefault();
        pick(suggestion);
      } else {
        setOpen(false);
      }
    } else if (event.key === "Escape" && (expanded || value !== "")) {
      // First Escape closes the list, the next clears the box; only then may the narrow header
      // take Escape to hide its search row.
      event.preventDefault();
      event.stopPropagation();
      if (expanded) setOpen(false);
      else onValueChange("");
    }
  }

  return (
    <div className="suggest-box">
      <input
        autoComplete="off"
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeIndex === -1 ? undefined : optionId(activeIndex)}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => setOpen(false)}
      />
      {/* Pressing an option must not take focus from the box, or its blur would shut the list
          before the click lands. */}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="suggest-box__list"
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.bookId ?? suggestion.categoryId ?? suggestion.text}`}
            id={optionId(index)}
            role="option"
            aria-label={`${suggestion.text}, ${KIND_LABELS[suggestion.kind]}`}
            aria-selected={index === activeIndex}
            className="suggest-box__option"
            onClick={() => pick(suggestion)}
          >
            <span className="suggest-box__text">{suggestion.text}</span>
            <span className="suggest-box__kind">{KIND_LABELS[suggestion.kind]}</span>
          </li>
        ))}
      </ul>
      <div role="status" className="visually-hidden">
        {settled ? countText(suggestions.length) : ""}
      </div>
    </div>
  );
}
