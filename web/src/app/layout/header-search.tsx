import { useId, useState, type FormEvent, type Ref } from "react";
import { useNavigate } from "react-router";
import { SuggestBox } from "../../features/catalogue/components/suggest-box";
import { catalogueMessages } from "../../features/catalogue/messages";
import { searchPath } from "../../features/catalogue/search-terms";
import { SearchIcon } from "../../ui/icons";
import { useToast } from "../../ui/toast";

/** The header's title search: goes to /search?title=…, or to a suggestion picked on the way. */
export function HeaderSearch({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const inputId = useId();
  const [title, setTitle] = useState("");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      // Spec §5: the same rule and words as the Home search.
      showToast(catalogueMessages.searchParameterRequired, { tone: "warning" });
      return;
    }
    void navigate(searchPath({ title: trimmed }));
  }

  return (
    <form
      className="header-search"
      role="search"
      aria-label="Search by title"
      onSubmit={handleSubmit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search books by title
      </label>
      <SuggestBox
        ref={inputRef}
        id={inputId}
        type="search"
        className="header-search__input"
        placeholder="Search by title"
        value={title}
        maxLength={200}
        onValueChange={setTitle}
      />
      <button type="submit" className="header-search__button" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
