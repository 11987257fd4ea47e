import type { ReaderPreferences, ReadiumLocator } from "@folio/contract/reading";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  /** lower-case, accent-free name for search (see search-text.ts) */
  searchName: text("search_name").notNull(),
});

export const books = pgTable(
  "books",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    year: integer("year"),
    language: text("language").notNull().default("en"),
    description: text("description").notNull(),
    pricePence: integer("price_pence").notNull(),
    totalCopies: integer("total_copies").notNull(),
    /** copies minus open loans; kept in the row so a borrow can take a copy with one guarded update */
    availableCopies: integer("available_copies").notNull(),
    /** how many times the book may be lent in all (its lending licence) */
    loanCap: integer("loan_cap").notNull().default(10),
    borrowTimes: integer("borrow_times").notNull().default(0),
    /** loans in the last 30 days, refreshed by the loans feature; orders Popular */
    recentLoans: integer("recent_loans").notNull().default(0),
    /** mean review rating to one decimal; null while the book has no review */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    searchTitle: text("search_title").notNull(),
    searchAuthor: text("search_author").notNull(),
    /** key of a stored cover image; null means the cover is drawn from title and author */
    coverKey: text("cover_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while the book is retired: gone from the catalogue, search and popular, not lent;
     * open loans of it go on.
     */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /**
     * Which stored file is the book's EPUB: 0 is books/ID.epub, n is books/ID-vN.epub. A new file
     * is stored under a new name before the row points at it, so a crash never leaves the row
     * naming a half-written or missing file.
     */
    contentVersion: integer("content_version").notNull().default(0),
    /**
     * A sample edition the seed built (the book's first pages, not the work's full text); a
     * real EPUB given to the book (import, staff upload) clears it.
     */
    sample: boolean("sample").notNull().default(false),
  },
  (t) => [
    uniqueIndex("books_title_author_key").on(t.title, t.author),
    index("books_category_idx").on(t.categoryId, t.title, t.id),
    index("books_popular_idx").on(
      t.recentLoans.desc(),
      sql`${t.rating} desc nulls last`,
      t.title,
      t.id,
    ),
    index("books_search_title_trgm").using("gin", t.searchTitle.op("gin_trgm_ops")),
    index("books_search_author_trgm").using("gin", t.searchAuthor.op("gin_trgm_ops")),
    // Titles and authors that start with what was typed (suggestions), and a search's order:
    // its best matches are read off these in order, not all ranked (catalogue/search.ts).
    index("books_search_title_order").on(t.searchTitle.op("text_pattern_ops"), t.id),
    index("books_search_author_order").on(t.searchAuthor.op("text_pattern_ops"), t.title, t.id),
    // The library grid's and a book page's orders (design.md §7.5).
    index("books_category_popular_idx").on(t.categoryId, t.recentLoans.desc(), t.id),
    // The whole order of sort=rating, so a search for a common word stops at the page's end.
    index("books_rating_idx").on(
      sql`${t.rating} desc nulls last`,
      t.ratingCount.desc(),
      t.title,
      t.id,
    ),
    index("books_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    check("books_price_positive", sql`${t.pricePence} > 0`),
    check("books_copies_nonnegative", sql`${t.totalCopies} >= 0`),
    check(
      "books_available_in_range",
      sql`${t.availableCopies} >= 0 and ${t.availableCopies} <= ${t.totalCopies}`,
    ),
    check(
      "books_rating_range",
      sql`${t.rating} is null or (${t.rating} >= 1 and ${t.rating} <= 5)`,
    ),
  ],
);

/**
 * Every word of the catalogue's titles and authors (search form, split at anything not a letter
 * or digit), kept by a trigger on books: what a typo is corrected against. A few hundred
 * thousand words at most however many books, so a similarity lookup here is cheap where one over
 * the books themselves is not. A word whose last book went stays: it then corrects to nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    /**
     * Books whose title or author held the word at the last rebuild (search_words_rebuild(), run
     * by the migration and after a bulk load); a word added since counts 1. It only breaks ties
     * between equally close corrections, so the trigger does not lock a common word's row to
     * count it: two imports at once never wait on each other here.
     */
    books: integer("books").notNull().default(0),
    /**
     * Some title holds the word (not only an author): suggestions look for titles with a word
     * starting as typed only when one does. Set by the trigger as soon as a title holds it.
     */
    inTitles: boolean("in_titles").notNull().default(false),
  },
  (t) => [
    index("search_words_trgm").using("gist", t.word.op("gist_trgm_ops")),
    index("search_words_prefix").on(t.word.op("text_pattern_ops")),
  ],
);

/**
 * Every author of the catalogue once, as stored for search, for suggesting authors as a reader
 * types: a million books have far fewer authors, and reading them off books took a bitmap of
 * every book by an author who matched. Kept like search_words (the same trigger adds an author
 * not yet here; search_words_rebuild() refills both); an author whose books are all retired
 * stays here and is left out when read.
 */
export const searchAuthors = pgTable(
  "search_authors",
  {
    searchAuthor: text("search_author").primaryKey(),
    /** as printed on one of the books */
    author: text("author").notNull(),
    /** books by the author at the last rebuild; an author added since counts 1 */
    books: integer("books").notNull().default(0),
  },
  (t) => [
    index("search_authors_trgm").using("gin", t.searchAuthor.op("gin_trgm_ops")),
    index("search_authors_prefix").on(t.searchAuthor.op("text_pattern_ops")),
  ],
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** in the one form normalizeEmail gives (trimmed, NFKC, lower case); looked up as it is */
    email: text("email").notNull(),
    /** scrypt$N$r$p$salt$hash, all base64 */
    passwordHash: text("password_hash").notNull(),
    balancePence: integer("balance_pence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a link mailed to the address was last used (a password reset): until then the
     * address is not known to be the reader's, and no mail to it carries text they typed.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** reader, librarian or admin (design.md §7.1) */
    role: text("role").notNull().default("reader"),
    /** set while staff have blocked the account: it cannot sign in, and nothing is deleted */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** the TOTP secret (base32) while two-factor sign-in is on (design.md §7.4) */
    totpSecret: text("totp_secret"),
    /** a secret offered by setup, waiting for a first code before it is turned on */
    totpPendingSecret: text("totp_pending_secret"),
    /** the last 30-second step whose code was accepted: no code of it or before works again */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** wrong two-factor codes since the last right one, across challenges (issue 43) */
    totpFailures: integer("totp_failures").notNull().default(0),
    /** set when too many wrong codes locked the app's codes: a recovery code lifts it */
    totpLockedAt: timestamp("totp_locked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_role_known", sql`${t.role} in ('reader', 'librarian', 'admin')`),
    // Not only code: the database itself refuses a negative balance.
    check("users_balance_nonnegative", sql`${t.balancePence} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** when a request last came with this session (kept to the minute, not every request) */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** the User-Agent and address the session signed in from */
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
    /**
     * Set on an app password (issue 26): a session made in Settings for an e-reader app, its
     * token the app password. It signs in only to the OPDS catalogue, and is listed apart.
     */
    appName: text("app_name"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Two-factor recovery codes, each usable once; only their hashes are kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A password accepted for an account with two-factor on, waiting for its code: it lives five
 * minutes and allows five tries (design.md §7.4). Only the challenge's hash is kept.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    tries: integer("tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId)],
);

/** A reader's WebAuthn credentials (passkeys). */
export const passkeys = pgTable(
  "passkeys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the credential's id, base64url, as the browser names it */
    credentialId: text("credential_id").notNull().unique(),
    /** the COSE public key, base64url */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** how the browser may reach the authenticator ("internal", "usb", …) */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** A WebAuthn challenge handed out by .../options, good once, for five minutes. */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  /** the reader adding a passkey; null for a sign-in, where the passkey names the reader */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Mailed links of an email change (design.md §7.4): `confirm`, sent to the new address, makes
 * the change; `undo`, sent to the old one once it is made, puts the old address back. Each works
 * once, for 24 hours; only the token's hash is kept.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("email_changes_user_idx").on(t.userId),
    check("email_changes_kind_known", sql`${t.kind} in ('confirm', 'undo')`),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Mail waiting to go out. Written in the same transaction as the change that causes it, so a
 * mail is never lost nor sent for a change that rolled back.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** makes a mail happen at most once, e.g. one due-soon reminder per loan and due date */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** a worker that claimed the mail holds it until then; after a crash another retries it */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    index("outbox_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    check(
      "outbox_type_known",
      sql`${t.type} in ('register', 'borrow', 'due_soon', 'expired', 'return', 'password_reset', 'top_up_receipt', 'renewal_receipt', 'hold_ready', 'hold_lapsing', 'hold_expired', 'new_sign_in', 'email_change_confirm', 'email_changed', 'security_change', 'two_factor_locked')`,
    ),
  ],
);

/**
 * Sliding-window request logs, in the database so every server process shares them: per key,
 * the times of its recent hits (at most the limit's worth).
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  hits: timestamp("hits", { withTimezone: true }).array().notNull(),
  /** the request that was last refused, so the refusing statement can tell that it refused */
  lastRefusal: text("last_refusal"),
});

/** One loan of one book to one reader. Open while returned_at is null. */
export const loans = pgTable(
  "loans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** null once the reader's account is deleted: the history stays, detached */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id),
    borrowedAt: timestamp("borrowed_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /** what the loan cost when it was made, in pence */
    pricePence: integer("price_pence").notNull(),
    /**
     * Whether the loan spent a lend of the book's licence (books.borrow_times): a reader who
     * borrows again a book they had in the last 30 days spends none.
     */
    licenceSpent: boolean("licence_spent").notNull().default(true),
    /** the due date the due-soon reminder was sent for; a renewal makes a new one due */
    remindedDueAt: timestamp("reminded_due_at", { withTimezone: true }),
    /** the due date the overdue notice was sent for */
    overdueNoticeDueAt: timestamp("overdue_notice_due_at", { withTimezone: true }),
  },
  (t) => [
    // A reader holds at most one open loan of a book.
    uniqueIndex("loans_one_open_per_reader_book")
      .on(t.userId, t.bookId)
      .where(sql`${t.returnedAt} is null`),
    index("loans_user_idx").on(t.userId, t.borrowedAt),
    index("loans_open_due_idx")
      .on(t.dueAt)
      .where(sql`${t.returnedAt} is null`),
    index("loans_book_idx").on(t.bookId, t.borrowedAt),
  ],
);

/**
 * A reader's place in the queue for a book with no copy free (design.md §7.2). Waiting holds are
 * served oldest first; a ready hold keeps one copy off the shelf (books.available_copies counts
 * it) until it is borrowed, cancelled or lapses.
 */
export const holds = pgTable(
  "holds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id),
    status: text("status").notNull().default("waiting"),
    autoBorrow: boolean("auto_borrow").notNull().default(false),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull(),
    /** when a copy was kept for it; null while waiting */
    readyAt: timestamp("ready_at", { withTimezone: true }),
    /** when a ready hold lapses; kept after it closes, for the history */
    readyUntil: timestamp("ready_until", { withTimezone: true }),
    /** the reader was told it lapses soon (once per hold) */
    lapseNoticeAt: timestamp("lapse_notice_at", { withTimezone: true }),
    /** when it was borrowed, cancelled or expired; null while open */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "holds_status_known",
      sql`${t.status} in ('waiting', 'ready', 'borrowed', 'cancelled', 'expired')`,
    ),
    check("holds_ready_has_window", sql`${t.status} <> 'ready' or ${t.readyUntil} is not null`),
    check(
      "holds_closed_when_closed",
      sql`(${t.status} in ('waiting', 'ready')) = (${t.closedAt} is null)`,
    ),
    // A reader has at most one open hold of a book.
    uniqueIndex("holds_one_open_per_reader_book")
      .on(t.userId, t.bookId)
      .where(sql`${t.status} in ('waiting', 'ready')`),
    // The queue: a book's waiting holds, oldest first.
    index("holds_queue_idx")
      .on(t.bookId, t.placedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index("holds_ready_idx")
      .on(t.readyUntil)
      .where(sql`${t.status} = 'ready'`),
    index("holds_user_idx").on(t.userId, t.placedAt),
  ],
);

/**
 * Every change of a balance, in pence: top-ups positive, charges negative. A user's balance is
 * always the sum of their rows; both are written in one transaction.
 */
export const ledger = pgTable(
  "ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    amountPence: integer("amount_pence").notNull(),
    loanId: bigint("loan_id", { mode: "number" }).references(() => loans.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** why staff adjusted or refunded (adjustment and refund rows only) */
    reason: text("reason"),
    /** the member of staff who made an adjustment or refund */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** the charge (a borrow or renewal row) a refund gives back */
    refundOf: bigint("refund_of", { mode: "number" }).references((): AnyPgColumn => ledger.id),
  },
  (t) => [
    index("ledger_user_idx").on(t.userId, t.createdAt),
    index("ledger_refund_of_idx")
      .on(t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    check(
      "ledger_kind_known",
      sql`${t.kind} in ('topup', 'borrow', 'renewal', 'adjustment', 'refund')`,
    ),
    check(
      "ledger_sign_matches_kind",
      sql`(${t.kind} in ('topup', 'refund') and ${t.amountPence} > 0) or (${t.kind} in ('borrow', 'renewal') and ${t.amountPence} < 0) or (${t.kind} = 'adjustment' and ${t.amountPence} <> 0)`,
    ),
    check(
      "ledger_staff_rows_explained",
      sql`${t.kind} not in ('adjustment', 'refund') or ${t.reason} is not null`,
    ),
    check("ledger_refund_names_charge", sql`(${t.kind} = 'refund') = (${t.refundOf} is not null)`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/** The first answer to a request sent with an Idempotency-Key, replayed for repeats. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    /** plain text, trimmed; never HTML */
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** when its author last edited it; null until they do */
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    /** set while staff have hidden the review: not shown, not counted in the book's rating */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    uniqueIndex("reviews_one_per_reader_book").on(t.userId, t.bookId),
    index("reviews_book_idx").on(t.bookId, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_content_length", sql`char_length(${t.content}) between 1 and 2000`),
  ],
);

/** Where a reader is in a book, so any browser opens it at the same place. */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    /** the renderer's locator (an EPUB CFI or a serialised locator), opaque to the server */
    locator: text("locator").notNull(),
    percentage: numeric("percentage", { precision: 5, scale: 2, mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    check("reading_progress_percentage_range", sql`${t.percentage} between 0 and 100`),
  ],
);

/**
 * Every staff action: who did what to which row, the row before and after, and when. Written in
 * the transaction of the change; the database refuses UPDATE, DELETE and TRUNCATE on it
 * (migration 0008's triggers), so nothing edits the trail.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** no foreign key: the trail outlives the account that acted; null for the command line */
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);

/**
 * One row: a number staff catalogue changes raise in their transaction. Every server process
 * polls it and drops its catalogue caches when it moves, so a change shows everywhere within a
 * second (design.md §7.1).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);

export type BookRow = typeof books.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type HoldRow = typeof holds.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

/**
 * A reader's bookmarks and highlights in a book (design.md §7.3). They outlive the loan: a
 * reader who borrows the book again finds them.
 */
export const annotations = pgTable(
  "annotations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** a Readium locator, as the contract's locatorSchema parsed it (unknown keys dropped) */
    locator: jsonb("locator").$type<ReadiumLocator>().notNull(),
    /** the highlighted words (a bookmark: the first words of its page) */
    text: text("text"),
    note: text("note"),
    /** a highlight's colour; null for a bookmark */
    color: text("color"),
    /** the reader's device's id for it, so an annotation sent twice (offline sync) is kept once */
    clientId: uuid("client_id"),
    /** the locator's position in the book's positions list: the reading order of a list */
    position: integer("position"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("annotations_user_book_idx").on(t.userId, t.bookId),
    uniqueIndex("annotations_user_client_key").on(t.userId, t.clientId),
    check("annotations_kind_known", sql`${t.kind} in ('bookmark', 'highlight')`),
    check(
      "annotations_color_fits_kind",
      sql`(${t.kind} = 'bookmark' and ${t.color} is null) or (${t.kind} = 'highlight' and ${t.color} in ('yellow', 'green', 'blue', 'pink'))`,
    ),
    check("annotations_highlight_has_text", sql`${t.kind} <> 'highlight' or ${t.text} is not null`),
    check("annotations_text_length", sql`char_length(${t.text}) <= 2000`),
    check("annotations_note_length", sql`char_length(${t.note}) <= 2000`),
  ],
);

/** One set of reading preferences per reader, the same on every device. */
export const readerPreferences = pgTable("reader_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** the contract's readerPreferencesSchema, whole: every save sends the full set */
  preferences: jsonb("preferences").$type<ReaderPreferences>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type AnnotationRow = typeof annotations.$inferSelect;
