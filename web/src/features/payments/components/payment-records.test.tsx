import type { Statement, StatementEntry } from "@folio/contract/payments";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { PaymentRecords } from "./payment-records";

function entry(overrides: Partial<StatementEntry> & Pick<StatementEntry, "id">): StatementEntry {
  return {
    kind: "topup",
    amount: 10,
    date: new Date(2026, 10, 22, 15, 30).toISOString(),
    bookId: null,
    bookTitle: null,
    balanceAfter: 10,
    ...overrides,
  };
}

function statement(overrides: Partial<Statement> = {}): Statement {
  return {
    state: "success",
    entries: [],
    page: 1,
    pageSize: 10,
    total: 0,
    balance: 0,
    ...overrides,
  };
}

function renderRecords(answer: (body: { page: number; pageSize: number }) => Response) {
  const fetchMock = fakeApi({
    "/api/payments/statement": () =>
      answer(sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { page: number; pageSize: number }),
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<PaymentRecords />, {
    route: "/user/payment-orders",
    session: { isLoggedIn: true },
  });
  return fetchMock;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("PaymentRecords, the statement", () => {
  it("lists every change of balance newest first, with the balance after each", async () => {
    renderRecords(() =>
      jsonResponse(
        statement({
          total: 4,
          balance: 15.02,
          entries: [
            entry({ id: "40", amount: 5, balanceAfter: 15.02 }),
            entry({
              id: "39",
              kind: "renewal",
              amount: -4.99,
              bookId: "7",
              bookTitle: "Moby-Dick",
              balanceAfter: 10.02,
              date: new Date(2026, 10, 21, 9, 5).toISOString(),
            }),
            entry({
              id: "38",
              kind: "borrow",
              amount: -4.99,
              bookId: "7",
              bookTitle: "Moby-Dick",
              balanceAfter: 15.01,
            }),
            entry({ id: "12", amount: 1000, balanceAfter: 1020 }),
          ],
        }),
      ),
    );
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Date", "Description", "Amount", "Balance after", "Status"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);

    const topUp = cellsOf(rows[0]!);
    expect(topUp[0]).toMatch(/^22 November 2026 at 15:30$/);
    expect(topUp.slice(1)).toEqual(["Top-upOrder No 40", "+£5.00", "£15.02", "Completed"]);

    expect(cellsOf(rows[1]!).slice(1)).toEqual(["Renewed Moby-Dick", "−£4.99", "£10.02", ""]);
    expect(within(rows[1]!).getByText("21 November 2026 at 09:05", { exact: false })).toBeVisible();
    expect(cellsOf(rows[2]!).slice(1)).toEqual(["Borrowed Moby-Dick", "−£4.99", "£15.01", ""]);
    expect(within(rows[2]!).getByRole("link", { name: "Moby-Dick" })).toHaveAttribute(
      "href",
      "/book/7",
    );
    expect(cellsOf(rows[3]!).slice(1)).toEqual([
      "Top-upOrder No 12",
      "+£1,000.00",
      "£1,020.00",
      "Completed",
    ]);
    expect(screen.getByText("£15.02", { selector: "strong" })).toBeInTheDocument();
    expect(screen.getByText("Showing 1–4 of 4 entries")).toBeInTheDocument();
    // One page: no page list.
    expect(screen.queryByRole("navigation", { name: "Payment records pages" })).toBeNull();
  });

  it("names kinds a later server adds without failing", async () => {
    renderRecords(() =>
      jsonResponse(
        statement({
          total: 3,
          balance: 3,
          entries: [
            entry({ id: "3", kind: "refund", amount: 2, bookId: "9", bookTitle: "Emma" }),
            entry({ id: "2", kind: "adjustment", amount: -1 }),
            entry({ id: "1", kind: "pending" as StatementEntry["kind"], amount: 2 }),
          ],
        }),
      ),
    );
    const rows = within(await screen.findByRole("table"))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((row) => cellsOf(row)[1])).toEqual([
      "Refund for Emma",
      "Adjustment by the library",
      "Balance change",
    ]);
    expect(rows.map((row) => cellsOf(row)[4])).toEqual(["", "", ""]);
  });

  it("asks for one page at a time and moves between them", async () => {
    const user = userEvent.setup();
    const fetchMock = renderRecords(({ page }) =>
      jsonResponse(
        statement({
          page,
          total: 23,
          balance: 23,
          entries: Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => {
            const n = 23 - (page - 1) * 10 - i;
            return entry({ id: String(n), amount: 1, balanceAfter: n });
          }),
        }),
      ),
    );
    expect(await screen.findByText("Showing 1–10 of 23 entries")).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Payment records pages" });
    expect(within(pages).getByRole("button", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await user.click(within(pages).getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Showing 21–23 of 23 entries")).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => cellsOf(row)[3])).toEqual(["£3.00", "£2.00", "£1.00"]);
    const asked = fetchMock.mock.calls
      .filter(([input]) => requestUrl(input).pathname === "/api/payments/statement")
      .map(([, init]) => sentBody(init));
    expect(asked).toEqual([
      { page: 1, pageSize: 10 },
      { page: 3, pageSize: 10 },
    ]);
  });

  it("shows placeholders while the statement loads", async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/payments/statement": () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    renderWithProviders(<PaymentRecords />, { session: { isLoggedIn: true } });
    expect(screen.getByText("Loading your payment records")).toBeInTheDocument();
    expect(screen.getByText("Loading your payment records").parentElement).toHaveAttribute(
      "aria-busy",
      "true",
    );
    expect(document.querySelectorAll(".skeleton").length).toBeGreaterThan(0);
    answer(jsonResponse(statement()));
    expect(await screen.findByText("You have no payment records yet.")).toBeInTheDocument();
  });

  it("offers Top Up Now when there are none", async () => {
    renderRecords(() => jsonResponse(statement()));
    expect(await screen.findByText("You have no payment records yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Top Up Now" })).toHaveAttribute(
      "href",
      "/user/profile?view=TopUp",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("says so when the records cannot be loaded, and tries again on request", async () => {
    const user = userEvent.setup();
    let fail = true;
    renderRecords(() =>
      fail
        ? new Response("Bad gateway", { status: 502 })
        : jsonResponse(
            statement({ total: 1, balance: 5, entries: [entry({ id: "5", amount: 5 })] }),
          ),
    );
    expect(
      await screen.findByText("Failed to get payment records, please try again later", {
        selector: ".toast__message",
      }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("table")).toBeInTheDocument());
  });
});
