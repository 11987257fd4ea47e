import { PUBLICATION_LINK_HOURS, type PublicationLink } from "@folio/contract/reading";
import { HOUR } from "../../clock";
import type { AppContext } from "../../context";
import { errors } from "../../errors";
import type { AuthUser } from "../accounts";
import { EpubRejected } from "./epub-archive";
import type { OpenedBook, OpenedBooks, ServedEntry } from "./publication/opened-books";
import { requestedEntry } from "./publication/paths";
import { MANIFEST_TYPE, POSITIONS_TYPE } from "./publication/types";
import { grantedFileKey, readableUntil } from "./service";
import { signPublicationGrant, verifyPublicationGrant } from "./signed-url";

// A borrowed book as a Readium Web Publication (design.md §7.3): a signed link to its manifest,
// and its files one by one under that link, each request checked against the loan.

export async function publicationLinkFor(
  ctx: AppContext,
  user: AuthUser,
  bookId: number,
): Promise<PublicationLink> {
  const dueAt = await readableUntil(ctx, user.id, bookId);
  if (!dueAt) throw errors.notBorrowedForReading();
  const expires = Math.floor((ctx.clock.now().getTime() + PUBLICATION_LINK_HOURS * HOUR) / 1000);
  const grant = signPublicationGrant(ctx.config.secret, {
    bookId,
    userId: user.id,
    sessionId: user.sessionId,
    expires,
  });
  return {
    state: "success",
    manifestURL: `/api/publications/${bookId}/${grant}/manifest.json`,
    expiresAt: new Date(expires * 1000).toISOString(),
    dueAt: dueAt.toISOString(),
  };
}

/** The book behind a publication link, checked as `grantedFileKey` checks. */
async function openGranted(
  ctx: AppContext,
  books: OpenedBooks,
  bookId: number,
  grant: string,
): Promise<OpenedBook> {
  const key = await grantedFileKey(
    ctx,
    bookId,
    verifyPublicationGrant(ctx.config.secret, bookId, grant, ctx.clock.now().getTime()),
  );
  try {
    const book = await books.open(key);
    if (!book) throw errors.contentMissing();
    return book;
  } catch (error) {
    if (error instanceof EpubRejected) throw errors.bookUnreadable(error.message);
    throw error;
  }
}

/**
 * A file of a borrowed book's publication: `manifest.json`, `positions.json`, or an entry of
 * its EPUB (markup cleaned of anything that runs). `path` is as the router decoded it.
 */
export async function publicationFile(
  ctx: AppContext,
  books: OpenedBooks,
  bookId: number,
  grant: string,
  path: string,
): Promise<ServedEntry> {
  const book = await openGranted(ctx, books, bookId, grant);
  if (path === "manifest.json") return { data: book.manifest, type: MANIFEST_TYPE };
  if (path === "positions.json") return { data: book.positions, type: POSITIONS_TYPE };
  const entry = requestedEntry(path);
  if (!entry) throw errors.publicationPathInvalid();
  let served: ServedEntry | null;
  try {
    served = books.entry(book, entry);
  } catch (error) {
    if (error instanceof EpubRejected) throw errors.bookUnreadable(error.message);
    throw error;
  }
  if (!served) throw errors.publicationFileNotFound();
  return served;
}
