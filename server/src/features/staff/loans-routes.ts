import {
  adminLoansQuerySchema,
  adminLoansSchema,
  endLoanAnswerSchema,
  endLoanRequestSchema,
} from "@folio/contract/admin";
import { errorBodySchema } from "@folio/contract/common";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { dayOf } from "../../calendar";
import { allStaffLoans, listStaffLoans, loansCsv } from "../circulation";
import { staffOf } from "./caller";
import { staffDoc, staffFailures } from "./http";
import { endLoanByStaff } from "./loans-service";

/** A CSV export holds at most this many loans. */
const CSV_MAX_ROWS = 10_000;

export const loanStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/loans",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Open loans: overdue, due within some days, or all; by title or reader",
        description:
          "status overdue (default, most overdue first), dueSoon (due within `days`, default 3) or open (soonest due first); q matches the title or the reader's name or email.",
        querystring: adminLoansQuerySchema,
        response: { 200: adminLoansSchema, ...staffFailures },
      },
    },
    async (request) => {
      return listStaffLoans(ctx.db, request.query, ctx.clock.now());
    },
  );

  api.get(
    "/api/admin/loans/csv",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "The same loans as GET /api/admin/loans, every page, as a CSV file",
        description: `A header row, then one loan a line (at most ${CSV_MAX_ROWS}); page and pageSize are ignored. UTF-8 with a byte-order mark; text a spreadsheet would run as a formula starts with '.`,
        querystring: adminLoansQuerySchema,
        response: {
          200: {
            description: "text/csv; charset=utf-8, as an attachment",
            content: { "text/csv": { schema: z.string() } },
          },
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const now = ctx.clock.now();
      const list = await allStaffLoans(ctx.db, request.query, now, CSV_MAX_ROWS);
      const day = new Date(dayOf(now, ctx.config.timeZone)).toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="loans-${request.query.status}-${day}.csv"`,
        )
        .send(loansCsv(list));
    },
  );

  api.post(
    "/api/admin/loans/end",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "End an open loan as a return does (the copy goes back; the reader is mailed)",
        body: endLoanRequestSchema,
        response: { 200: endLoanAnswerSchema, ...staffFailures },
      },
    },
    async (request) => endLoanByStaff(ctx, staffOf(request), request.body),
  );
};
