// What the reader keeps on the server for the Readium reader (design.md §7.3): bookmarks and
// highlights per book, and one set of reading preferences.
import { errorBodySchema } from "@folio/contract/common";
import {
  annotationListSchema,
  annotationResponseSchema,
  annotationsQuerySchema,
  createAnnotationSchema,
  deleteAnnotationResponseSchema,
  deleteAnnotationSchema,
  readerPreferencesRequestSchema,
  readerPreferencesResponseSchema,
  updateAnnotationSchema,
} from "@folio/contract/reading";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { authenticate } from "../accounts";
import {
  createAnnotation,
  deleteAnnotation,
  listAnnotations,
  updateAnnotation,
} from "./annotations";
import { loadPreferences, savePreferences } from "./preferences";

const tags = ["reading"];
const security = [{ bearer: [] }];

export const annotationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/reading/annotations",
    {
      schema: {
        tags,
        security,
        summary: "The caller's bookmarks and highlights in a book, in reading order",
        description:
          "Kept past the loan: a reader who borrows the book again finds them. Refusals: 404 BOOK_NOT_FOUND.",
        querystring: annotationsQuerySchema,
        response: {
          200: annotationListSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => listAnnotations(ctx, await authenticate(ctx, request), request.query.bookId),
  );

  api.post(
    "/api/reading/annotations",
    {
      schema: {
        tags,
        security,
        summary: "Keep a bookmark or highlight in a book the caller has borrowed, now or before",
        description:
          "A highlight needs text and is yellow unless color says otherwise; a bookmark has no colour. The same clientId again answers the annotation it made. Refusals: 400 NOT_BORROWED (never borrowed), 404 BOOK_NOT_FOUND, 409 ANNOTATION_LIMIT (1000 in one book), CLIENT_ID_REUSED.",
        body: createAnnotationSchema,
        response: {
          200: annotationResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => createAnnotation(ctx, await authenticate(ctx, request), request.body),
  );

  api.post(
    "/api/reading/annotations/update",
    {
      schema: {
        tags,
        security,
        summary: "Change the note or colour of one of the caller's bookmarks or highlights",
        description: "Refusals: 400 (a colour for a bookmark), 404 ANNOTATION_NOT_FOUND.",
        body: updateAnnotationSchema,
        response: {
          200: annotationResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => updateAnnotation(ctx, await authenticate(ctx, request), request.body),
  );

  api.post(
    "/api/reading/annotations/delete",
    {
      schema: {
        tags,
        security,
        summary: "Delete one of the caller's bookmarks or highlights",
        description: "Refusals: 404 ANNOTATION_NOT_FOUND.",
        body: deleteAnnotationSchema,
        response: {
          200: deleteAnnotationResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => deleteAnnotation(ctx, await authenticate(ctx, request), request.body.id),
  );

  api.get(
    "/api/reading/preferences",
    {
      schema: {
        tags,
        security,
        summary: "The caller's reading preferences (null until they first change one)",
        response: { 200: readerPreferencesResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => loadPreferences(ctx, await authenticate(ctx, request)),
  );

  api.post(
    "/api/reading/preferences",
    {
      schema: {
        tags,
        security,
        summary: "Keep the caller's reading preferences: the full set, in place of the last",
        body: readerPreferencesRequestSchema,
        response: {
          200: readerPreferencesResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) =>
      savePreferences(ctx, await authenticate(ctx, request), request.body.preferences),
  );
};
