import type { WireId } from "@folio/contract/common";
import type {
  ContentResponse,
  Progress,
  ProgressList,
  ProgressRequest,
} from "@folio/contract/reading";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";
import { failureFromStatus, ReadError } from "../read-error";

/** A fresh signed link to the book's EPUB, valid 10 minutes (design §4, Reading). */
export async function requestContentUrl(bookId: WireId, signal?: AbortSignal): Promise<string> {
  const answer = await apiPost<ContentResponse>("/api/books/content", { bookId }, { signal });
  if (typeof answer?.contentURL !== "string" || !isContentPath(answer.contentURL)) {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the book's address");
  }
  return answer.contentURL;
}

/**
 * Only the server's own content route is fetched: the address arrives in the query string, which
 * anyone can write, so a link must not make the reader download from elsewhere.
 */
export function isContentPath(url: string): boolean {
  return /^\/api\/content\/[^/?#]+\.epub(\?|$)/.test(url);
}

/**
 * Downloads the EPUB itself (not through epubjs) so the status tells spec §8's failures apart.
 * The link carries its own signature, so no bearer token goes with it.
 */
export async function downloadEpub(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/epub+zip" } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReadError("network");
  }
  if (!response.ok) throw new ReadError(failureFromStatus(response.status));
  try {
    return await response.arrayBuffer();
  } catch (error) {
    if (signal?.aborted) throw error;
    // The connection dropped half way through the file.
    throw new ReadError("network");
  }
}

export function fetchProgress(bookId: WireId, signal?: AbortSignal): Promise<Progress> {
  return apiGet<Progress>("/api/reading/progress", { bookId }, { signal });
}

export function fetchProgressList(signal?: AbortSignal): Promise<ProgressList> {
  return apiGet<ProgressList>("/api/reading/progress/list", {}, { signal });
}

/** The place saved, with the book's id as the server gave it. */
export type ProgressToSave = Omit<ProgressRequest, "bookId"> & { bookId: WireId };

export function saveProgress(progress: ProgressToSave): Promise<unknown> {
  return apiPost("/api/reading/progress", progress);
}
