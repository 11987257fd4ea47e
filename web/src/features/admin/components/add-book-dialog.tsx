import type { AdminBook, AdminCategory, UploadAnswer } from "@folio/contract/admin";
import { useEffect, useRef, useState } from "react";
import { fileSizeText } from "../epub-file";
import { useCreateBook } from "../hooks/catalogue-queries";
import { useEpubUpload } from "../hooks/use-epub-upload";
import { BookFields, focusBookField, useBookFormErrors, type BookFormValues } from "./book-form";
import { EpubPicker } from "./epub-picker";
import { FormDialog } from "./form-dialog";

const FORM_PREFIX = "new-book";

function reviewValues(upload: UploadAnswer, categories: readonly AdminCategory[]): BookFormValues {
  const suggested = upload.metadata.categoryId;
  return {
    title: upload.metadata.title,
    author: upload.metadata.author,
    description: upload.metadata.description,
    // Only a category the list offers can be chosen.
    categoryId: suggested && categories.some((c) => c.categoryId === suggested) ? suggested : "",
    price: "",
    copies: "1",
    lendsLeft: "",
  };
}

interface AddBookDialogProps {
  categories: readonly AdminCategory[];
  onCreated: (book: AdminBook) => void;
  onClose: () => void;
}

/**
 * Adding a book: choose its EPUB, which the server reads (metadata, cover), then review what it
 * found, set the category, price, copies and lends left, and save. Nothing is in the catalogue
 * until Save.
 */
export function AddBookDialog({ categories, onCreated, onClose }: AddBookDialogProps) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const epub = useEpubUpload(pickerRef);
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [values, setValues] = useState<BookFormValues | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useBookFormErrors(formRef, FORM_PREFIX);
  const creating = useCreateBook();
  const pending = epub.isPending || creating.isPending;

  // The review form replaces the file step: focus moves to its first field.
  useEffect(() => {
    if (upload) focusBookField(formRef.current, FORM_PREFIX, "title");
  }, [upload]);

  async function sendFile() {
    await epub.send((answer) => {
      setUpload(answer);
      setValues(reviewValues(answer, categories));
    });
  }

  async function save() {
    if (!upload || !values) return;
    const fields = form.check(values);
    if (!fields) return;
    try {
      const answer = await creating.mutateAsync({
        uploadId: upload.uploadId,
        ...fields,
        year: upload.metadata.year,
        language: upload.metadata.language || undefined,
      });
      onCreated(answer.book);
    } catch (error) {
      form.showRefusal(error);
    }
  }

  const reviewing = upload !== null && values !== null;
  return (
    <FormDialog
      title="Add a book"
      size="wide"
      submitLabel={reviewing ? "Save" : "Upload"}
      pendingLabel={reviewing ? "Saving…" : "Uploading…"}
      pending={pending}
      problem={reviewing ? form.problem : null}
      formRef={formRef}
      onSubmit={reviewing ? save : sendFile}
      onClose={onClose}
    >
      {upload && values ? (
        <>
          <div className="upload-review">
            {upload.cover ? (
              <img
                className="upload-review__cover"
                src={upload.cover}
                alt="The cover found in the file"
              />
            ) : (
              <p className="upload-review__no-cover">
                No cover in the file: the shop will draw one.
              </p>
            )}
            <dl className="upload-review__facts">
              <dt>File</dt>
              <dd>
                {epub.file?.name} ({fileSizeText(upload.size)})
              </dd>
              <dt>Language</dt>
              <dd>{upload.metadata.language || "Not given"}</dd>
              <dt>Year</dt>
              <dd>{upload.metadata.year ?? "Not given"}</dd>
              {upload.metadata.subjects.length > 0 && (
                <>
                  <dt>Subjects</dt>
                  <dd>{upload.metadata.subjects.join(", ")}</dd>
                </>
              )}
            </dl>
          </div>
          <p className="console-form__note" role="status">
            Read from the file: check the details, then set the price, copies and lends left.
          </p>
          <BookFields
            values={values}
            errors={form.errors}
            categories={categories}
            onChange={setValues}
            idPrefix={FORM_PREFIX}
          />
        </>
      ) : (
        <EpubPicker
          ref={pickerRef}
          error={epub.error}
          reading={epub.isPending}
          onPick={epub.pick}
        />
      )}
    </FormDialog>
  );
}
