import {
  adminReviewsQuerySchema,
  adminReviewsSchema,
  moderateReviewRequestSchema,
  reviewModerationSchema,
  unhideReviewRequestSchema,
} from "@folio/contract/admin";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listStaffReviews } from "../reviews";
import { staffOf } from "./caller";
import { staffDoc, staffFailures } from "./http";
import { deleteReviewByStaff, hideReviewByStaff, unhideReviewByStaff } from "./reviews-service";

export const reviewStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/reviews",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Reviews for moderation, newest first: visible, hidden or all",
        querystring: adminReviewsQuerySchema,
        response: { 200: adminReviewsSchema, ...staffFailures },
      },
    },
    async (request) => {
      return listStaffReviews(ctx.db, request.query);
    },
  );

  const moderation = (summary: string) => ({
    ...staffDoc("librarian"),
    summary,
    response: { 200: reviewModerationSchema, ...staffFailures },
  });

  api.post(
    "/api/admin/reviews/hide",
    {
      schema: {
        ...moderation("Hide a review from readers; it leaves the book's rating"),
        body: moderateReviewRequestSchema,
      },
    },
    async (request) => hideReviewByStaff(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/reviews/unhide",
    {
      schema: {
        ...moderation("Show a hidden review again; it counts in the book's rating again"),
        body: unhideReviewRequestSchema,
      },
    },
    async (request) => unhideReviewByStaff(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/reviews/delete",
    {
      schema: {
        ...moderation("Delete a review for good (the audit log keeps what it said)"),
        body: moderateReviewRequestSchema,
      },
    },
    async (request) => deleteReviewByStaff(ctx, staffOf(request), request.body),
  );
};
