// Which part of the server writes each table (decision 016). A feature owns its tables: only its
// own code writes them, and other features call the functions its index.ts exports. Two tables
// belong to shared server code rather than a feature. architecture.test.ts holds the code to it.

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
  loans: "loans",
  ledger: "payments",
  cart_items: "lists",
  wishlist_items: "lists",
  reviews: "reviews",
  reading_progress: "reading",
  annotations: "reading",
  reader_preferences: "reading",
  catalogue_version: "catalogue",
  audit_log: "staff",
  holds: "holds",
  idempotency_keys: "idempotency.ts",
  rate_limit_hits: "rate-limit.ts",
} as const;

export type TableName = keyof typeof tableOwners;
