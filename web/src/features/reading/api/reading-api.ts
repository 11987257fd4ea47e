import type { WireId } from "@folio/contract/common";
import type {
  Annotation,
  AnnotationList,
  ContentResponse,
  CreateAnnotation,
  Progress,
  ProgressList,
  ProgressRequest,
  PublicationLink,
  ReaderPreferences,
  ReaderPreferencesResponse,
  UpdateAnnotation,
} from "@folio/contract/reading";
import { ApiError, apiGet, apiPost } from "../../../lib/api-client";
import {
  createAnnotationOrQueue,
  deleteAnnotationOrQueue,
  savePreferencesOrQueue,
  saveProgressOrQueue,
  updateAnnotationOrQueue,
} from "../offline";

/**
 * Every call of the reading feature. Reads come first; the writes (progress, annotations,
 * preferences) all go through the functions at the bottom, the one place an offline queue
 * has to wrap to hold them until the connection is back.
 */

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

export function fetchProgress(bookId: WireId, signal?: AbortSignal): Promise<Progress> {
  return apiGet<Progress>("/api/reading/progress", { bookId }, { signal });
}

export function fetchProgressList(signal?: AbortSignal): Promise<ProgressList> {
  return apiGet<ProgressList>("/api/reading/progress/list", {}, { signal });
}

/**
 * A link to the borrowed book as a Readium publication (design.md §7.3). 400: not borrowed;
 * 401: the session has ended.
 */
export async function requestPublicationLink(
  bookId: WireId,
  signal?: AbortSignal,
): Promise<PublicationLink> {
  const answer = await apiPost<PublicationLink>("/api/reading/publication", { bookId }, { signal });
  if (typeof answer?.manifestURL !== "string" || answer.manifestURL === "") {
    throw new ApiError(200, "INVALID_RESPONSE", "The server did not return the book's address");
  }
  return answer;
}

export function fetchAnnotations(bookId: WireId, signal?: AbortSignal): Promise<AnnotationList> {
  return apiGet<AnnotationList>("/api/reading/annotations", { bookId }, { signal });
}

export function fetchReaderPreferences(signal?: AbortSignal): Promise<ReaderPreferencesResponse> {
  return apiGet<ReaderPreferencesResponse>("/api/reading/preferences", {}, { signal });
}

// ---- Writes -------------------------------------------------------------------------------

/** The place saved, with the book's id as the server gave it. */
export type ProgressToSave = Omit<ProgressRequest, "bookId"> & { bookId: WireId };

export function saveProgress(progress: ProgressToSave): Promise<unknown> {
  return saveProgressOrQueue(progress);
}

/** A new annotation, with the book's id as the server gave it. */
export type AnnotationToCreate = Omit<CreateAnnotation, "bookId"> & { bookId: WireId };

/** Made offline, it answers at once with a local id ("local:<clientId>"), synced when back. */
export function createAnnotation(annotation: AnnotationToCreate): Promise<Annotation> {
  return createAnnotationOrQueue(annotation);
}

export type AnnotationChange = Omit<UpdateAnnotation, "id"> & { id: WireId };

/** The updated annotation, or null when the change waits for the network. */
export function updateAnnotation(change: AnnotationChange): Promise<Annotation | null> {
  return updateAnnotationOrQueue({ ...change, id: String(change.id) });
}

export function deleteAnnotation(id: WireId): Promise<unknown> {
  return deleteAnnotationOrQueue(String(id));
}

export function saveReaderPreferences(preferences: ReaderPreferences): Promise<unknown> {
  return savePreferencesOrQueue(preferences);
}
