import type { AdminBook, AdminCategory, UpdateBookRequest } from "@folio/contract/admin";
import { useRef, useState } from "react";
import { useUpdateBook } from "../hooks/catalogue-queries";
import {
  BOOK_FIELDS,
  BookFields,
  bookFormValues,
  checkBookForm,
  useBookFormErrors,
} from "./book-form";
import { FormDialog } from "./form-dialog";

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
  const [values, setValues] = useState(() => bookFormValues(book));
  const formRef = useRef<HTMLFormElement>(null);
  const form = useBookFormErrors(formRef, FORM_PREFIX);
  const update = useUpdateBook();

  async function submit() {
    const fields = form.check(values);
    if (!fields) return;
    const before = checkBookForm(bookFormValues(book));
    const changes: UpdateBookRequest = { bookId: book.bookId };
    for (const field of BOOK_FIELDS) {
      const now = fields[field];
      if (!before.ok || before.fields[field] !== now) Object.assign(changes, { [field]: now });
    }
    if (Object.keys(changes).length === 1) {
      form.showProblem("Nothing to save: change a field first.");
      return;
    }
    try {
      const answer = await update.mutateAsync(changes);
      onSaved(answer.book);
    } catch (error) {
      form.showRefusal(error);
    }
  }

  return (
    <FormDialog
      title={`Edit “${book.title}”`}
      size="wide"
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={update.isPending}
      problem={form.problem}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="console-form__note">
        {book.onLoan} on loan now. Copies can’t go below the copies lent and held.
      </p>
      <BookFields
        values={values}
        errors={form.errors}
        categories={categories}
        onChange={setValues}
        idPrefix={FORM_PREFIX}
      />
    </FormDialog>
  );
}
