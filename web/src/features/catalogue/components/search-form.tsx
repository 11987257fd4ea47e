import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../ui/button";
import { CloseIcon, SearchIcon } from "../../../ui/icons";
import type { SearchTerms } from "../api/catalogue-api";
import { catalogueMessages } from "../messages";
import {
  cleanSearchTerms,
  hasSearchTerms,
  SEARCH_FIELDS,
  searchPath,
  type SearchField,
} from "../search-terms";
import { SuggestBox, type SuggestBoxProps } from "./suggest-box";
import "./search-form.css";

const FIELD_LABELS: Record<SearchField, string> = {
  title: "Title",
  author: "Author",
  category: "Category",
};

const FIELD_PLACEHOLDERS: Record<SearchField, string> = {
  title: "e.g. Moby-Dick",
  author: "e.g. Jane Austen",
  category: "e.g. Poetry",
};

/** The title field offers suggestions as the reader types; author and category are plain boxes. */
function FieldInput({
  field,
  onValueChange,
  ...inputProps
}: SuggestBoxProps & { field: SearchField }) {
  if (field === "title") return <SuggestBox {...inputProps} onValueChange={onValueChange} />;
  return <input {...inputProps} onChange={(event) => onValueChange(event.target.value)} />;
}

interface SearchFormProps {
  /** Prefills the fields (the search page shows what was searched). */
  initialTerms?: SearchTerms;
  /** Names the form for assistive technology. */
  label?: string;
  /**
   * On a phone the form folds behind a button of these words, so what comes after it (books)
   * shows on the first screen; wider screens show it open, the button hidden (CSS alone, so
   * nothing moves after the first paint).
   */
  foldOnPhone?: string;
}

/** Title, author and category search (spec §2 Home): at least one non-blank field. */
export function SearchForm({
  initialTerms = {},
  label = "Search the catalogue",
  foldOnPhone,
}: SearchFormProps) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const errorId = `${idPrefix}-error`;
  const helpId = `${idPrefix}-help`;
  const formId = `${idPrefix}-form`;
  const [unfolded, setUnfolded] = useState(false);
  // Set by the fold button: once the form shows, the reader types at once.
  const focusOnUnfold = useRef(false);
  const [values, setValues] = useState<Record<SearchField, string>>({
    title: initialTerms.title ?? "",
    author: initialTerms.author ?? "",
    category: initialTerms.category ?? "",
  });
  const [error, setError] = useState<string | null>(null);
  const inputRefs = useRef<Partial<Record<SearchField, HTMLInputElement | null>>>({});

  useEffect(() => {
    if (!unfolded || !focusOnUnfold.current) return;
    focusOnUnfold.current = false;
    inputRefs.current.title?.focus();
  }, [unfolded]);

  function update(field: SearchField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (error) setError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const terms = cleanSearchTerms(values);
    if (!hasSearchTerms(terms)) {
      setError(catalogueMessages.searchParameterRequired);
      inputRefs.current.title?.focus();
      return;
    }
    void navigate(searchPath(terms));
  }

  const folded = foldOnPhone !== undefined && !unfolded;
  return (
    <>
      {foldOnPhone !== undefined && (
        <Button
          variant="secondary"
          className="search-form__unfold"
          aria-expanded={unfolded}
          aria-controls={formId}
          onClick={() => {
            focusOnUnfold.current = !unfolded;
            setUnfolded(!unfolded);
          }}
        >
          <SearchIcon />
          {foldOnPhone}
        </Button>
      )}
      <form
        id={formId}
        className={`search-form${folded ? " search-form--folded" : ""}`}
        role="search"
        aria-label={label}
        onSubmit={handleSubmit}
        noValidate
      >
        <div className="search-form__fields">
          {SEARCH_FIELDS.map((field) => {
            const inputId = `${idPrefix}-${field}`;
            return (
              <div className="search-form__field" key={field}>
                <label htmlFor={inputId} className="search-form__label">
                  {FIELD_LABELS[field]}
                </label>
                <div className="search-form__control">
                  <FieldInput
                    field={field}
                    id={inputId}
                    ref={(element) => {
                      inputRefs.current[field] = element;
                    }}
                    name={field}
                    type="text"
                    className="search-form__input"
                    value={values[field]}
                    placeholder={FIELD_PLACEHOLDERS[field]}
                    autoComplete="off"
                    maxLength={200}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={
                      [field === "category" ? null : helpId, error ? errorId : null]
                        .filter(Boolean)
                        .join(" ") || undefined
                    }
                    onValueChange={(value) => update(field, value)}
                  />
                  {values[field] !== "" && (
                    <button
                      type="button"
                      className="search-form__clear"
                      aria-label={`Clear ${FIELD_LABELS[field].toLowerCase()}`}
                      onClick={() => {
                        update(field, "");
                        inputRefs.current[field]?.focus();
                      }}
                    >
                      <CloseIcon size={14} />
                    </button>
                  )}
                </div>
              </div>
            );
          })}
          <Button type="submit" className="search-form__submit">
            <SearchIcon />
            Search
          </Button>
        </div>
        <p id={helpId} className="search-form__help">
          {catalogueMessages.searchHelp}
        </p>
        {error && (
          <p id={errorId} className="search-form__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </>
  );
}
