import { randomUUID } from "node:crypto";
import type {
  AdminBook,
  AdminBooks,
  adminBooksQuerySchema,
  AdminCategory,
  createBookRequestSchema,
  UploadAnswer,
  updateBookRequestSchema,
} from "@folio/contract/admin";
import { wireId } from "@folio/contract/common";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { errors } from "../../errors";
import { poundsToPence } from "../../money";
import {
  catalogueChanged,
  createBook,
  createCategory,
  deleteUpload,
  findStaffBook,
  findStaffCategory,
  listStaffBooks,
  readUpload,
  replaceBookFile,
  restoreBook,
  retireBook,
  storeUpload,
  suggestCategory,
  updateBook,
  updateCategory,
  type BookFields,
  type StaffBook,
} from "../catalogue";
import {
  cancelHoldsOfBook,
  changeStock,
  openLoansPerBook,
  serveQueue,
  type StockChanges,
} from "../circulation";
import { checkEpub, EpubRejected, type CheckedEpub } from "../reading";
import { staffChange, type Actor } from "./audit";

// The staff catalogue (design.md §7.1): each change is the catalogue's own function, run in a
// staff transaction with its audit row; once it has committed, this process's cached lists are
// dropped at once (the others see the catalogue's version move within a second: decision 020).

const imageTypes: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
};

/**
 * The EPUB checked whole, its metadata read and its publication built (so a book the reader
 * could not open is refused before anything is stored), in a worker thread with a memory cap
 * and a time limit, so no file can hold the server; a refusal is a 4xx a librarian understands.
 */
async function checkedEpub(bytes: Uint8Array): Promise<CheckedEpub> {
  try {
    return await checkEpub(bytes);
  } catch (error) {
    if (error instanceof EpubRejected) throw errors.epubRejected(error.kind, error.message);
    throw error;
  }
}

/** Work after a commit that must not fail the call: the change is made whatever happens here. */
async function afterCommit(ctx: AppContext, ...work: (() => Promise<unknown>)[]): Promise<void> {
  await Promise.allSettled([catalogueChanged(ctx.db), ...work.map((run) => run())]);
}

/**
 * Checks an uploaded EPUB before anything is stored (epub-archive.ts: a valid zip within the
 * limits, container, package document, mimetype, no DRM), then keeps it aside as an upload.
 */
export async function uploadEpub(ctx: AppContext, bytes: Uint8Array): Promise<UploadAnswer> {
  const { meta } = await checkedEpub(bytes);
  const categoryId = await suggestCategory(ctx.db, meta.subjects);
  const uploadId = randomUUID();
  await storeUpload(ctx.content, uploadId, bytes);
  const coverType = meta.cover ? imageTypes[meta.cover.extension] : undefined;
  return {
    state: "success",
    uploadId,
    size: bytes.length,
    metadata: {
      title: meta.title,
      author: meta.authors.join(", "),
      description: meta.description,
      language: meta.language,
      year: meta.year,
      subjects: meta.subjects,
      categoryId: categoryId === null ? null : wireId(categoryId),
    },
    cover:
      meta.cover && coverType
        ? `data:${coverType};base64,${Buffer.from(meta.cover.data).toString("base64")}`
        : null,
  };
}

/** Books as the console shows them: the catalogue's, with their open loans from circulation. */
async function withOnLoan(db: Executor, books: StaffBook[]): Promise<AdminBook[]> {
  const open = await openLoansPerBook(
    db,
    books.map((book) => Number(book.bookId)),
  );
  return books.map((book) => ({ ...book, onLoan: open.get(Number(book.bookId)) ?? 0 }));
}

/** One book as the console shows it, retired or not; 404 for an unknown id. */
export async function staffBook(db: Executor, bookId: number): Promise<AdminBook> {
  const [book] = await withOnLoan(db, [await findStaffBook(db, bookId)]);
  return book!;
}

/** The console's book list: the catalogue's page, with each book's open loans. */
export async function staffBooks(
  db: Executor,
  query: z.output<typeof adminBooksQuerySchema>,
): Promise<AdminBooks> {
  const page = await listStaffBooks(db, query);
  return { ...page, books: await withOnLoan(db, page.books) };
}

/** The fields of a book as the audit log keeps them: the console's names and units. */
const auditedFields = (book: AdminBook) => ({
  title: book.title,
  author: book.author,
  categoryId: book.categoryId,
  description: book.description,
  price: book.price,
  copies: book.copies,
  lendsLeft: book.lendsLeft,
  year: book.year,
  language: book.language,
});

/**
 * Makes a book of an upload: the row, its EPUB and its cover in one transaction (the files
 * stored before it commits), then the upload is thrown away.
 */
export async function createStaffBook(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof createBookRequestSchema>,
): Promise<AdminBook> {
  const bytes = await readUpload(ctx.content, request.uploadId);
  const { meta, publication } = await checkedEpub(bytes);
  const book = await staffChange(ctx, actor, async (tx) => {
    const { bookId, key } = await createBook(
      tx,
      ctx.content,
      {
        title: request.title,
        author: request.author,
        categoryId: request.categoryId,
        description: request.description,
        year: request.year === undefined ? meta.year : request.year,
        language: request.language || meta.language,
        pricePence: poundsToPence(request.price),
        copies: request.copies,
        loanCap: request.lendsLeft,
      },
      { epub: bytes, publication, cover: meta.cover },
    );
    const made = await staffBook(tx, bookId);
    return {
      result: made,
      audit: {
        action: "book.create",
        targetType: "book",
        targetId: bookId,
        before: null,
        after: { ...auditedFields(made), file: key },
      },
    };
  });
  await afterCommit(ctx, () => deleteUpload(ctx.content, request.uploadId));
  return book;
}

export async function updateStaffBook(
  ctx: AppContext,
  actor: Actor,
  request: z.output<typeof updateBookRequestSchema>,
): Promise<AdminBook> {
  const { bookId, price, copies, lendsLeft, ...rest } = request;
  const changes: Partial<BookFields> = {};
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) Object.assign(changes, { [key]: value });
  if (price !== undefined) changes.pricePence = poundsToPence(price);
  const stock: StockChanges = {};
  if (copies !== undefined) stock.copies = copies;
  if (lendsLeft !== undefined) stock.lendsLeft = lendsLeft;
  const book = await staffChange(ctx, actor, async (tx) => {
    // How the book is described is the catalogue's; its copies and licence, circulation's.
    const described = await updateBook(tx, bookId, changes);
    const stocked = await changeStock(tx, bookId, stock);
    // Copies added go to the book's queue first.
    if (stocked.added > 0) await serveQueue(ctx, tx, bookId);
    return {
      result: await staffBook(tx, bookId),
      audit: {
        action: "book.update",
        targetType: "book",
        targetId: bookId,
        before: { ...described.before, ...stocked.before },
        after: { ...described.after, ...stocked.after },
      },
    };
  });
  await afterCommit(ctx);
  return book;
}

/**
 * Gives a book the EPUB of an upload as a new version of its file: stored before the row
 * points at it, so readers are served the old file until the change commits, the new after.
 */
export async function replaceStaffBookFile(
  ctx: AppContext,
  actor: Actor,
  request: { bookId: number; uploadId: string },
): Promise<AdminBook> {
  const bytes = await readUpload(ctx.content, request.uploadId);
  const { meta, publication } = await checkedEpub(bytes);
  const { book, replaced } = await staffChange(ctx, actor, async (tx) => {
    const replaced = await replaceBookFile(tx, ctx.content, request.bookId, {
      epub: bytes,
      publication,
      cover: meta.cover,
    });
    return {
      result: { book: await staffBook(tx, request.bookId), replaced },
      audit: {
        action: "book.replaceFile",
        targetType: "book",
        targetId: request.bookId,
        before: { file: replaced.previousKey },
        after: { file: replaced.key, size: bytes.length },
      },
    };
  });
  await afterCommit(
    ctx,
    () => deleteUpload(ctx.content, request.uploadId),
    ...[replaced.previousKey, ...replaced.unusedKeys].map((key) => () => ctx.content.delete(key)),
  );
  return book;
}

export async function retireStaffBook(
  ctx: AppContext,
  actor: Actor,
  request: { bookId: number; reason?: string | undefined },
): Promise<AdminBook> {
  const book = await staffChange(ctx, actor, async (tx, now) => {
    const change = await retireBook(tx, request.bookId, now);
    // No copy of it will be lent again: its holds end, their kept copies back on the shelf.
    await cancelHoldsOfBook(ctx, tx, request.bookId, now);
    return {
      result: await staffBook(tx, request.bookId),
      audit: {
        action: "book.retire",
        targetType: "book",
        targetId: request.bookId,
        ...change,
        reason: request.reason || null,
      },
    };
  });
  await afterCommit(ctx);
  return book;
}

export async function restoreStaffBook(
  ctx: AppContext,
  actor: Actor,
  bookId: number,
): Promise<AdminBook> {
  const book = await staffChange(ctx, actor, async (tx) => {
    const change = await restoreBook(tx, bookId);
    return {
      result: await staffBook(tx, bookId),
      audit: { action: "book.restore", targetType: "book", targetId: bookId, ...change },
    };
  });
  await afterCommit(ctx);
  return book;
}

export async function createStaffCategory(
  ctx: AppContext,
  actor: Actor,
  fields: { name: string; description: string },
): Promise<AdminCategory> {
  const category = await staffChange(ctx, actor, async (tx) => {
    const { categoryId, change } = await createCategory(tx, fields);
    return {
      result: await findStaffCategory(tx, categoryId),
      audit: {
        action: "category.create",
        targetType: "category",
        targetId: categoryId,
        before: null,
        after: change.after,
      },
    };
  });
  await afterCommit(ctx);
  return category;
}

export async function updateStaffCategory(
  ctx: AppContext,
  actor: Actor,
  request: {
    categoryId: number;
    name?: string | undefined;
    description?: string | undefined;
  },
): Promise<AdminCategory> {
  const category = await staffChange(ctx, actor, async (tx) => {
    const change = await updateCategory(tx, request.categoryId, request);
    return {
      result: await findStaffCategory(tx, request.categoryId),
      audit: {
        action: "category.update",
        targetType: "category",
        targetId: request.categoryId,
        ...change,
      },
    };
  });
  await afterCommit(ctx);
  return category;
}
