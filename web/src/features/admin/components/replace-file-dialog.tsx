import type { AdminBook } from "@folio/contract/admin";
import { useRef } from "react";
import { useReplaceBookFile } from "../hooks/catalogue-queries";
import { useEpubUpload } from "../hooks/use-epub-upload";
import { EpubPicker } from "./epub-picker";
import { FormDialog } from "./form-dialog";

interface ReplaceFileDialogProps {
  book: AdminBook;
  onReplaced: (book: AdminBook) => void;
  onClose: () => void;
}

/** A new EPUB for a book (a corrected edition): upload it, then put it in the old one's place. */
export function ReplaceFileDialog({ book, onReplaced, onClose }: ReplaceFileDialogProps) {
  const pickerRef = useRef<HTMLInputElement>(null);
  const epub = useEpubUpload(pickerRef);
  const replacing = useReplaceBookFile();
  const pending = epub.isPending || replacing.isPending;

  async function submit() {
    await epub.send(async (upload) => {
      const answer = await replacing.mutateAsync({
        bookId: book.bookId,
        uploadId: upload.uploadId,
      });
      onReplaced(answer.book);
    });
  }

  return (
    <FormDialog
      title={`Replace the file of “${book.title}”`}
      submitLabel="Upload and replace"
      pendingLabel="Replacing…"
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="console-form__note">
        Readers with the book open get the new file the next time they open it. The details (title,
        price, copies) stay as they are.
      </p>
      <EpubPicker ref={pickerRef} error={epub.error} reading={pending} onPick={epub.pick} />
    </FormDialog>
  );
}
