// The staff side's constants and messages (design.md §7.1), shared by server and web. No zod
// here: the web imports it.

/** Rows on one page of every staff console list, when the query names no pageSize. */
export const STAFF_PAGE_SIZE = 20;

export const staffLimits = {
  maxCopies: 10_000,
  maxLends: 1_000_000,
  /** an uploaded EPUB, as sent */
  uploadMaxBytes: 50 * 1024 * 1024,
  /** every entry of the EPUB unpacked, together */
  unpackedMaxBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  /** how long an upload waits to be made a book before it is thrown away */
  uploadKeepHours: 24,
  /** overview's days */
  overviewDays: 30,
} as const;

/** Every action the audit log records, as `targetType.verb`. */
export const auditActions = [
  "book.create",
  "book.update",
  "book.replaceFile",
  "book.retire",
  "book.restore",
  "category.create",
  "category.update",
  "reader.adjust",
  "reader.refund",
  "reader.block",
  "reader.unblock",
  "reader.sendReset",
  "reader.role",
  "loan.end",
  "mail.retry",
  "mail.read",
  "review.hide",
  "review.unhide",
  "review.delete",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const roleNames = { reader: "Reader", librarian: "Librarian", admin: "Administrator" };
