import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, makeOverview, staffApi } from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { OverviewPage } from "./overview-page";

function renderOverview(answer: Response) {
  const fetchMock = staffApi({ "/api/admin/overview": answer });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<OverviewPage />, {
    route: "/admin",
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

/** The cards, as label → figure. */
function cards() {
  const list = screen.getAllByRole("term")[0]!.closest("dl")!;
  return Object.fromEntries(
    within(list)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent));

describe("the console's overview", () => {
  it("shows the day's figures as cards, each leading to its list", async () => {
    const fetchMock = renderOverview(jsonResponse(makeOverview()));
    expect(await screen.findByText("Active loans")).toBeInTheDocument();
    expect(cards()).toEqual({
      "Active loans": "42",
      Overdue: "3",
      "Due soon": "7",
      Readers: "1,250",
      Books: "318",
    });
    expect(screen.getByRole("link", { name: "3" })).toHaveAttribute(
      "href",
      "/admin/loans?status=overdue",
    );
    // No holds in this shop yet: no card for them.
    expect(screen.queryByText("Holds waiting")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/overview")).toHaveLength(1);
  });

  it("counts holds waiting once the shop has holds", async () => {
    renderOverview(jsonResponse(makeOverview({ holdsWaiting: 0 })));
    expect(await screen.findByText("Holds waiting")).toBeInTheDocument();
    expect(cards()["Holds waiting"]).toBe("0");
  });

  it("puts each chart's figures in a table a screen reader can read", async () => {
    renderOverview(jsonResponse(makeOverview()));
    expect(
      await screen.findByRole("heading", {
        level: 2,
        name: "Top-ups and loan charges per day (30 days)",
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "Most borrowed books (30 days)" }),
    ).toBeInTheDocument();

    const money = screen.getByRole("table", {
      name: "Top-ups and loan charges per day, today first",
    });
    // The server answers oldest first (the chart's order); the table turns it round.
    expect(rowsOf(money)).toEqual([
      ["22 November 2026", "£120.00", "£19.96", "6"],
      ["21 November 2026", "£0.00", "£4.99", "1"],
      ["20 November 2026", "£50.00", "£12.50", "4"],
    ]);
    const borrowed = screen.getByRole("table", {
      name: "Most borrowed books in the last 30 days, most first",
    });
    expect(rowsOf(borrowed)).toEqual([
      ["Moby-Dick", "Herman Melville", "9"],
      ["Emma", "Jane Austen", "5"],
    ]);
    // The charts themselves are pictures pointing to those tables.
    expect(
      screen.getAllByRole("img", { name: "Bar chart; its figures follow as a table" }),
    ).toHaveLength(2);
  });

  it("says when no book was borrowed, with no empty chart", async () => {
    renderOverview(jsonResponse(makeOverview({ mostBorrowed: [] })));
    expect(
      await screen.findByText("No books were borrowed in the last 30 days."),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("img")).toHaveLength(1);
  });

  it("says when the overview cannot load, with Try again", async () => {
    renderOverview(
      jsonResponse({ state: "error", code: "FORBIDDEN", message: "Staff only." }, 403),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The overview could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
