import type {
  AdminBook,
  AdminBooks,
  AdminCategory,
  AdminLedgerEntry,
  AdminLoan,
  AdminMail,
  AuditEntry,
  AuditList,
  Overview,
  ReaderDetail,
  ReaderSummary,
  UploadAnswer,
} from "@folio/contract/admin";
import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { vi } from "vitest";
import { fakeApi, makeUserInfo } from "./accounts";
import { jsonResponse, requestUrl } from "./books";

// The staff console's answers (contract/src/admin.ts), made up for the web's tests.

export const READER_ID = "0b6f9d3e-6c1a-4f7e-9a55-3d2c1b0a9e87";

export function makeOverview(overrides: Partial<Overview> = {}): Overview {
  return {
    state: "success",
    activeLoans: 42,
    overdueLoans: 3,
    dueSoonLoans: 7,
    holdsWaiting: null,
    readers: 1250,
    books: 318,
    days: [
      { date: "2026-11-20", topUps: 50, loanCharges: 12.5, loans: 4 },
      { date: "2026-11-21", topUps: 0, loanCharges: 4.99, loans: 1 },
      { date: "2026-11-22", topUps: 120, loanCharges: 19.96, loans: 6 },
    ],
    mostBorrowed: [
      { bookId: "7", title: "Moby-Dick", author: "Herman Melville", loans: 9 },
      { bookId: "3", title: "Emma", author: "Jane Austen", loans: 5 },
    ],
    ...overrides,
  };
}

export function makeCategory(n: number, overrides: Partial<AdminCategory> = {}): AdminCategory {
  const names = ["Adventure", "Romance", "Gothic"];
  const name = names[(n - 1) % names.length] ?? "Adventure";
  return {
    categoryId: String(n),
    slug: name.toLowerCase(),
    name,
    description: `${name} stories.`,
    books: 10 * n,
    ...overrides,
  };
}

export function makeAdminBook(n: number, overrides: Partial<AdminBook> = {}): AdminBook {
  return {
    bookId: String(n),
    title: n === 1 ? "Moby-Dick" : `Book ${n}`,
    author: "Herman Melville",
    categoryId: "1",
    categoryName: "Adventure",
    description: "A whale of a tale.",
    year: 1851,
    language: "en",
    price: 4.99,
    copies: 5,
    availableCopies: 3,
    onLoan: 2,
    lendsLeft: 100,
    borrowTimes: 12,
    rating: 4.5,
    ratingCount: 4,
    retiredAt: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    coverUrl: null,
    sample: false,
    ...overrides,
  };
}

export function makeAdminBooks(
  books: AdminBook[],
  overrides: Partial<AdminBooks> = {},
): AdminBooks {
  return { state: "success", books, page: 1, pageSize: 20, total: books.length, ...overrides };
}

/** A 1×1 PNG, as the server sends a cover found in an EPUB. */
export const COVER_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export function makeUpload(overrides: Partial<UploadAnswer> = {}): UploadAnswer {
  return {
    state: "success",
    uploadId: "upload-0123456789",
    size: 482_000,
    metadata: {
      title: "The Time Machine",
      author: "H. G. Wells",
      description: "A traveller goes to the year 802,701.",
      language: "en",
      year: 1895,
      subjects: ["Science fiction"],
      categoryId: "2",
    },
    cover: COVER_DATA_URL,
    ...overrides,
  };
}

export function makeReader(overrides: Partial<ReaderSummary> = {}): ReaderSummary {
  return {
    userId: READER_ID,
    name: "Grace Hopper",
    email: "grace@example.com",
    role: "reader",
    balance: 10,
    createdAt: "2026-10-01T09:00:00.000Z",
    blockedAt: null,
    openLoans: 1,
    ...overrides,
  };
}

export function makeAdminLoan(overrides: Partial<AdminLoan> = {}): AdminLoan {
  return {
    loanId: "31",
    bookId: "7",
    title: "Moby-Dick",
    author: "Herman Melville",
    userId: READER_ID,
    readerName: "Grace Hopper",
    readerEmail: "grace@example.com",
    borrowedAt: "2026-11-10T09:00:00.000Z",
    dueAt: "2026-11-24T09:00:00.000Z",
    returnedAt: null,
    status: "open",
    price: 4.99,
    daysOverdue: 0,
    ...overrides,
  };
}

export function makeLedgerEntry(overrides: Partial<AdminLedgerEntry> = {}): AdminLedgerEntry {
  return {
    ledgerId: "90",
    kind: "borrow",
    amount: -4.99,
    date: "2026-11-10T09:00:00.000Z",
    balanceAfter: 10,
    loanId: "31",
    bookTitle: "Moby-Dick",
    reason: null,
    actorEmail: null,
    refundOf: null,
    refundable: 4.99,
    ...overrides,
  };
}

export function makeReaderDetail(overrides: Partial<ReaderDetail> = {}): ReaderDetail {
  return {
    state: "success",
    reader: makeReader(),
    loans: [makeAdminLoan()],
    ledger: [
      makeLedgerEntry(),
      makeLedgerEntry({
        ledgerId: "89",
        kind: "topup",
        amount: 14.99,
        balanceAfter: 14.99,
        loanId: null,
        bookTitle: null,
        refundable: null,
        date: "2026-11-09T09:00:00.000Z",
      }),
    ],
    reviews: [],
    ...overrides,
  };
}

export function makeMail(overrides: Partial<AdminMail> = {}): AdminMail {
  return {
    mailId: "501",
    type: "loan_reminder",
    to: "grace@example.com",
    subject: "Moby-Dick is due tomorrow",
    createdAt: "2026-11-22T08:00:00.000Z",
    attempts: 3,
    nextAttemptAt: "2026-11-22T09:00:00.000Z",
    sentAt: null,
    lastError: "SMTP 451: try again later",
    status: "failed",
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "77",
    actorId: "5f0c6a8e-2f1e-4c55-9a43-1b7e2f9b0d11",
    actorEmail: "ada@example.com",
    action: "book.update",
    targetType: "book",
    targetId: "7",
    before: { price: 4.99 },
    after: { price: 5.49 },
    reason: null,
    createdAt: "2026-11-22T10:00:00.000Z",
    ...overrides,
  };
}

export function makeAuditList(
  entries: AuditEntry[],
  overrides: Partial<AuditList> = {},
): AuditList {
  return {
    state: "success",
    entries,
    actions: ["book.update", "reader.adjust", "reader.block"],
    page: 1,
    pageSize: 20,
    total: entries.length,
    ...overrides,
  };
}

type Answer = Response | (() => Response | Promise<Response>);

/**
 * A fetch for the console: `answers` by path first, then a member of staff of `role` for the
 * account, then the shell's calls (fakeApi).
 */
export function staffApi(
  answers: Record<string, Answer> = {},
  role: "reader" | "librarian" | "admin" = "librarian",
) {
  return fakeApi({ "/api/users/info": jsonResponse(makeUserInfo({ role })), ...answers });
}

/** Every call a fake fetch was given to `pathname`, as URLs with their requests. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: requestUrl(input), init }))
    .filter((call) => call.url.pathname === pathname);
}

/**
 * Chooses one of a row's actions as staff do: opens the row's menu button (`menu`, its name,
 * "Actions for Moby-Dick") and clicks the item.
 */
export async function chooseRowAction(
  user: UserEvent,
  menu: string | RegExp,
  item: string,
  { container = document.body }: { container?: HTMLElement } = {},
) {
  await user.click(await within(container).findByRole("button", { name: menu }));
  await user.click(screen.getByRole("menuitem", { name: item }));
}

/** The names of the items in the row's menu, opened and closed again with Escape. */
export async function rowActionNames(user: UserEvent, menuButton: HTMLElement) {
  await user.click(menuButton);
  const names = within(screen.getByRole("menu"))
    .getAllByRole("menuitem")
    .map((i) => i.textContent);
  await user.keyboard("{Escape}");
  return names;
}
