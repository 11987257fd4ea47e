import type { AdminBook, AdminCategory } from "@folio/contract/admin";
import { staffLimits } from "@folio/contract/staff";
import { useState, type RefObject } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { TextField } from "../../../ui/text-field";
import { parsePounds, parseWhole, poundsText } from "../amount-text";
import { problemField, problemText } from "../messages";
import { SelectField, TextAreaField } from "./fields";

/** The fields of a book as staff type them. */
export interface BookFormValues {
  title: string;
  author: string;
  categoryId: string;
  description: string;
  price: string;
  copies: string;
  lendsLeft: string;
}

export type BookField = keyof BookFormValues;
export type BookFormErrors = Partial<Record<BookField, string>>;

/** The fields as the server takes them. */
export interface BookFieldValues {
  title: string;
  author: string;
  categoryId: string;
  description: string;
  price: number;
  copies: number;
  lendsLeft: number;
}

export const BOOK_FIELDS: readonly BookField[] = [
  "title",
  "author",
  "categoryId",
  "description",
  "price",
  "copies",
  "lendsLeft",
];

export function isBookField(name: string | null): name is BookField {
  return name !== null && (BOOK_FIELDS as readonly string[]).includes(name);
}

export function bookFormValues(book: AdminBook): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    categoryId: book.categoryId,
    description: book.description,
    price: poundsText(book.price),
    copies: String(book.copies),
    lendsLeft: String(book.lendsLeft),
  };
}

/** The values to send, or what is wrong with them; the server checks its own rules again. */
export function checkBookForm(
  values: BookFormValues,
): { ok: true; fields: BookFieldValues } | { ok: false; errors: BookFormErrors } {
  const errors: BookFormErrors = {};
  if (!values.title.trim()) errors.title = "A title is required.";
  if (!values.author.trim()) errors.author = "An author is required.";
  if (!values.categoryId) errors.categoryId = "Choose a category.";
  if (!values.description.trim()) errors.description = "A description is required.";
  const price = parsePounds(values.price);
  if (price === null) errors.price = "Enter a price in pounds, such as 4.99.";
  const copies = parseWhole(values.copies);
  if (copies === null || copies > staffLimits.maxCopies) {
    errors.copies = `Copies must be a whole number from 0 to ${staffLimits.maxCopies}.`;
  }
  const lendsLeft = parseWhole(values.lendsLeft);
  if (lendsLeft === null || lendsLeft > staffLimits.maxLends) {
    errors.lendsLeft = `Lends left must be a whole number from 0 to ${staffLimits.maxLends}.`;
  }
  if (Object.keys(errors).length > 0 || price === null || copies === null || lendsLeft === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    fields: {
      title: values.title.trim(),
      author: values.author.trim(),
      categoryId: values.categoryId,
      description: values.description.trim(),
      price,
      copies,
      lendsLeft,
    },
  };
}

/** The form's first field with an error, to take focus. */
function firstInvalidField(errors: BookFormErrors): BookField | undefined {
  return BOOK_FIELDS.find((field) => errors[field]);
}

/**
 * What is wrong with a BookFields form, as the add and edit dialogs show it: an error next to
 * each wrong field, the first of which takes focus, or one message for the whole form.
 */
export function useBookFormErrors(formRef: RefObject<HTMLFormElement | null>, idPrefix: string) {
  const [errors, setErrors] = useState<BookFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  /** The values to send, or null when some are wrong and say so. */
  function check(values: BookFormValues): BookFieldValues | null {
    const checked = checkBookForm(values);
    setErrors(checked.ok ? {} : checked.errors);
    setProblem(null);
    if (checked.ok) return checked.fields;
    const first = firstInvalidField(checked.errors);
    if (first) focusBookField(formRef.current, idPrefix, first);
    return null;
  }

  /** A message about the whole form, such as "Nothing to save". */
  function showProblem(text: string) {
    setErrors({});
    setProblem(text);
  }

  /** A refused save: next to the field the server named, otherwise above the buttons. */
  function showRefusal(error: unknown) {
    if (isSessionEnd(error)) return;
    const field = problemField(error);
    if (isBookField(field)) {
      setErrors({ [field]: problemText(error) });
      focusBookField(formRef.current, idPrefix, field);
    } else {
      setProblem(problemText(error));
    }
  }

  return { errors, problem, check, showProblem, showRefusal };
}

interface BookFieldsProps {
  values: BookFormValues;
  errors: BookFormErrors;
  categories: readonly AdminCategory[];
  onChange: (values: BookFormValues) => void;
  /** Each field's element gets `name`, so a dialog can focus the first wrong one. */
  idPrefix: string;
}

/** Title, author, category, description, price, copies and lends left. */
export function BookFields({ values, errors, categories, onChange, idPrefix }: BookFieldsProps) {
  // Each field is named, filled, checked and changed the same way.
  const bind = (field: BookField) => ({
    name: `${idPrefix}-${field}`,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...values, [field]: event.target.value }),
  });
  return (
    <>
      <TextField label="Title" maxLength={300} {...bind("title")} />
      <TextField label="Author" maxLength={300} {...bind("author")} />
      <SelectField label="Category" {...bind("categoryId")}>
        <option value="">Choose a category</option>
        {categories.map((category) => (
          <option key={category.categoryId} value={category.categoryId}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Description" rows={5} maxLength={5000} {...bind("description")} />
      <div className="console-form__row">
        <TextField
          label="Price (£)"
          hint="Per loan, such as 4.99."
          inputMode="decimal"
          autoComplete="off"
          {...bind("price")}
        />
        <TextField
          label="Copies"
          hint="Lent at the same time."
          inputMode="numeric"
          autoComplete="off"
          {...bind("copies")}
        />
        <TextField
          label="Lends left"
          hint="Loans the licence still allows."
          inputMode="numeric"
          autoComplete="off"
          {...bind("lendsLeft")}
        />
      </div>
    </>
  );
}

/** Focuses the named field of a BookFields inside `container`. */
export function focusBookField(container: HTMLElement | null, idPrefix: string, field: BookField) {
  container?.querySelector<HTMLElement>(`[name="${idPrefix}-${field}"]`)?.focus();
}
