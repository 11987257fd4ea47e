import {
  adjustBalanceRequestSchema,
  balanceChangeSchema,
  blockRequestSchema,
  readerAnswerSchema,
  readerDetailSchema,
  readerQuerySchema,
  readersQuerySchema,
  readersSchema,
  refundRequestSchema,
  sendResetRequestSchema,
  setRoleRequestSchema,
  unblockRequestSchema,
} from "@folio/contract/admin";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffOf } from "./caller";
import { staffDoc, staffFailures } from "./http";
import { listReaders, readerDetail } from "./readers-list";
import {
  adjustReaderBalance,
  blockReader,
  refundReaderCharge,
  sendReaderReset,
  setReaderRole,
  unblockReader,
} from "./readers-service";

export const readerStaffRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/admin/readers",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Accounts by part of a name or email, by name",
        querystring: readersQuerySchema,
        response: { 200: readersSchema, ...staffFailures },
      },
    },
    async (request) => {
      return listReaders(ctx.db, request.query);
    },
  );

  api.get(
    "/api/admin/readers/get",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "One account: its loans, its ledger (with what can be refunded) and its reviews",
        querystring: readerQuerySchema,
        response: { 200: readerDetailSchema, ...staffFailures },
      },
    },
    async (request) => {
      return readerDetail(ctx.db, request.query.userId, ctx.clock.now());
    },
  );

  const balanceChange = { 200: balanceChangeSchema, ...staffFailures };
  const readerChange = { 200: readerAnswerSchema, ...staffFailures };

  api.post(
    "/api/admin/readers/adjust",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Credit or debit a reader's balance, with a reason (never below £0)",
        body: adjustBalanceRequestSchema,
        response: balanceChange,
      },
    },
    async (request) => adjustReaderBalance(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/readers/refund",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Refund all or part of a borrow or renewal charge, with a reason",
        description:
          "Without amount, the whole rest of the charge. The refunds of a charge never add up to more than it (409).",
        body: refundRequestSchema,
        response: balanceChange,
      },
    },
    async (request) => refundReaderCharge(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/readers/block",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Block an account: its sessions end and it cannot log in; nothing is deleted",
        description:
          "Only an administrator can block a member of staff; nobody can block themselves.",
        body: blockRequestSchema,
        response: readerChange,
      },
    },
    async (request) => blockReader(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/readers/unblock",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Let a blocked account log in again",
        body: unblockRequestSchema,
        response: readerChange,
      },
    },
    async (request) => unblockReader(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/readers/sendReset",
    {
      schema: {
        ...staffDoc("librarian"),
        summary: "Mail the reader a password-reset link",
        body: sendResetRequestSchema,
        response: readerChange,
      },
    },
    async (request) => sendReaderReset(ctx, staffOf(request), request.body),
  );

  api.post(
    "/api/admin/readers/role",
    {
      schema: {
        ...staffDoc("admin"),
        summary: "Give an account a role (administrators only)",
        description: "An administrator cannot take away their own administrator role.",
        body: setRoleRequestSchema,
        response: readerChange,
      },
    },
    async (request) => setReaderRole(ctx, staffOf(request), request.body),
  );
};
