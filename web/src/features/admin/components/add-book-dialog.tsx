import type { AdminBook, AdminCategory, UploadAnswer } from "@folio/contract/admin";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { Spinner } from "../../../ui/spinner";
import { FormMessage } from "../../../ui/text-field";
import { epubFileProblem, fileSizeText } from "../epub-file";
import { useCreateBook, useUploadEpub } from "../hooks/catalogue-queries";
import { adminMessages, problemField, problemText } from "../messages";
import {
  BookFields,
  checkBookForm,
  firstInvalidField,
  focusBookField,
  isBookField,
  type BookFormErrors,
  type BookFormValues,
} from "./book-form";
import { EpubPicker } from "./epub-picker";

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
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [values, setValues] = useState<BookFormValues | null>(null);
  const [errors, setErrors] = useState<BookFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = useUploadEpub();
  const creating = useCreateBook();
  const pending = uploading.isPending || creating.isPending;

  // The review form replaces the file step: focus moves to its first field.
  useEffect(() => {
    if (upload) focusBookField(formRef.current, FORM_PREFIX, "title");
  }, [upload]);

  async function sendFile(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const wrong = file ? epubFileProblem(file) : adminMessages.notAnEpub;
    if (wrong || !file) {
      setFileError(wrong);
      pickerRef.current?.focus();
      return;
    }
    setFileError(null);
    try {
      const answer = await uploading.mutateAsync(file);
      setUpload(answer);
      setValues(reviewValues(answer, categories));
    } catch (error) {
      if (isSessionEnd(error)) return;
      setFileError(problemText(error));
      pickerRef.current?.focus();
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (pending || !upload || !values) return;
    const checked = checkBookForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(null);
      const first = firstInvalidField(checked.errors);
      if (first) focusBookField(formRef.current, FORM_PREFIX, first);
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      const answer = await creating.mutateAsync({
        uploadId: upload.uploadId,
        ...checked.fields,
        year: upload.metadata.year,
        language: upload.metadata.language || undefined,
      });
      onCreated(answer.book);
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

  const close = () => {
    if (!pending) onClose();
  };
  const cancel = (
    <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
      Cancel
    </Button>
  );

  return (
    <Modal
      title="Add a book"
      size="wide"
      describedByBody={false}
      initialFocus=".modal__body input"
      onClose={close}
      actions={
        upload ? (
          <>
            {cancel}
            <Button type="submit" form={formId} aria-disabled={pending ? true : undefined}>
              {creating.isPending ? "Saving…" : "Save"}
            </Button>
          </>
        ) : (
          <>
            {cancel}
            <Button type="submit" form={formId} aria-disabled={pending ? true : undefined}>
              {uploading.isPending ? "Uploading…" : "Upload"}
            </Button>
          </>
        )
      }
    >
      {upload && values ? (
        <form
          key="review"
          id={formId}
          ref={formRef}
          className="console-form"
          noValidate
          onSubmit={(event) => void save(event)}
        >
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
                {file?.name} ({fileSizeText(upload.size)})
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
            errors={errors}
            categories={categories}
            onChange={setValues}
            idPrefix={FORM_PREFIX}
          />
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
        </form>
      ) : (
        <form
          key="file"
          id={formId}
          className="console-form"
          noValidate
          onSubmit={(event) => void sendFile(event)}
        >
          <EpubPicker
            ref={pickerRef}
            error={fileError}
            onPick={(picked) => {
              setFile(picked);
              setFileError(picked ? epubFileProblem(picked) : null);
            }}
          />
          {uploading.isPending && (
            <div className="console-progress">
              <Spinner label={adminMessages.readingFile} />
              <span aria-hidden="true">{adminMessages.readingFile}</span>
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
