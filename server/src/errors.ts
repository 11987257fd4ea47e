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
    new AppError(
      409,
      "TOP_UP_DAILY_LIMIT",
      leftPence > 0
        ? `You can top up at most ${formatPenceGrouped(limitPence)} a day. You can add up to ${formatPenceGrouped(leftPence)} more today.`
        : `You have reached today's top-up limit of ${formatPenceGrouped(limitPence)}. You can top up again tomorrow.`,
      "amount",
    ),
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
  mailDoesNotFitLoan: (type: string, status: string) =>
    new AppError(
      409,
      "MAIL_DOES_NOT_FIT",
      `A ${type} mail does not fit a loan that is ${status}.`,
      "type",
    ),
  bookNotFound: () => new AppError(404, "BOOK_NOT_FOUND", "That book is not in the catalogue."),
  categoryNotFound: () => new AppError(404, "CATEGORY_NOT_FOUND", "That category does not exist."),
  tooManyRequests: () =>
    new AppError(
      429,
      "TOO_MANY_REQUESTS",
      "Too many requests. Please wait a minute and try again.",
    ),
} as const;
