import type { AdminBook, AdminCategory, UpdateBookRequest } from "@folio/contract/admin";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { useUpdateBook } from "../hooks/catalogue-queries";
import {
  BOOK_FIELDS,
  BookFields,
  bookFormValues,
  checkBookForm,
  useBookFormErrors,
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
  const [values, setValues] = useState(() => bookFormValues(book));
  const formRef = useRef<HTMLFormElement>(null);
  const form = useBookFormErrors(formRef, FORM_PREFIX);
  const update = useUpdateBook();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
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

  const pending = update.isPending;
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      title={`Edit “${book.title}”`}
      size="wide"
      describedByBody={false}
      initialFocus=".modal__body input"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
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
          errors={form.errors}
          problem={form.problem}
          categories={categories}
          onChange={setValues}
          idPrefix={FORM_PREFIX}
        />
      </form>
    </Modal>
  );
}
