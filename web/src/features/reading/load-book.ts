import { downloadEpub, isContentPath } from "./api/reading-api";
import { ReadError, readFailureOf } from "./read-error";

export interface LoadedBook {
  data: ArrayBuffer;
  /** The link that worked: a fresh one when the first had expired. */
  url: string;
}

/**
 * Downloads the book behind `url`. A link lives 10 minutes, so a reload or a late open meets a
 * 403: while the reader still has the loan, ask once for a fresh link and try again before
 * telling them their session has expired. Without a usable link, start from a fresh one, which
 * `freshLink` asks the server for.
 */
export async function loadBook(
  url: string | null,
  freshLink: () => Promise<string>,
  signal?: AbortSignal,
): Promise<LoadedBook> {
  let expired = false;
  if (url && isContentPath(url)) {
    try {
      return { data: await downloadEpub(url, signal), url };
    } catch (error) {
      if (readFailureOf(error) !== "expired") throw error;
      expired = true;
    }
  }
  let fresh: string;
  try {
    fresh = await freshLink();
  } catch (error) {
    if (signal?.aborted) throw error;
    const failure = readFailureOf(error);
    // A loan that has ended (400) and a lost connection keep their own messages; any other
    // failure to renew an expired link is the expired link's 403 after all.
    const keepsOwnMessage = failure === "notBorrowed" || failure === "network";
    throw new ReadError(expired && !keepsOwnMessage ? "expired" : failure);
  }
  return { data: await downloadEpub(fresh, signal), url: fresh };
}
