import {
  deleteUserRequestSchema,
  forgetRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetRequestSchema,
  simpleSuccessSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
  userInfoSchema,
} from "@folio/contract/accounts";
import { errorBodySchema } from "@folio/contract/common";
import { loginAnswerSchema } from "@folio/contract/security";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { authenticate } from "./auth";
import type { SignInSource } from "./sessions";
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

/** Where a sign-in comes from, for the sessions list and the new-browser mail. */
export const signInSource = (request: FastifyRequest): SignInSource => ({
  userAgent: request.headers["user-agent"] ?? "",
  ip: request.ip,
});

/** The work after a sign-in (password, code or passkey); a failed hook never fails it. */
export async function afterSignIn(
  hooks: AccountRoutesOptions["afterLogin"],
  request: FastifyRequest,
  userId: string,
) {
  for (const hook of hooks) {
    // A failed reminder check must not fail the login; the nightly run covers it.
    await hook(userId).catch((error: unknown) =>
      request.log.error({ err: error }, "after-login hook failed"),
    );
  }
}

const tags = ["accounts"];
const security = [{ bearer: [] }];
/** The error bodies a call may answer, by status, for its OpenAPI entry. */
export const errorsOf = (...codes: number[]) =>
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
        summary:
          "Log in; answers a bearer token valid 30 days, or, with two-factor on, a challenge for POST /api/users/login/2fa",
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { answer, signedIn } = await login(ctx, request.body, signInSource(request));
      if (signedIn) await afterSignIn(afterLogin, request, signedIn);
      return answer;
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
          "Change name, email or password (only the fields sent; a blank password leaves it as it is). A new email takes effect when the link mailed to it is opened; email and password need currentPassword outside 10 minutes of signing in",
        body: updateUserRequestSchema,
        response: { 200: updateUserResponseSchema, ...errorsOf(400, 401, 403, 409, 429) },
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
          "Delete the caller's account (open loans are returned; payment records stay, detached); needs currentPassword outside 10 minutes of signing in",
        body: deleteUserRequestSchema.optional(),
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) =>
      deleteUser(ctx, await authenticate(ctx, request), request.body?.currentPassword, request.ip),
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
