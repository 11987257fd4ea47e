import {
  adminBookAnswerSchema,
  adminBookQuerySchema,
  adminBooksQuerySchema,
  adminBooksSchema,
  adminCategoriesSchema,
  adminCategoryAnswerSchema,
  createBookRequestSchema,
  createCategoryRequestSchema,
  replaceFileRequestSchema,
  restoreBookRequestSchema,
  retireBookRequestSchema,
  updateBookRequestSchema,
  updateCategoryRequestSchema,
  uploadAnswerSchema,
} from "@folio/contract/admin";
import { errorBodySchema } from "@folio/contract/common";
import { staffLimits } from "@folio/contract/staff";
import type { FastifyError, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffOf } from "./caller";
import { errors } from "../../errors";
import { listStaffCategories } from "../catalogue";
import {
  createStaffBook,
  createStaffCategory,
  replaceStaffBookFile,
  restoreStaffBook,
  retireStaffBook,
  staffBook,
  staffBooks,
  updateStaffBook,
  updateStaffCategory,
  uploadEpub,
} from "./catalogue-service";
import { staffDoc, staffFailures } from "./http";

/** The types an EPUB upload may be sent as: the file itself is the body. */
const EPUB_TYPES = ["application/epub+zip", "application/octet-stream"];
const uploadLimit = `${staffLimits.uploadMaxBytes / (1024 * 1024)} MB`;

/** The console's catalogue: books (retired ones too), EPUB uploads and categories. */
export const catalogueStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Only these routes take an EPUB as the body, up to the upload limit (the app's is far less).
  app.addContentTypeParser(
    EPUB_TYPES,
    { parseAs: "buffer", bodyLimit: staffLimits.uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );
  // An upload's refusals in its own words; everything else goes on to the app's handler.
  app.setErrorHandler((error: FastifyError, request) => {
    if (request.routeOptions.url === "/api/admin/books/upload") {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw errors.uploadTooLarge(uploadLimit);
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw errors.uploadNotEpub();
    }
    throw error;
  });

  const bookAnswer = { 200: adminBookAnswerSchema, ...staffFailures };

  api.get(
    "/api/admin/books",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Every book, retired ones too: searched, filtered, sorted and paged",
        querystring: adminBooksQuerySchema,
        response: { 200: adminBooksSchema, ...staffFailures },
      },
    },
    async (request) => {
      return staffBooks(ctx.db, request.query);
    },
  );

  api.get(
    "/api/admin/books/get",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "One book as staff see it",
        querystring: adminBookQuerySchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      return { state: "success" as const, book: await staffBook(ctx.db, request.query.bookId) };
    },
  );

  api.post(
    "/api/admin/books/upload",
    {
      bodyLimit: staffLimits.uploadMaxBytes,
      schema: {
        ...staffDoc("librarian"),
        summary: "Check an EPUB and keep it aside for books/create or books/replaceFile",
        description: `The body is the EPUB itself (Content-Type application/epub+zip or application/octet-stream), at most ${uploadLimit}. It is refused before anything is stored when it is no valid zip, has no container or package document or mimetype entry, holds more than ${staffLimits.maxEntries} entries or unpacks to more than ${staffLimits.unpackedMaxBytes / (1024 * 1024)} MB, names an entry outside its folder, or is DRM-protected. Kept ${staffLimits.uploadKeepHours} hours.`,
        response: {
          200: uploadAnswerSchema,
          ...staffFailures,
          413: errorBodySchema,
          415: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw errors.uploadNotEpub();
      return uploadEpub(ctx, request.body);
    },
  );

  api.post(
    "/api/admin/books/create",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Make a book of an upload: its row, file and cover together",
        body: createBookRequestSchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return { state: "success" as const, book: await createStaffBook(ctx, actor, request.body) };
    },
  );

  api.post(
    "/api/admin/books/update",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Change a book's fields (only those sent)",
        description:
          "Copies can't be fewer than the copies on loan (409). Lends left sets what the book's lending licence still allows.",
        body: updateBookRequestSchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return { state: "success" as const, book: await updateStaffBook(ctx, actor, request.body) };
    },
  );

  api.post(
    "/api/admin/books/replaceFile",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Give a book the EPUB of an upload",
        body: replaceFileRequestSchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return {
        state: "success" as const,
        book: await replaceStaffBookFile(ctx, actor, request.body),
      };
    },
  );

  api.post(
    "/api/admin/books/retire",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Take a book out of the catalogue: no longer listed nor lent; open loans go on",
        body: retireBookRequestSchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return { state: "success" as const, book: await retireStaffBook(ctx, actor, request.body) };
    },
  );

  api.post(
    "/api/admin/books/restore",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Put a retired book back in the catalogue",
        body: restoreBookRequestSchema,
        response: bookAnswer,
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return {
        state: "success" as const,
        book: await restoreStaffBook(ctx, actor, request.body.bookId),
      };
    },
  );

  api.get(
    "/api/admin/categories",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Every category, with its books that are not retired",
        response: { 200: adminCategoriesSchema, ...staffFailures },
      },
    },
    async () => ({ state: "success" as const, categories: await listStaffCategories(ctx.db) }),
  );

  api.post(
    "/api/admin/categories/create",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Add a category; its slug is made from its name",
        body: createCategoryRequestSchema,
        response: { 200: adminCategoryAnswerSchema, ...staffFailures },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return {
        state: "success" as const,
        category: await createStaffCategory(ctx, actor, request.body),
      };
    },
  );

  api.post(
    "/api/admin/categories/update",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Rename or redescribe a category",
        body: updateCategoryRequestSchema,
        response: { 200: adminCategoryAnswerSchema, ...staffFailures },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      return {
        state: "success" as const,
        category: await updateStaffCategory(ctx, actor, request.body),
      };
    },
  );
};
