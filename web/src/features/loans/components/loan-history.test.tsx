import type { LoanRecord } from "@folio/contract/loans";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/books";
import { fakeLoanServer, makeLoan } from "../../../test/loans";
import { renderWithProviders } from "../../../test/render";
import { LoanHistory } from "./loan-history";

const AUTHORS = ["Jane Austen", "Charles Dickens", "George Eliot"];

/** 12 loans, newest first; every third one is still out, the rest are back. */
function twelveLoans(): LoanRecord[] {
  return Array.from({ length: 12 }, (_, index) => {
    const n = index + 1;
    const open = n % 3 === 0;
    return makeLoan(n, {
      title: `Volume ${String(n).padStart(2, "0")}`,
      author: AUTHORS[index % AUTHORS.length],
      borrowDate: `2026-10-${String(30 - n).padStart(2, "0")}T12:00:00.000Z`,
      dueDate: `2026-11-${String(29 - n).padStart(2, "0")}T12:00:00.000Z`,
      status: open ? (n === 12 ? "overdue" : "borrowed") : "returned",
      returnDate: open ? null : "2026-11-01T12:00:00.000Z",
    });
  });
}

function rowTitles(): string[] {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.querySelector("p")?.textContent ?? "");
}

describe("LoanHistory", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeLoanServer({ history: twelveLoans() }).fetch);
  });

  it("shows a table of 5 loans a page with the spec's columns and a page list", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoanHistory />);
    const table = await screen.findByRole("table", { name: "Loan history, page 1 of 3" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Book Info", "Borrow Date", "Due Date", "Status", "Actions"]);
    expect(rowTitles()).toEqual(["Volume 01", "Volume 02", "Volume 03", "Volume 04", "Volume 05"]);
    const first = within(table).getAllByRole("row")[1]!;
    expect(first).toHaveTextContent("Jane Austen");
    expect(first).toHaveTextContent("29 October 2026");
    expect(first).toHaveTextContent("28 November 2026");
    expect(first).toHaveTextContent("Returned");
    expect(within(first).getByRole("link", { name: "View Details of Volume 01" })).toHaveAttribute(
      "href",
      "/book/1",
    );
    expect(screen.getByText("Showing 1–5 of 12 loans")).toHaveAttribute("role", "status");

    const pages = screen.getByRole("navigation", { name: "Loan history pages" });
    expect(pages).toHaveTextContent("Previous123Next");
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(rowTitles()).toEqual(["Volume 06", "Volume 07", "Volume 08", "Volume 09", "Volume 10"]);
    await user.click(within(pages).getByRole("button", { name: "Page 3" }));
    expect(rowTitles()).toEqual(["Volume 11", "Volume 12"]);
    expect(screen.getByText("Showing 11–12 of 12 loans")).toHaveAttribute("role", "status");
    expect(within(pages).getByRole("button", { name: "Page 3" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getAllByRole("row")[2]).toHaveTextContent("Overdue");
  });

  it("filters by status, Borrowed including overdue, and goes back to page 1", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoanHistory />);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Page 2" }));

    await user.selectOptions(screen.getByLabelText("Status"), "Borrowed");
    expect(rowTitles()).toEqual(["Volume 03", "Volume 06", "Volume 09", "Volume 12"]);
    expect(screen.getByRole("table", { name: "Loan history, page 1 of 1" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Loan history pages" })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Status"), "Returned");
    expect(rowTitles()).toEqual(["Volume 01", "Volume 02", "Volume 04", "Volume 05", "Volume 07"]);
    expect(screen.getByText("Showing 1–5 of 8 loans")).toHaveAttribute("role", "status");

    await user.selectOptions(screen.getByLabelText("Status"), "All");
    expect(screen.getByText("Showing 1–5 of 12 loans")).toHaveAttribute("role", "status");
  });

  it("searches by title or author, back on page 1, with a text when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoanHistory />);
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Page 3" }));

    const search = screen.getByRole("searchbox", { name: "Search by title or author" });
    await user.type(search, "volume 1");
    expect(rowTitles()).toEqual(["Volume 10", "Volume 11", "Volume 12"]);
    expect(screen.getByRole("table", { name: "Loan history, page 1 of 1" })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "DICKENS");
    expect(rowTitles()).toEqual(["Volume 02", "Volume 05", "Volume 08", "Volume 11"]);

    await user.selectOptions(screen.getByLabelText("Status"), "Borrowed");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No loans match your search.")).toHaveAttribute("role", "status");
  });

  it("says when there is no history yet", async () => {
    vi.stubGlobal("fetch", fakeLoanServer({ history: [] }).fetch);
    renderWithProviders(<LoanHistory />);
    expect(await screen.findByText("You have not borrowed any books yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse books" })).toHaveAttribute("href", "/books");
  });

  it("shows the spec's toast and a retry when the history cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    const server = fakeLoanServer({
      history: twelveLoans(),
      override: {
        "/api/borrow/history": () =>
          fail
            ? new Response("Bad gateway", { status: 502 })
            : jsonResponse({ state: "success", data: [makeLoan(1)], books: [] }),
      },
    });
    vi.stubGlobal("fetch", server.fetch);
    renderWithProviders(<LoanHistory />);
    // The toast and the notice in place of the table.
    await waitFor(() =>
      expect(screen.getAllByText("Failed to get data, please try again later")).toHaveLength(2),
    );
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});
