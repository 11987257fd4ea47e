import { accountMessages, securityMessages, topUpLimitMessage } from "@folio/contract/constants";
import { formatPenceGrouped } from "./money";
/**
 * The one catalogue of errors the API answers with. Each has a stable code, an HTTP status and
 * a sentence a person understands; the error handler turns them into design.md §3 bodies.
 * Code never matches on message text: it matches on `code`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  validation: (message: string, field?: string) => new AppError(400, "VALIDATION", message, field),
  invalidJson: () => new AppError(400, "INVALID_JSON", "The request body is not valid JSON."),
  invalidEncoding: () =>
    new AppError(400, "INVALID_ENCODING", "The request body is not valid UTF-8 text."),
  unsupportedMediaType: () =>
    new AppError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the request body as JSON (application/json).",
    ),
  bodyTooLarge: () => new AppError(413, "BODY_TOO_LARGE", "The request body is too large."),
  badUrl: () =>
    new AppError(400, "BAD_URL", "The address of the request is not valid: check its % escapes."),
  headersTooLarge: () =>
    new AppError(431, "HEADERS_TOO_LARGE", "The address or headers of the request are too long."),
  badRequest: () => new AppError(400, "BAD_REQUEST", "The request could not be understood."),
  requestTimeout: () =>
    new AppError(408, "REQUEST_TIMEOUT", "The request took too long to arrive. Please try again."),
  unauthorized: () => new AppError(401, "UNAUTHORIZED", "Please log in to continue."),
  /** a signed-in caller whose role does not allow the call (design.md §7.1) */
  forbidden: (needs: "librarian" | "admin") =>
    new AppError(
      403,
      "FORBIDDEN",
      needs === "admin" ? "Only an administrator can do this." : "Only library staff can do this.",
    ),
  accountBlocked: () =>
    new AppError(403, "ACCOUNT_BLOCKED", "This account is blocked. Please contact the library."),
  routeNotFound: (method: string, url: string) =>
    new AppError(404, "NOT_FOUND", `There is no ${method} ${url.split("?")[0]} in this API.`),
  emailTaken: () => new AppError(409, "EMAIL_TAKEN", "Email has already been registered", "email"),
  wrongCredentials: () => new AppError(401, "WRONG_CREDENTIALS", "Incorrect email or password."),
  nothingToUpdate: () =>
    new AppError(400, "VALIDATION", "Please fill at least one field to update"),
  invalidResetToken: () =>
    new AppError(
      400,
      "INVALID_RESET_TOKEN",
      "This reset link is invalid or has expired. Please ask for a new one.",
    ),
  notYourAddress: () =>
    new AppError(403, "NOT_YOUR_ADDRESS", "Mail can only be sent to your own email address.", "to"),
  mailTypeNeedsBook: (type: string) =>
    new AppError(
      400,
      "VALIDATION",
      `A ${type} mail needs data.bookId of a book you have borrowed.`,
      "data.bookId",
    ),
  idempotencyKeyReused: () =>
    new AppError(
      409,
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used for a different request.",
      "Idempotency-Key",
    ),
  cartFull: () =>
    new AppError(409, "CART_FULL", "Your cart is full. Borrow or remove some books first."),
  notInCart: () => new AppError(404, "NOT_IN_CART", "That book is not in your cart."),
  cartQuantity: () =>
    new AppError(
      400,
      "VALIDATION",
      "An e-book loan is one copy, so the quantity can only be 1.",
      "quantity",
    ),
  topUpDailyLimit: (limitPence: number, leftPence: number) =>
    new AppError(409, "TOP_UP_DAILY_LIMIT", topUpLimitMessage(limitPence, leftPence), "amount"),
  renewalTooEarly: (renewableFrom: string) =>
    new AppError(
      409,
      "RENEWAL_TOO_EARLY",
      `This loan is not due for renewal yet: you can renew it from ${renewableFrom}, when it is due within 30 days.`,
      "bookId",
    ),
  loanNotFound: () =>
    new AppError(404, "LOAN_NOT_FOUND", "You have no open loan of that book.", "bookId"),
  reviewNeedsLoan: () =>
    new AppError(403, "NOT_BORROWED", "You can review a book once you have borrowed it.", "bookId"),
  alreadyReviewed: () =>
    new AppError(409, "ALREADY_REVIEWED", "You have already reviewed this book.", "bookId"),
  reviewNotFound: () =>
    new AppError(404, "REVIEW_NOT_FOUND", "That review does not exist.", "commentId"),
  notYourReview: () =>
    new AppError(403, "NOT_YOUR_REVIEW", "You can only delete your own reviews.", "commentId"),
  notYourReviewToEdit: () =>
    new AppError(403, "NOT_YOUR_REVIEW", "You can only edit your own reviews.", "commentId"),
  hiddenReviewNotEditable: () =>
    new AppError(
      409,
      "REVIEW_HIDDEN",
      "The library has hidden this review, so it cannot be edited.",
      "commentId",
    ),
  notBorrowedForReading: () =>
    new AppError(
      400,
      "NOT_BORROWED",
      "You need to borrow this book first before reading it",
      "bookId",
    ),
  contentLinkInvalid: () =>
    new AppError(
      403,
      "CONTENT_LINK_INVALID",
      "This reading link is not valid. Please open the book again.",
    ),
  contentLinkExpired: () =>
    new AppError(
      403,
      "CONTENT_LINK_EXPIRED",
      "This reading link has expired. Please open the book again.",
    ),
  contentLinkEnded: () =>
    new AppError(
      403,
      "CONTENT_LINK_ENDED",
      "This reading link ended with the session it was made in. Please log in and open the book again.",
    ),
  contentMissing: () =>
    new AppError(
      404,
      "CONTENT_MISSING",
      "The file of this e-book is missing. Please tell the library.",
    ),
  /** the content store (a folder or an S3 bucket) cannot be reached just now: try again */
  contentUnavailable: () =>
    new AppError(
      503,
      "CONTENT_UNAVAILABLE",
      "Books cannot be fetched just now. Please try again in a minute.",
    ),
  // The publication (design.md §7.3): a borrowed book's files one by one.
  publicationFileNotFound: () =>
    new AppError(
      404,
      "PUBLICATION_FILE_NOT_FOUND",
      "This book has no file at that address. Please open the book again.",
    ),
  publicationPathInvalid: () =>
    new AppError(
      400,
      "PUBLICATION_PATH_INVALID",
      "That address does not name a file inside this book.",
    ),
  bookUnreadable: (reason: string) =>
    new AppError(
      422,
      "BOOK_UNREADABLE",
      `This e-book cannot be opened in the reader (${reason}). Please tell the library.`,
    ),
  mailDoesNotFitLoan: (type: string, status: string) =>
    new AppError(
      409,
      "MAIL_DOES_NOT_FIT",
      `A ${type} mail does not fit a loan that is ${status}.`,
      "type",
    ),
  bookNotFound: () => new AppError(404, "BOOK_NOT_FOUND", "That book is not in the catalogue."),

  // Bookmarks and highlights (design.md §7.3).
  annotationNotFound: () =>
    new AppError(404, "ANNOTATION_NOT_FOUND", "This bookmark or highlight no longer exists.", "id"),
  annotationLimit: (message: string) => new AppError(409, "ANNOTATION_LIMIT", message, "bookId"),
  bookmarkHasNoColor: () =>
    new AppError(
      400,
      "VALIDATION",
      "A bookmark has no colour: only highlights do. Leave color out.",
      "color",
    ),
  highlightNeedsText: () =>
    new AppError(400, "VALIDATION", "A highlight needs text: the words it marks.", "text"),
  annotationClientIdReused: () =>
    new AppError(
      409,
      "CLIENT_ID_REUSED",
      "This clientId already names another bookmark or highlight. Send a new one.",
      "clientId",
    ),

  // Holds (design.md §7.2).
  copyAvailable: () =>
    new AppError(
      409,
      "COPY_AVAILABLE",
      "A copy of this book is free: borrow it now, no hold is needed.",
      "bookId",
    ),
  holdOnBorrowedBook: () =>
    new AppError(409, "ALREADY_BORROWED", "You have already borrowed this book.", "bookId"),
  holdExists: () =>
    new AppError(409, "HOLD_EXISTS", "You already have a hold on this book.", "bookId"),
  holdLimit: (limit: number) =>
    new AppError(
      409,
      "HOLD_LIMIT",
      `You have ${limit} holds already, the most at once. Cancel one before placing another.`,
      "bookId",
    ),
  holdLendsSpent: (message: string) => new AppError(409, "EXCEED_LIMIT", message, "bookId"),
  holdNotFound: () => new AppError(404, "HOLD_NOT_FOUND", "That hold was not found.", "holdId"),
  holdClosed: () => new AppError(409, "HOLD_CLOSED", "This hold has ended already.", "holdId"),
  holdNotWaiting: () =>
    new AppError(
      409,
      "HOLD_NOT_WAITING",
      "Only a hold that is still waiting can change whether we borrow it for you.",
      "holdId",
    ),
  categoryNotFound: () => new AppError(404, "CATEGORY_NOT_FOUND", "That category does not exist."),

  // The staff catalogue: books, categories and EPUB uploads (design.md §7.1).
  uploadNotFound: () =>
    new AppError(
      404,
      "UPLOAD_NOT_FOUND",
      "That upload is not here any more: uploads are kept for 24 hours. Please upload the file again.",
      "uploadId",
    ),
  uploadTooLarge: (limit: string) =>
    new AppError(
      413,
      "UPLOAD_TOO_LARGE",
      `This file is larger than ${limit}, the most an EPUB upload can be.`,
    ),
  uploadNotEpub: () =>
    new AppError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the EPUB file itself as the request body, with Content-Type application/epub+zip.",
    ),
  /** the file is no EPUB the shop can lend: `reason` says why, in a librarian's words */
  epubRejected: (kind: "invalid" | "too-large" | "drm", reason: string) =>
    kind === "too-large"
      ? new AppError(413, "EPUB_TOO_LARGE", `This EPUB is too large: ${reason}.`)
      : kind === "drm"
        ? new AppError(
            422,
            "EPUB_DRM",
            `This EPUB is ${reason}: the shop can only lend EPUBs without DRM.`,
          )
        : new AppError(422, "EPUB_INVALID", `This file is not a valid EPUB: ${reason}.`),
  bookExists: (title: string, author: string) =>
    new AppError(
      409,
      "BOOK_EXISTS",
      `"${title}" by ${author} is already in the catalogue: a title and author can be there only once.`,
      "title",
    ),
  copiesBelowLent: (lent: number, held: number) =>
    new AppError(
      409,
      "COPIES_BELOW_LENT",
      held === 0
        ? `${lent} ${lent === 1 ? "copy is" : "copies are"} on loan: copies can't be fewer than that.`
        : `${lent} ${lent === 1 ? "copy is" : "copies are"} on loan and ${held} kept for readers' holds: copies can't be fewer than ${lent + held}.`,
      "copies",
    ),
  bookRetired: () => new AppError(409, "BOOK_RETIRED", "This book is retired already.", "bookId"),
  bookNotRetired: () =>
    new AppError(409, "BOOK_NOT_RETIRED", "This book is not retired.", "bookId"),
  categoryExists: (name: string) =>
    new AppError(409, "CATEGORY_EXISTS", `There is already a category named "${name}".`, "name"),
  tooManyRequests: () =>
    new AppError(
      429,
      "TOO_MANY_REQUESTS",
      "Too many requests. Please wait a minute and try again.",
    ),

  // The staff console: readers, loans, mail and reviews (design.md §7.1).
  readerNotFound: () =>
    new AppError(404, "READER_NOT_FOUND", "That account does not exist.", "userId"),
  /** staff acting on their own account where another must (money, block, their admin role) */
  ownAccount: (message: string) => new AppError(409, "OWN_ACCOUNT", message, "userId"),
  onlyAdminOnStaff: () =>
    new AppError(
      403,
      "FORBIDDEN",
      "Only an administrator can block or unblock a member of staff.",
      "userId",
    ),
  alreadyBlocked: () =>
    new AppError(409, "ALREADY_BLOCKED", "This account is blocked already.", "userId"),
  notBlocked: () => new AppError(409, "NOT_BLOCKED", "This account is not blocked.", "userId"),
  roleUnchanged: (roleName: string) =>
    new AppError(
      409,
      "ROLE_UNCHANGED",
      `This account is ${/^[AEIOU]/.test(roleName) ? "an" : "a"} ${roleName} already.`,
      "role",
    ),
  balanceTooLow: (balancePence: number) =>
    new AppError(
      409,
      "BALANCE_TOO_LOW",
      `A balance can't go below £0: this reader's balance is ${formatPenceGrouped(balancePence)}, so at most ${formatPenceGrouped(balancePence)} can be taken off.`,
      "amount",
    ),
  ledgerEntryNotFound: () =>
    new AppError(404, "LEDGER_ENTRY_NOT_FOUND", "That ledger entry does not exist.", "ledgerId"),
  notACharge: () =>
    new AppError(
      409,
      "NOT_A_CHARGE",
      "Only a borrow or renewal charge can be refunded.",
      "ledgerId",
    ),
  chargeWithoutReader: () =>
    new AppError(
      409,
      "NO_READER",
      "The reader this charge was made to has deleted their account: there is no balance to refund to.",
      "ledgerId",
    ),
  refundTooLarge: (chargePence: number, refundedPence: number) =>
    new AppError(
      409,
      "REFUND_TOO_LARGE",
      `${refundedPence > 0 ? `${formatPenceGrouped(refundedPence)} of this ${formatPenceGrouped(chargePence)} charge has been refunded already` : `This charge was ${formatPenceGrouped(chargePence)}`}: at most ${formatPenceGrouped(chargePence - refundedPence)} can still be refunded.`,
      "amount",
    ),
  staffLoanNotFound: () =>
    new AppError(404, "LOAN_NOT_FOUND", "That loan does not exist.", "loanId"),
  loanEnded: () => new AppError(409, "LOAN_ENDED", "This loan has ended already.", "loanId"),
  mailNotFound: () => new AppError(404, "MAIL_NOT_FOUND", "That mail does not exist.", "mailId"),
  mailSent: () => new AppError(409, "MAIL_SENT", "This mail was sent already.", "mailId"),
  staffReviewNotFound: () =>
    new AppError(404, "REVIEW_NOT_FOUND", "That review does not exist.", "reviewId"),
  reviewHidden: () =>
    new AppError(409, "REVIEW_HIDDEN", "This review is hidden already.", "reviewId"),
  reviewNotHidden: () =>
    new AppError(409, "REVIEW_NOT_HIDDEN", "This review is not hidden.", "reviewId"),
  // Account security (design.md §7.4)
  /** A password a reader chose that a guesser would find (passwordWeakness). */
  weakPassword: (why: "common" | "guessable" | "personal") =>
    new AppError(
      400,
      "VALIDATION",
      {
        common: accountMessages.commonPassword,
        guessable: accountMessages.guessablePassword,
        personal: accountMessages.personalPassword,
      }[why],
      "password",
    ),
  reauthRequired: () =>
    new AppError(403, "REAUTH_REQUIRED", securityMessages.reauthRequired, "currentPassword"),
  wrongCurrentPassword: () =>
    new AppError(403, "WRONG_PASSWORD", securityMessages.wrongCurrentPassword, "currentPassword"),
  wrongCode: (status: 400 | 401) =>
    new AppError(status, "WRONG_CODE", securityMessages.wrongCode, "code"),
  twoFactorLocked: () =>
    new AppError(403, "TWO_FACTOR_LOCKED", securityMessages.twoFactorLocked, "recoveryCode"),
  challengeExpired: () =>
    new AppError(401, "CHALLENGE_EXPIRED", securityMessages.challengeExpired, "challenge"),
  twoFactorAlreadyOn: () => new AppError(409, "TWO_FACTOR_ON", securityMessages.twoFactorAlreadyOn),
  twoFactorNotStarted: () =>
    new AppError(409, "TWO_FACTOR_NOT_STARTED", securityMessages.twoFactorNotStarted),
  twoFactorOff: () => new AppError(409, "TWO_FACTOR_OFF", securityMessages.twoFactorOff),
  sessionNotFound: () =>
    new AppError(404, "SESSION_NOT_FOUND", securityMessages.sessionNotFound, "sessionId"),
  passkeyNotFound: () =>
    new AppError(404, "PASSKEY_NOT_FOUND", securityMessages.passkeyNotFound, "id"),
  passkeyFailed: () => new AppError(400, "PASSKEY_FAILED", securityMessages.passkeyFailed),
  emailLinkInvalid: () =>
    new AppError(400, "EMAIL_LINK_INVALID", securityMessages.emailLinkInvalid, "token"),
  appPasswordLimit: () =>
    new AppError(409, "APP_PASSWORD_LIMIT", securityMessages.appPasswordLimit, "name"),
  appPasswordNotFound: () =>
    new AppError(404, "APP_PASSWORD_NOT_FOUND", securityMessages.appPasswordNotFound, "id"),
  /** an app signing in with the account password while two-factor sign-in is on (issue 26) */
  appPasswordRequired: () =>
    new AppError(
      401,
      "APP_PASSWORD_REQUIRED",
      "Two-factor sign-in is on for this account. Please sign in to the app with an app password from Settings.",
    ),
} as const;
