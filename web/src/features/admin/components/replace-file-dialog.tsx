import type { AdminBook } from "@folio/contract/admin";
import { useId, useRef, useState, type FormEvent } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { Spinner } from "../../../ui/spinner";
import { epubFileProblem } from "../epub-file";
import { useReplaceBookFile, useUploadEpub } from "../hooks/catalogue-queries";
import { adminMessages, problemText } from "../messages";
import { EpubPicker } from "./epub-picker";

interface ReplaceFileDialogProps {
  book: AdminBook;
  onReplaced: (book: AdminBook) => void;
  onClose: () => void;
}

/** A new EPUB for a book (a corrected edition): upload it, then put it in the old one's place. */
export function ReplaceFileDialog({ book, onReplaced, onClose }: ReplaceFileDialogProps) {
  const formId = useId();
  const pickerRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = useUploadEpub();
  const replacing = useReplaceBookFile();
  const pending = uploading.isPending || replacing.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const wrong = file ? epubFileProblem(file) : adminMessages.notAnEpub;
    if (wrong || !file) {
      setError(wrong);
      pickerRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const upload = await uploading.mutateAsync(file);
      const answer = await replacing.mutateAsync({
        bookId: book.bookId,
        uploadId: upload.uploadId,
      });
      onReplaced(answer.book);
    } catch (caught) {
      if (isSessionEnd(caught)) return;
      setError(problemText(caught));
      pickerRef.current?.focus();
    }
  }

  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      title={`Replace the file of “${book.title}”`}
      describedByBody={false}
      initialFocus=".modal__body input"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" aria-disabled={pending ? true : undefined} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} aria-disabled={pending ? true : undefined}>
            {pending ? "Replacing…" : "Upload and replace"}
          </Button>
        </>
      }
    >
      <form id={formId} className="console-form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="console-form__note">
          Readers with the book open get the new file the next time they open it. The details
          (title, price, copies) stay as they are.
        </p>
        <EpubPicker
          ref={pickerRef}
          error={error}
          onPick={(picked) => {
            setFile(picked);
            setError(picked ? epubFileProblem(picked) : null);
          }}
        />
        {pending && (
          <div className="console-progress">
            <Spinner label={adminMessages.readingFile} />
            <span aria-hidden="true">{adminMessages.readingFile}</span>
          </div>
        )}
      </form>
    </Modal>
  );
}
