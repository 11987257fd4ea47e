import {
  forgetRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetRequestSchema,
  simpleSuccessSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
  userInfoSchema,
} from "@folio/contract/accounts";
import { errorBodySchema } from "@folio/contract/common";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { authenticate } from "./auth";
import {
  deleteUser,
  forgetPassword,
  getUserInfo,
  login,
  logout,
  register,
  resetPassword,
  updateUser,
} from "./service";

export interface AccountRoutesOptions {
  ctx: AppContext;
  /** Work for other features after a successful login (the due-soon check of spec.md §4). */
  afterLogin: readonly ((userId: string) => Promise<unknown>)[];
}

const tags = ["accounts"];
const security = [{ bearer: [] }];
const errorsOf = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, errorBodySchema]));

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { ctx, afterLogin },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/users/register",
    {
      schema: {
        tags,
        summary: "Create an account",
        body: registerRequestSchema,
        response: { 200: registerResponseSchema, ...errorsOf(400, 409, 429) },
      },
    },
    (request) => register(ctx, request.body, request.ip),
  );

  api.post(
    "/api/auth/login",
    {
      schema: {
        tags,
        summary: "Log in; answers a bearer token valid 30 days",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const session = await login(ctx, request.body, request.ip);
      for (const hook of afterLogin) {
        // A failed reminder check must not fail the login; the nightly run covers it.
        await hook(session.UUID).catch((error: unknown) =>
          request.log.error({ err: error }, "after-login hook failed"),
        );
      }
      return session;
    },
  );

  api.post(
    "/api/auth/logout",
    {
      schema: {
        tags,
        security,
        summary: "End this session",
        response: { 200: simpleSuccessSchema, ...errorsOf(401) },
      },
    },
    async (request) => logout(ctx, await authenticate(ctx, request)),
  );

  const infoSchema = {
    tags,
    security,
    summary: "The caller's account",
    response: { 200: userInfoSchema, ...errorsOf(401) },
  };
  const info = async (request: Parameters<typeof authenticate>[1]) =>
    getUserInfo(ctx, await authenticate(ctx, request));
  api.post("/api/users/info", { schema: infoSchema }, info);
  api.get("/api/users/info", { schema: infoSchema }, info);

  api.post(
    "/api/users/update",
    {
      schema: {
        tags,
        security,
        summary:
          "Change name, email or password (only the fields sent; a blank password leaves it as it is)",
        body: updateUserRequestSchema,
        response: { 200: updateUserResponseSchema, ...errorsOf(400, 401, 409, 429) },
      },
    },
    async (request) => updateUser(ctx, await authenticate(ctx, request), request.body, request.ip),
  );

  api.post(
    "/api/users/delete",
    {
      schema: {
        tags,
        security,
        summary:
          "Delete the caller's account (open loans are returned; payment records stay, detached)",
        response: { 200: simpleSuccessSchema, ...errorsOf(401) },
      },
    },
    async (request) => deleteUser(ctx, await authenticate(ctx, request)),
  );

  api.post(
    "/api/auth/forget",
    {
      schema: {
        tags,
        summary: "Mail a password-reset link (always answers 200)",
        body: forgetRequestSchema,
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 429) },
      },
    },
    (request) => forgetPassword(ctx, request.body.email, request.ip),
  );

  api.post(
    "/api/auth/reset",
    {
      schema: {
        tags,
        summary: "Set a new password with the mailed token (works once, for one hour)",
        body: resetRequestSchema,
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 429) },
      },
    },
    (request) => resetPassword(ctx, request.body, request.ip),
  );
};
