import { errorBodySchema } from "@folio/contract/common";
import {
  addReviewRequestSchema,
  addReviewResponseSchema,
  bookReviewsQuerySchema,
  deleteReviewRequestSchema,
  deleteReviewResponseSchema,
  reviewContentQuerySchema,
  reviewContentSchema,
  reviewListSchema,
  updateReviewRequestSchema,
  updateReviewResponseSchema,
} from "@folio/contract/reviews";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { authenticate } from "../accounts";
import {
  addReview,
  deleteReview,
  reviewContent,
  reviewsOfBook,
  reviewsOfUser,
  updateReview,
} from "./service";

const tags = ["reviews"];
const security = [{ bearer: [] }];
const failures = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const reviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/reviews/add",
    {
      schema: {
        tags,
        security,
        summary: "Rate and review a book the caller has borrowed (one review per book)",
        body: addReviewRequestSchema,
        response: { 200: addReviewResponseSchema, ...failures },
      },
    },
    async (request) => addReview(ctx, await authenticate(ctx, request), request.body),
  );

  api.get(
    "/api/reviews/book",
    {
      schema: {
        tags,
        summary: "A book's reviews, newest first",
        querystring: bookReviewsQuerySchema,
        response: { 200: reviewListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => reviewsOfBook(ctx, request.query.bookId),
  );

  const mine = {
    schema: {
      tags,
      security,
      summary: "The caller's reviews, newest first",
      response: { 200: reviewListSchema, 401: errorBodySchema },
    },
  };
  const listMine = async (request: FastifyRequest) =>
    reviewsOfUser(ctx, await authenticate(ctx, request));
  api.get("/api/reviews/user", mine, listMine);
  api.post("/api/reviews/user", mine, listMine);

  api.get(
    "/api/reviews/content",
    {
      schema: {
        tags,
        summary: "One review",
        querystring: reviewContentQuerySchema,
        response: { 200: reviewContentSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => reviewContent(ctx, request.query.commentId),
  );

  api.post(
    "/api/reviews/update",
    {
      schema: {
        tags,
        security,
        summary: "Change the rating and text of one of the caller's reviews",
        body: updateReviewRequestSchema,
        response: { 200: updateReviewResponseSchema, ...failures },
      },
    },
    async (request) => updateReview(ctx, await authenticate(ctx, request), request.body),
  );

  api.post(
    "/api/reviews/delete",
    {
      schema: {
        tags,
        security,
        summary: "Delete one of the caller's reviews",
        body: deleteReviewRequestSchema,
        response: { 200: deleteReviewResponseSchema, ...failures },
      },
    },
    async (request) => deleteReview(ctx, await authenticate(ctx, request), request.body.commentId),
  );
};
