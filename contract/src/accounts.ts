import { z } from "zod";
import { poundsSchema } from "./common";
import {
  accountMessages,
  EMAIL_MAX_LENGTH,
  hasInvisibleCharacter,
  isEmailAddress,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  securityMessages,
} from "./constants";

// Every length limit stops the checks after it (`abort`): no later check, pattern or
// normalisation ever runs on a megabyte of text.
const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: accountMessages.fillAllFields })
    .trim()
    .min(1, { error: accountMessages.fillAllFields, abort: true })
    .max(max, { error: tooLong, abort: true });

const emailTooLong = `Email must be at most ${EMAIL_MAX_LENGTH} characters long`;
const visibleOnly = [
  (value: string) => !hasInvisibleCharacter(value),
  { error: accountMessages.invisibleInEmail, abort: true },
] as const;

/** An address as typed; answers it in the one form it is stored and looked up by. */
export const emailSchema = requiredText(EMAIL_MAX_LENGTH, emailTooLong)
  .refine(...visibleOnly)
  .refine(isEmailAddress, { error: accountMessages.invalidEmail })
  .transform(normalizeEmail);

export const passwordSchema = z
  .string({ error: accountMessages.fillAllFields })
  .min(1, { error: accountMessages.fillAllFields })
  .min(PASSWORD_MIN_LENGTH, { error: accountMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  });

export const nameSchema = requiredText(100, "Name must be at most 100 characters long");

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  UUID: z.string(),
  email: z.string(),
  name: z.string(),
  createdat: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  // No pattern here: an address that could never register simply matches no account.
  email: requiredText(EMAIL_MAX_LENGTH, emailTooLong)
    .refine(...visibleOnly)
    .transform(normalizeEmail),
  password: z
    .string({ error: accountMessages.fillAllFields })
    .min(1, { error: accountMessages.fillAllFields })
    .max(PASSWORD_MAX_LENGTH, { error: "Incorrect email or password." }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  state: z.literal("success"),
  token: z.string(),
  /** seconds until the token expires */
  expiresIn: z.number().int(),
  UUID: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userInfoSchema = z.object({
  state: z.literal("success"),
  UUID: z.string(),
  name: z.string(),
  email: z.string(),
  balance: poundsSchema,
  createdat: z.string(),
  /** reader, librarian or admin: staff see the console's link (design.md §7.1) */
  role: z.enum(["reader", "librarian", "admin"]),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * The password a reader types to prove it is them (design.md §7.4): changing email or password,
 * turning two-factor off, removing a passkey and deleting the account need it, unless the
 * session signed in within the last 10 minutes.
 */
export const currentPasswordSchema = z
  .string({ error: "currentPassword must be text" })
  .max(PASSWORD_MAX_LENGTH, { error: securityMessages.wrongCurrentPassword })
  .optional();

/** Only the fields sent change; a blank password means "unchanged" (spec.md §5). */
export const updateUserRequestSchema = z.object({
  name: z
    .string({ error: "name must be text" })
    .trim()
    .max(100, { error: "Name must be at most 100 characters long", abort: true })
    .optional(),
  email: z
    .string({ error: "email must be text" })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: emailTooLong, abort: true })
    .refine(...visibleOnly)
    .refine((value) => value === "" || isEmailAddress(value), {
      error: accountMessages.invalidEmail,
    })
    .transform(normalizeEmail)
    .optional(),
  password: z
    .string({ error: "password must be text" })
    .max(PASSWORD_MAX_LENGTH, {
      error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
    })
    .refine((value) => value === "" || value.length >= PASSWORD_MIN_LENGTH, {
      error: accountMessages.passwordTooShort,
    })
    .optional(),
  currentPassword: currentPasswordSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updateUserResponseSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
  name: z.string(),
  email: z.string(),
  /** a new address waiting for its mailed link to be opened (design.md §7.4) */
  pendingEmail: z.string().optional(),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

/** Deleting the account: the current password, unless signed in within the last 10 minutes. */
export const deleteUserRequestSchema = z.object({ currentPassword: currentPasswordSchema });

export const simpleSuccessSchema = z.object({
  state: z.literal("success"),
  message: z.string(),
});
export type SimpleSuccess = z.infer<typeof simpleSuccessSchema>;

export const forgetRequestSchema = z.object({ email: emailSchema });
export const resetRequestSchema = z.object({
  token: z
    .string({ error: "token is required" })
    .min(1, { error: "token is required" })
    .max(200, { error: "This reset link is invalid or has expired." }),
  password: passwordSchema,
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;
