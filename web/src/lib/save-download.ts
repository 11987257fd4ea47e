import type { Download } from "./api-files";

/** How long the object URL lives after the click: long enough for the browser to start saving. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Saves a fetched file through an object URL and a temporary link, as a plain link would if
 * the call needed no token.
 */
export function saveDownload({ blob, fileName }: Download, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
