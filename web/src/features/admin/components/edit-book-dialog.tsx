import type { AdminBook, AdminCategory, UpdateBookRequest } from "@folio/contract/admin";
import { useId, useRef, useState, type FormEvent } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { FormMessage } from "../../../ui/text-field";
import { useUpdateBook } from "../hooks/catalogue-queries";
import { problemField, problemText } from "../messages";
import {
  BOOK_FIELDS,
  BookFields,
  bookFormValues,
  checkBookForm,
  firstInvalidField,
  focusBookField,
  isBookField,
  type BookFormErrors,
} from "./book-form";

const FORM_PREFIX = "edit-book";

interface EditBookDialogProps {
  book: AdminBook;
  categories: readonly AdminCategory[];
  onSaved: (book: AdminBook) => void;
  onClose: () => void;
}

/**
 * Edits a book's details, sending only what changed. A refusal (copies below what is lent now,
 * say) shows next to the field it is about, or above the buttons.
 */
export function EditBookDialog({ book, categories, onSaved, onClose }: EditBookDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => bookFormValues(book));
  const [errors, setErrors] = useState<BookFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateBook();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const checked = checkBookForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(null);
      const first = firstInvalidField(checked.errors);
      if (first) focusBookField(formRef.current, FORM_PREFIX, first);
      return;
    }
    const before = checkBookForm(bookFormValues(book));
    const changes: UpdateBookRequest = { bookId: book.bookId };
    for (const field of BOOK_FIELDS) {
      const now = checked.fields[field];
      if (!before.ok || before.fields[field] !== now) Object.assign(changes, { [field]: now });
    }
    if (Object.keys(changes).length === 1) {
      setErrors({});
      setProblem("Nothing to save: change a field first.");
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      const answer = await update.mutateAsync(changes);
      onSaved(answer.book);
    } catch (error) {
      if (isSessionEnd(error)) return;
      const field = problemField(error);
      if (isBookField(field)) {
        setErrors({ [field]: problemText(error) });
        focusBookField(formRef.current, FORM_PREFIX, field);
      } else {
        setProblem(problemText(error));
      }
    }
  }

  const pending = update.isPending;
  return (
    <Modal
      title={`Edit “${book.title}”`}
      size="wide"
      describedByBody={false}
      initialFocus=".modal__body input"
      onClose={() => {
        if (!pending) onClose();
      }}
      actions={
        <>
          <Button
            variant="secondary"
            aria-disabled={pending ? true : undefined}
            onClick={() => {
              if (!pending) onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" form={formId} aria-disabled={pending ? true : undefined}>
            {pending ? "Saving…" : "Save"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className="console-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <p className="console-form__note">
          {book.onLoan} on loan now. Copies can’t go below the copies lent and held.
        </p>
        <BookFields
          values={values}
          errors={errors}
          categories={categories}
          onChange={setValues}
          idPrefix={FORM_PREFIX}
        />
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
      </form>
    </Modal>
  );
}
