// Constants and messages shared by server and web. No zod here: the web app imports this file
// and must not pull the schema library into the browser bundle.
import { formatPence, formatPenceGrouped } from "./money";

/** Largest value a PostgreSQL `integer` column holds; ids above it can never exist. */
export const MAX_INT32 = 2_147_483_647;

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;
/** Without page/pageSize, list calls answer at most this many ids (design.md §4, Popular). */
export const UNPAGED_LIST_LIMIT = 1000;

export const SEARCH_PARAMETER_REQUIRED = "At least one search parameter is required";
/**
 * A search's cost grows with its words (each is looked up, each unknown one corrected): a title
 * or author field is read up to its first SEARCH_MAX_WORDS words, and at most
 * SEARCH_CORRECTED_WORDS words of a search are put right, so forty words cost what eight do.
 */
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_CORRECTED_WORDS = 4;
/** A title search that falls back to authors or categories names at most this many of them. */
export const SEARCH_FALLBACK_NAMES = 3;

export const PASSWORD_MIN_LENGTH = 6;
/** scrypt on a megabyte of password would be a cheap way to burn our CPU. */
export const PASSWORD_MAX_LENGTH = 200;
export const SESSION_DAYS = 30;

/** Longest email address (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The "simple address pattern" of spec.md §5, something@something.something with no spaces, as
 * one pass over the text: the regular expression it replaces (/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
 * backtracked in quadratic time on "a@....@" and stalled the server on long input.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf("@");
  if (at < 1 || text.indexOf("@", at + 1) !== -1 || /\s/.test(text)) return false;
  const domain = text.slice(at + 1);
  // A dot with something on each side of it.
  const dot = domain.indexOf(".", 1);
  return dot !== -1 && dot < domain.length - 1;
}

/**
 * Characters nobody can see: controls, format characters (zero-width space and joiners, bidi
 * marks), default-ignorable fillers and unassigned or private code points. An address holding one
 * looks like another, so it is refused rather than stored.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
export const hasInvisibleCharacter = (text: string): boolean => INVISIBLE.test(text);

/**
 * The one form of an email address the shop stores, looks up and keys every limit by: trimmed,
 * Unicode NFKC (so "ｖｉｃｔｉｍ" is "victim"), lower case by Unicode's own mapping, never a locale's.
 * "vİctim@ex.com" becomes "vi̇ctim@ex.com", not "victim@ex.com": a different address.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFKC").toLowerCase().normalize("NFKC");
}

/** spec.md §8's account messages, shown word for word. */
export const accountMessages = {
  fillAllFields: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters long",
  passwordsDoNotMatch: "Passwords do not match",
  emailTaken: "Email has already been registered",
  fillOneField: "Please fill at least one field to update",
  invisibleInEmail:
    "This email address contains a character that cannot be seen. Please type it again.",
  /** design.md §7.4: a password on the list of common passwords */
  commonPassword: "This password is too common. Please choose another.",
  /** a password a guesser would try within a million guesses, though on no list */
  guessablePassword:
    "This password is too easy to guess. Try a longer one, such as a few unrelated words.",
  /** a password made of the reader's own name or email address */
  personalPassword:
    "This password is too close to your name or email address. Please choose another.",
} as const;

/** design.md §7.4's texts, written by the server and shown by the web app word for word. */
export const securityMessages = {
  reauthRequired: "Please enter your current password to continue.",
  wrongCurrentPassword: "That is not your current password.",
  wrongCode: "That code is not right. Please try again.",
  challengeExpired: "This sign-in has expired. Please sign in again.",
  twoFactorLocked:
    "Too many wrong codes have been entered for this account. Please use one of your recovery codes.",
  twoFactorAlreadyOn: "Two-factor sign-in is already on.",
  twoFactorNotStarted: "Start setting up two-factor sign-in first.",
  twoFactorOff: "Two-factor sign-in is not on.",
  sessionNotFound: "That session does not exist.",
  passkeyNotFound: "That passkey does not exist.",
  passkeyFailed: "The passkey could not be checked. Please try again.",
  emailLinkInvalid: "This link is invalid or has expired.",
  appPasswordName: "Please name the app password after the app it is for (up to 60 characters).",
  appPasswordLimit: "You have 20 app passwords already. Please revoke one you no longer use first.",
  appPasswordNotFound: "That app password does not exist.",
} as const;

/** Where e-reader apps find the OPDS catalogue, relative to the shop's address (issue 26). */
export const OPDS_PATHS = { v1: "/opds/1.2", v2: "/opds/2.0" } as const;

export const MAX_TOP_UP_POUNDS = 10_000;
/** Presets that fit books at £2–£10 (issue 45; spec §9 had £50 to £1000). */
export const TOP_UP_PRESETS_POUNDS = [5, 10, 20, 50] as const;

/**
 * The daily top-up limit's words (TOP_UP_DAILY_LIMIT), written by the server when it refuses a
 * top-up and by the top-up form before it sends one, so both say the same.
 */
export const topUpLimitMessage = (limitPence: number, leftPence: number): string =>
  leftPence > 0
    ? `You can top up at most ${formatPenceGrouped(limitPence)} a day. You can add up to ${formatPenceGrouped(leftPence)} more today.`
    : `You have reached today's top-up limit of ${formatPenceGrouped(limitPence)}. You can top up again tomorrow.`;
/** Books a reader may hold at once. */
export const BORROW_LIMIT = 10;
export const LOAN_DAYS = 30;
/** Overdue loans are returned automatically this many days after their due date. */
export const AUTO_RETURN_DAYS = 7;
/** The most books one cart (or one borrow request) may hold. */
export const MAX_CART_ITEMS = 50;

/** Borrow outcomes on the wire (spec.md §4); business outcomes answer HTTP 200. */
export const borrowStates = {
  success: "success",
  insufficientBalance: "insufficient balance",
  reachBorrowLimit: "Reach borrow limit",
  exceedLimit: "exceed_limit",
  failed: "Borrow failed.",
} as const;

/** spec §8's borrow texts, written by the server and shown by the web app word for word. */
export const borrowMessages = {
  reachLimit: `You have reached the maximum borrow limit (${BORROW_LIMIT} books). Please return some books before trying again.`,
  exceedLimit:
    "This book has reached the maximum borrow limit (10 times). Not available for borrowing.",
  insufficient: (shortfallPence: number) =>
    `Your account balance is insufficient. You need to top up ${formatPence(shortfallPence)} to borrow this book`,
  invalid: "Borrow failed: Invalid book",
  lowStock: "Out of stock",
  alreadyBorrowed: "You have already borrowed this book",
  /** The server says "1 book." for one; spec §4 writes the plural form for N. */
  success: (count: number) => `Successfully borrowed ${count} ${count === 1 ? "book" : "books"}.`,
} as const;

/** spec §8's renewal texts, written by the server and shown by the web app word for word. */
export const renewMessages = {
  insufficient: (shortfallPence: number) =>
    `Insufficient balance, you need ${formatPence(shortfallPence)}`,
  success: "Renewal successful",
} as const;

/** wishlist/add and cart/add answer this state when the book is already there (spec.md §7). */
export const ALREADY_PRESENT_STATE = " exist.";

/** Longest review text, in characters after trimming. */
export const REVIEW_MAX_LENGTH = 2000;

/** Suggestions start at this many characters, and are at most SUGGEST_MAX (design.md §7.5). */
export const SUGGEST_MIN_CHARACTERS = 2;
export const SUGGEST_MAX = 8;
/** Books in each list of /api/books/related. */
export const RELATED_MAX = 8;
