import type {
  AdminBookAnswer,
  AdminBooks,
  CreateBookRequest,
  UpdateBookRequest,
  UploadAnswer,
  adminBooksQuerySchema,
  adminCategoriesSchema,
  adminCategoryAnswerSchema,
  createCategoryRequestSchema,
  updateCategoryRequestSchema,
} from "@folio/contract/admin";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../lib/api-client";
import { apiUpload } from "../../../lib/api-files";
import { adminPaths } from "./paths";

/** A page of books as the console asks for it (the query string's parsed form). */
export type BooksQuery = Partial<z.output<typeof adminBooksQuerySchema>>;
export type AdminCategories = z.infer<typeof adminCategoriesSchema>;
export type AdminCategoryAnswer = z.infer<typeof adminCategoryAnswerSchema>;
export type CreateCategoryRequest = z.input<typeof createCategoryRequestSchema>;
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequestSchema>;

export function fetchBooks(query: BooksQuery, signal?: AbortSignal): Promise<AdminBooks> {
  return apiGet<AdminBooks>(adminPaths.books, { ...query }, { signal });
}

/** The EPUB as the request's whole body; the server reads its metadata and cover. */
export function uploadEpub(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  return apiUpload<UploadAnswer>(adminPaths.uploadBook, file, {
    contentType: "application/epub+zip",
    signal,
  });
}

export function createBook(request: CreateBookRequest): Promise<AdminBookAnswer> {
  return apiPost<AdminBookAnswer>(adminPaths.createBook, request);
}

export function updateBook(request: UpdateBookRequest): Promise<AdminBookAnswer> {
  return apiPost<AdminBookAnswer>(adminPaths.updateBook, request);
}

export function replaceBookFile(bookId: string, uploadId: string): Promise<AdminBookAnswer> {
  return apiPost<AdminBookAnswer>(adminPaths.replaceBookFile, { bookId, uploadId });
}

/** Takes a book out of the catalogue; open loans of it continue. */
export function retireBook(bookId: string, reason?: string): Promise<AdminBookAnswer> {
  return apiPost<AdminBookAnswer>(adminPaths.retireBook, { bookId, reason: reason || undefined });
}

export function restoreBook(bookId: string): Promise<AdminBookAnswer> {
  return apiPost<AdminBookAnswer>(adminPaths.restoreBook, { bookId });
}

export function fetchCategories(signal?: AbortSignal): Promise<AdminCategories> {
  return apiGet<AdminCategories>(adminPaths.categories, undefined, { signal });
}

export function createCategory(request: CreateCategoryRequest): Promise<AdminCategoryAnswer> {
  return apiPost<AdminCategoryAnswer>(adminPaths.createCategory, request);
}

export function updateCategory(request: UpdateCategoryRequest): Promise<AdminCategoryAnswer> {
  return apiPost<AdminCategoryAnswer>(adminPaths.updateCategory, request);
}
