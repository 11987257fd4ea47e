import { staffLimits } from "@folio/contract/staff";
import { adminMessages } from "./messages";

const MB = 1024 * 1024;

/** What is wrong with a chosen file before it is sent, or null: the server checks it again. */
export function epubFileProblem(file: File): string | null {
  const named = file.name.toLowerCase().endsWith(".epub");
  if (!named && file.type !== "application/epub+zip") return adminMessages.notAnEpub;
  if (file.size > staffLimits.uploadMaxBytes) {
    return adminMessages.fileTooLarge(staffLimits.uploadMaxBytes / MB);
  }
  return null;
}

/** "2.4 MB", "830 KB": a file's size for people. */
export function fileSizeText(bytes: number): string {
  return bytes >= MB
    ? `${(bytes / MB).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
