// Which part of the server writes each table (decision 016). A feature owns its tables: only its
// own code writes them, and other features call the functions its index.ts exports. Two tables
// belong to shared server code rather than a feature. architecture.test.ts holds the code to it.
// Some columns belong to another feature than their table (columnOwners, decision 035).

export const tableOwners = {
  categories: "catalogue",
  books: "catalogue",
  search_words: "catalogue",
  search_authors: "catalogue",
  users: "accounts",
  sessions: "accounts",
  password_resets: "accounts",
  recovery_codes: "accounts",
  two_factor_challenges: "accounts",
  passkeys: "accounts",
  webauthn_challenges: "accounts",
  email_changes: "accounts",
  outbox: "notifications",
  loans: "circulation",
  ledger: "payments",
  cart_items: "lists",
  wishlist_items: "lists",
  reviews: "reviews",
  reading_progress: "reading",
  annotations: "reading",
  reader_preferences: "reading",
  catalogue_version: "catalogue",
  audit_log: "staff",
  holds: "circulation",
  idempotency_keys: "idempotency.ts",
  rate_limit_hits: "rate-limit.ts",
} as const;

export type TableName = keyof typeof tableOwners;

/**
 * Columns that belong to another feature than their table's owner (decision 035). The table's
 * owner makes the row, with these columns' first values; after that only the column's owner
 * changes them, and it changes nothing else of the row.
 */
export const columnOwners: Partial<Record<TableName, Record<string, readonly string[]>>> = {
  // The stock of copies: what circulation lends from.
  books: {
    circulation: ["total_copies", "available_copies", "borrow_times", "loan_cap", "recent_loans"],
  },
  // The money: payments moves a balance only with its ledger row.
  users: { payments: ["balance_pence"] },
};
