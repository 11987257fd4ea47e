import type { AdminBook } from "@folio/contract/admin";
import { useId, useRef, type FormEvent } from "react";
import { Button } from "../../../ui/button";
import { Modal } from "../../../ui/modal";
import { useReplaceBookFile } from "../hooks/catalogue-queries";
import { useEpubUpload } from "../hooks/use-epub-upload";
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
  const epub = useEpubUpload(pickerRef);
  const replacing = useReplaceBookFile();
  const pending = epub.isPending || replacing.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    await epub.send(async (upload) => {
      const answer = await replacing.mutateAsync({
        bookId: book.bookId,
        uploadId: upload.uploadId,
      });
      onReplaced(answer.book);
    });
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
        <EpubPicker ref={pickerRef} error={epub.error} reading={pending} onPick={epub.pick} />
      </form>
    </Modal>
  );
}
