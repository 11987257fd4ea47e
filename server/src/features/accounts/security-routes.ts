// The calls of design.md §7.4 (account security); the spec's own account calls are in routes.ts.
import { loginResponseSchema, simpleSuccessSchema } from "@folio/contract/accounts";
import {
  appPasswordCreateRequestSchema,
  appPasswordCreatedSchema,
  appPasswordListSchema,
  appPasswordRevokeRequestSchema,
  emailLinkRequestSchema,
  emailLinkResponseSchema,
  loginTwoFactorRequestSchema,
  passkeyAnswerSchema,
  passkeyDeleteRequestSchema,
  passkeyListSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyRegisterRequestSchema,
  reauthRequestSchema,
  revokeOthersResponseSchema,
  revokeSessionRequestSchema,
  sessionListSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from "@folio/contract/security";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "./app-passwords";
import { authenticate } from "./auth";
import { confirmEmailChange, undoEmailChange } from "./email-change";
import {
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  loginWithPasskey,
  registerPasskey,
  registrationOptions,
} from "./passkeys";
import { afterSignIn, errorsOf, signInSource, type AccountRoutesOptions } from "./routes";
import { sessionAnswer } from "./service";
import { listSessions, revokeOtherSessions, revokeSession } from "./sessions";
import {
  disableTwoFactor,
  enableTwoFactor,
  loginWithCode,
  setupTwoFactor,
  twoFactorStatus,
} from "./two-factor";

const tags = ["account security"];
const security = [{ bearer: [] }];

export const securityRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  app,
  { ctx, afterLogin },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The answer of a change that wrote a mail to the owner, once it has committed (the mail worker is woken). */
  const mailed = async <T>(change: Promise<T>): Promise<T> => {
    const answer = await change;
    ctx.mail.nudge();
    return answer;
  };
  const signedIn = async (
    request: Parameters<typeof signInSource>[0],
    session: { token: string; userId: string; mailed: boolean },
  ) => {
    if (session.mailed) ctx.mail.nudge();
    await afterSignIn(afterLogin, request, session.userId);
    return sessionAnswer(session.token, session.userId);
  };

  // --- Two-factor ---------------------------------------------------------------------------
  api.get(
    "/api/users/2fa",
    {
      schema: {
        tags,
        security,
        summary: "Whether two-factor sign-in is on, and how many recovery codes are left",
        response: { 200: twoFactorStatusSchema, ...errorsOf(401) },
      },
    },
    async (request) => twoFactorStatus(ctx, await authenticate(ctx, request)),
  );
  api.post(
    "/api/users/2fa/setup",
    {
      schema: {
        tags,
        security,
        summary:
          "A new TOTP secret for an authenticator app; two-factor stays off until enabled (currentPassword outside 10 minutes of signing in)",
        body: reauthRequestSchema.optional(),
        response: { 200: twoFactorSetupResponseSchema, ...errorsOf(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      setupTwoFactor(
        ctx,
        await authenticate(ctx, request),
        request.body?.currentPassword,
        request.ip,
      ),
  );
  api.post(
    "/api/users/2fa/enable",
    {
      schema: {
        tags,
        security,
        summary:
          "Turn two-factor on with a first code; answers 10 recovery codes, shown once (currentPassword outside 10 minutes of signing in)",
        body: twoFactorEnableRequestSchema,
        response: { 200: twoFactorEnableResponseSchema, ...errorsOf(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      mailed(enableTwoFactor(ctx, await authenticate(ctx, request), request.body, request.ip)),
  );
  api.post(
    "/api/users/2fa/disable",
    {
      schema: {
        tags,
        security,
        summary: "Turn two-factor off (currentPassword outside 10 minutes of signing in)",
        body: reauthRequestSchema.optional(),
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      mailed(
        disableTwoFactor(
          ctx,
          await authenticate(ctx, request),
          request.body?.currentPassword,
          request.ip,
        ),
      ),
  );
  api.post(
    "/api/users/login/2fa",
    {
      schema: {
        tags,
        summary:
          "The second step of a login with two-factor on: the challenge and a code or a recovery code (5 minutes, 5 tries)",
        body: loginTwoFactorRequestSchema,
        response: { 200: loginResponseSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) =>
      signedIn(request, await loginWithCode(ctx, request.body, signInSource(request))),
  );

  // --- Passkeys -------------------------------------------------------------------------------
  api.post(
    "/api/users/passkeys/register/options",
    {
      schema: {
        tags,
        security,
        summary:
          "WebAuthn options for adding a passkey (currentPassword outside 10 minutes of signing in)",
        body: reauthRequestSchema.optional(),
        response: { 200: passkeyOptionsResponseSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) =>
      registrationOptions(
        ctx,
        await authenticate(ctx, request),
        request.body?.currentPassword,
        request.ip,
      ),
  );
  api.post(
    "/api/users/passkeys/register/verify",
    {
      schema: {
        tags,
        security,
        summary:
          "Add the passkey the browser made from the options (currentPassword outside 10 minutes of signing in)",
        body: passkeyRegisterRequestSchema,
        response: { 200: passkeyAnswerSchema, ...errorsOf(400, 401, 403, 429) },
      },
    },
    async (request) =>
      mailed(registerPasskey(ctx, await authenticate(ctx, request), request.body, request.ip)),
  );
  api.post(
    "/api/users/passkeys/login/options",
    {
      schema: {
        tags,
        summary: "WebAuthn options for signing in with a passkey",
        response: { 200: passkeyOptionsResponseSchema, ...errorsOf(429) },
      },
    },
    async (request) => {
      await ctx.rateLimiter.hit([`passkey-options:ip:${request.ip}`], ctx.config.authRateLimit);
      return authenticationOptions(ctx);
    },
  );
  api.post(
    "/api/users/passkeys/login/verify",
    {
      schema: {
        tags,
        summary: "Sign in with a passkey; answers as login does",
        body: passkeyLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorsOf(400, 403, 429) },
      },
    },
    async (request) =>
      signedIn(request, await loginWithPasskey(ctx, request.body, signInSource(request))),
  );
  api.get(
    "/api/users/passkeys",
    {
      schema: {
        tags,
        security,
        summary: "The caller's passkeys",
        response: { 200: passkeyListSchema, ...errorsOf(401) },
      },
    },
    async (request) => listPasskeys(ctx, await authenticate(ctx, request)),
  );
  api.post(
    "/api/users/passkeys/delete",
    {
      schema: {
        tags,
        security,
        summary: "Remove a passkey (currentPassword outside 10 minutes of signing in)",
        body: passkeyDeleteRequestSchema,
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      mailed(deletePasskey(ctx, await authenticate(ctx, request), request.body, request.ip)),
  );

  // --- Sessions -------------------------------------------------------------------------------
  api.get(
    "/api/users/sessions",
    {
      schema: {
        tags,
        security,
        summary: "The caller's live sessions",
        response: { 200: sessionListSchema, ...errorsOf(401) },
      },
    },
    async (request) => listSessions(ctx, await authenticate(ctx, request)),
  );
  api.post(
    "/api/users/sessions/revoke",
    {
      schema: {
        tags,
        security,
        summary: "Sign one of the caller's sessions out",
        body: revokeSessionRequestSchema,
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 401, 404) },
      },
    },
    async (request) => revokeSession(ctx, await authenticate(ctx, request), request.body.sessionId),
  );
  api.post(
    "/api/users/sessions/revokeOthers",
    {
      schema: {
        tags,
        security,
        summary: "Sign out every session of the caller but this one",
        response: { 200: revokeOthersResponseSchema, ...errorsOf(401) },
      },
    },
    async (request) => revokeOtherSessions(ctx, await authenticate(ctx, request)),
  );

  // --- App passwords (issue 26) ------------------------------------------------------------------
  api.get(
    "/api/users/app-passwords",
    {
      schema: {
        tags,
        security,
        summary: "The caller's app passwords, for signing e-reader apps in to the OPDS catalogue",
        response: { 200: appPasswordListSchema, ...errorsOf(401) },
      },
    },
    async (request) => listAppPasswords(ctx, await authenticate(ctx, request)),
  );
  api.post(
    "/api/users/app-passwords",
    {
      schema: {
        tags,
        security,
        summary:
          "Make an app password (shown once in the answer; at most 20; currentPassword outside 10 minutes of signing in)",
        body: appPasswordCreateRequestSchema,
        response: { 200: appPasswordCreatedSchema, ...errorsOf(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      mailed(createAppPassword(ctx, await authenticate(ctx, request), request.body, request.ip)),
  );
  api.post(
    "/api/users/app-passwords/revoke",
    {
      schema: {
        tags,
        security,
        summary: "Revoke an app password: the apps signed in with it are signed out",
        body: appPasswordRevokeRequestSchema,
        response: { 200: simpleSuccessSchema, ...errorsOf(400, 401, 404) },
      },
    },
    async (request) => revokeAppPassword(ctx, await authenticate(ctx, request), request.body.id),
  );

  // --- Email change -----------------------------------------------------------------------------
  api.post(
    "/api/users/email/confirm",
    {
      schema: {
        tags,
        summary: "Open the link mailed to a new address: the change is made (once, within 24 h)",
        body: emailLinkRequestSchema,
        response: { 200: emailLinkResponseSchema, ...errorsOf(400, 409, 429) },
      },
    },
    (request) => confirmEmailChange(ctx, request.body.token, request.ip),
  );
  api.post(
    "/api/users/email/undo",
    {
      schema: {
        tags,
        summary:
          "Open the link mailed to the old address: it is put back and every session signed out",
        body: emailLinkRequestSchema,
        response: { 200: emailLinkResponseSchema, ...errorsOf(400, 409, 429) },
      },
    },
    (request) => undoEmailChange(ctx, request.body.token, request.ip),
  );
};
