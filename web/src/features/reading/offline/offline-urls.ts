/**
 * Where an offline copy lives. The service worker answers every GET under OFFLINE_BOOKS_PATH from
 * the book's own cache, so the reader opens a copy by its manifest URL alone, online or offline,
 * and the manifest's relative hrefs resolve beside it as they do beside the signed link.
 */
export const OFFLINE_BOOKS_PATH = "/offline/books/";

/** One Cache Storage cache per book: removing a copy is one `caches.delete`. */
export const BOOK_CACHE_PREFIX = "folio-book-";

export function bookCacheName(bookId: string): string {
  return `${BOOK_CACHE_PREFIX}${bookId}`;
}

/** The manifest of a downloaded book, to give the reader instead of the signed link. */
export function offlineManifestURL(bookId: string): string {
  return `${OFFLINE_BOOKS_PATH}${bookId}/manifest.json`;
}

/** The offline address of a path inside the book (as it stands after the link's base). */
export function offlineResourcePath(bookId: string, pathInBook: string): string {
  return `${OFFLINE_BOOKS_PATH}${bookId}/${pathInBook}`;
}

/** The book and the path inside it of an offline address, or null when it is none. */
export function parseOfflinePath(pathname: string): { bookId: string; pathInBook: string } | null {
  const match = /^\/offline\/books\/([1-9][0-9]{0,9})\/(.+)$/.exec(pathname);
  return match ? { bookId: match[1]!, pathInBook: match[2]! } : null;
}

/**
 * The path of `resource` inside the publication whose manifest is at `manifestURL`, or null when
 * it lies elsewhere (another site, above the manifest's folder): such a resource cannot be kept
 * under the offline address, and the reader would fetch it from the network anyway.
 */
export function pathInPublication(manifestURL: URL, resource: URL): string | null {
  if (resource.origin !== manifestURL.origin) return null;
  const base = manifestURL.pathname.slice(0, manifestURL.pathname.lastIndexOf("/") + 1);
  if (!resource.pathname.startsWith(base)) return null;
  const inside = resource.pathname.slice(base.length);
  return inside === "" ? null : inside;
}
