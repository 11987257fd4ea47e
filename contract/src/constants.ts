// Constants and messages shared by server and web. No zod here: the web app imports this file
// and must not pull the schema library into the browser bundle.

/** Largest value a PostgreSQL `integer` column holds; ids above it can never exist. */
export const MAX_INT32 = 2_147_483_647;

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
/** Without page/pageSize, list calls answer at most this many ids (design.md §4, Popular). */
export const UNPAGED_LIST_LIMIT = 1000;

export const SEARCH_PARAMETER_REQUIRED = "At least one search parameter is required";

export const PASSWORD_MIN_LENGTH = 6;
/** scrypt on a megabyte of password would be a cheap way to burn our CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const SESSION_DAYS = 30;

/** The "simple address pattern" of spec.md §5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** spec.md §8's account messages, shown word for word. */
export const accountMessages = {
  fillAllFields: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  emailTaken: "Email has already been registered",
  fillOneField: "Please fill at least one field to update",
} as const;
