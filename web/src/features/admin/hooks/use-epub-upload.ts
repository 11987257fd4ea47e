import type { UploadAnswer } from "@folio/contract/admin";
import { useState, type RefObject } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { epubFileProblem } from "../epub-file";
import { adminMessages, problemText } from "../messages";
import { useUploadEpub } from "./catalogue-queries";

/**
 * The EPUB a dialog sends: the file chosen in its EpubPicker (`pickerRef`), checked before it
 * goes, then uploaded. What is wrong with it, or with the upload, shows at the picker, which
 * takes focus.
 */
export function useEpubUpload(pickerRef: RefObject<HTMLInputElement | null>) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uploading = useUploadEpub();

  function showError(text: string | null) {
    setError(text);
    pickerRef.current?.focus();
  }

  function pick(picked: File | null) {
    setFile(picked);
    setError(picked ? epubFileProblem(picked) : null);
  }

  /** Uploads the chosen file and hands the answer to `then`, whose failure shows at the picker too. */
  async function send(then: (upload: UploadAnswer) => Promise<void> | void) {
    const wrong = file ? epubFileProblem(file) : adminMessages.notAnEpub;
    if (wrong || !file) {
      showError(wrong);
      return;
    }
    setError(null);
    try {
      await then(await uploading.mutateAsync(file));
    } catch (caught) {
      if (isSessionEnd(caught)) return;
      showError(problemText(caught));
    }
  }

  return { file, error, pick, send, isPending: uploading.isPending };
}
