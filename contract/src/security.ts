// Account security (design.md §7.4): two-factor sign-in, passkeys, sessions, re-authentication,
// email change by confirmation and the data export. The spec's own account calls are in
// accounts.ts and answer as before for a reader who turns none of this on.
import { z } from "zod";
import { idSchema, wireIdSchema } from "./common";
import { currentPasswordSchema, loginResponseSchema } from "./accounts";
import { OPDS_PATHS, securityMessages } from "./constants";

/** Minutes after signing in during which a session may change credentials without a password. */
export const REAUTH_WINDOW_MINUTES = 10;
/** A two-factor challenge lives this long and allows this many codes. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Wrong codes an account takes, across challenges, before its app's codes stop signing it in
 * (issue 43): then only the password and a recovery code do, and the owner is mailed.
 */
export const TWO_FACTOR_ACCOUNT_TRIES = 10;
/** Hours a mailed email-change link (and the old address's undo link) stays valid. */
export const EMAIL_CHANGE_HOURS = 24;

export { currentPasswordSchema, securityMessages };

export const reauthRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;

// --- Two-factor sign-in -----------------------------------------------------------------------

const sixDigits = z
  .string({ error: "Please enter the 6-digit code from your app." })
  .trim()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[0-9]{6}$/, { error: "Please enter the 6-digit code from your app." }));

export const twoFactorStatusSchema = z.object({
  state: z.literal("success"),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupResponseSchema = z.object({
  state: z.literal("success"),
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  otpauthUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableRequestSchema = z.object({
  code: sixDigits,
  currentPassword: currentPasswordSchema,
});
export const twoFactorEnableResponseSchema = z.object({
  state: z.literal("success"),
  /** shown once: only their hashes are kept */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorRequiredSchema = z.object({
  state: z.literal("2fa_required"),
  challenge: z.string(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** What POST /api/auth/login answers: a session, or (two-factor on) a challenge and no token. */
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorRequiredSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const loginTwoFactorRequestSchema = z
  .object({
    challenge: z
      .string({ error: securityMessages.challengeExpired })
      .min(1, { error: securityMessages.challengeExpired })
      .max(200, { error: securityMessages.challengeExpired, abort: true }),
    code: z.string().max(20, { error: securityMessages.wrongCode }).optional(),
    recoveryCode: z.string().max(40, { error: securityMessages.wrongCode }).optional(),
  })
  .refine((body) => Boolean(body.code?.trim()) || Boolean(body.recoveryCode?.trim()), {
    error: "Please enter the code from your app or a recovery code.",
    path: ["code"],
  });
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>;

// --- Passkeys -----------------------------------------------------------------------------------

/** WebAuthn options as @simplewebauthn makes them, passed to the browser as they are. */
const webAuthnOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .meta({ description: "WebAuthn options (JSON form), for navigator.credentials" });
/** A browser's WebAuthn answer (JSON form), as @simplewebauthn/browser gives it. */
const webAuthnResponseSchema = z
  .looseObject({
    id: z.string().max(1400),
    rawId: z.string().max(1400),
    type: z.string().max(40),
    response: z.looseObject({ clientDataJSON: z.string().max(20_000) }),
  })
  .meta({
    // Shown as an opaque object: its `id` and `rawId` are a credential's names (base64url),
    // not row ids, and the browser's library writes the whole of it.
    description: "a WebAuthn credential (JSON form), from navigator.credentials",
    properties: undefined,
    required: undefined,
    additionalProperties: true,
  });

export const passkeyOptionsResponseSchema = z.object({
  state: z.literal("success"),
  options: webAuthnOptionsSchema,
});
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

export const passkeyRegisterRequestSchema = z.object({
  response: webAuthnResponseSchema,
  currentPassword: currentPasswordSchema,
  name: z
    .string()
    .trim()
    .max(60, { error: "A name must be at most 60 characters long" })
    .optional(),
});
export const passkeyLoginRequestSchema = z.object({ response: webAuthnResponseSchema });

export const passkeySchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyAnswerSchema = z.object({
  state: z.literal("success"),
  passkey: passkeySchema,
});
export const passkeyListSchema = z.object({
  state: z.literal("success"),
  passkeys: z.array(passkeySchema),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;
export const passkeyDeleteRequestSchema = z.object({
  id: idSchema,
  currentPassword: currentPasswordSchema,
});

export { loginResponseSchema };

// --- Sessions -----------------------------------------------------------------------------------

export const sessionSchema = z.object({
  sessionId: wireIdSchema,
  /** the session this request came with */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string(),
  /** browser and system read from the user agent ("Chrome 131", "Linux"); "" when unknown */
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({
  state: z.literal("success"),
  sessions: z.array(sessionSchema),
});
export type SessionList = z.infer<typeof sessionListSchema>;
export const revokeSessionRequestSchema = z.object({ sessionId: idSchema });
export const revokeOthersResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  revoked: z.number().int(),
});

// --- App passwords (issue 26) ------------------------------------------------------------------
// A reader signs an e-reader app into the OPDS catalogue with an app password: their own
// password does not work there once two-factor sign-in is on, and an app password can be
// revoked alone. It is shown once; only its hash is kept.

/** The most app passwords an account may hold at once. */
export const APP_PASSWORD_LIMIT = 20;
/** An app password: five groups of four lower-case letters, easy to type on an e-ink keyboard. */
export const APP_PASSWORD_PATTERN = /^[a-z]{4}(-[a-z]{4}){4}$/;

export const appPasswordSchema = z.object({
  id: wireIdSchema,
  name: z.string(),
  createdAt: z.string(),
  /** when an app last signed in with it (to within minutes); null until then */
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;
export const appPasswordListSchema = z.object({
  state: z.literal("success"),
  appPasswords: z.array(appPasswordSchema),
});
export type AppPasswordList = z.infer<typeof appPasswordListSchema>;
export const appPasswordCreateRequestSchema = z.object({
  name: z
    .string({ error: securityMessages.appPasswordName })
    .trim()
    .min(1, { error: securityMessages.appPasswordName })
    .max(60, { error: securityMessages.appPasswordName }),
  currentPassword: currentPasswordSchema,
});
export type AppPasswordCreateRequest = z.infer<typeof appPasswordCreateRequestSchema>;
export const appPasswordCreatedSchema = z.object({
  state: z.literal("success"),
  appPassword: appPasswordSchema,
  /** shown once: only its hash is kept */
  password: z.string(),
});
export type AppPasswordCreated = z.infer<typeof appPasswordCreatedSchema>;
export const appPasswordRevokeRequestSchema = z.object({ id: idSchema });

export { OPDS_PATHS };

// --- Email change by confirmation --------------------------------------------------------------

export const emailLinkRequestSchema = z.object({
  token: z
    .string({ error: securityMessages.emailLinkInvalid })
    .min(1, { error: securityMessages.emailLinkInvalid })
    .max(200, { error: securityMessages.emailLinkInvalid }),
});
export const emailLinkResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  email: z.string(),
});
export type EmailLinkResponse = z.infer<typeof emailLinkResponseSchema>;

// --- Export ------------------------------------------------------------------------------------

const rows = z.array(z.record(z.string(), z.unknown()));
/** Everything held about the caller (design.md §7.4), as one JSON document. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  sessions: rows,
  passkeys: rows,
  loans: rows,
  ledger: rows,
  payments: rows,
  cart: rows,
  wishlist: rows,
  holds: rows,
  reviews: rows,
  annotations: rows,
  readingProgress: rows,
  mails: rows,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
