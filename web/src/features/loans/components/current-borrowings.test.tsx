import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeLoanServer, makeLoan } from "../../../test/loans";
import { renderWithProviders } from "../../../test/render";
import { CurrentBorrowings } from "./current-borrowings";

describe("CurrentBorrowings", () => {
  it("lists the books on loan with borrow and due dates and a View Details link", async () => {
    vi.stubGlobal(
      "fetch",
      fakeLoanServer({
        open: [
          makeLoan(1, { dueDate: "2026-12-22T12:00:00.000Z" }),
          makeLoan(2, {
            title: "",
            bookTitle: "",
            author: "",
            bookAuthor: "",
            borrowDate: "",
            status: "overdue",
          }),
        ],
      }).fetch,
    );
    renderWithProviders(<CurrentBorrowings />);
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("heading", { level: 3 })).toHaveTextContent("Moby-Dick (1)");
    expect(first).toHaveTextContent("Herman Melville");
    expect(first).toHaveTextContent("Borrow date16 December 2029");
    expect(first).toHaveTextContent("Due date22 December 2026");
    expect(
      within(first).getByRole("link", { name: "View Details of Moby-Dick (1)" }),
    ).toHaveAttribute("href", "/book/1");
    // Spec §3 placeholders.
    expect(second).toHaveTextContent("Unknown Book");
    expect(second).toHaveTextContent("Unknown Author");
    expect(second).toHaveTextContent("Borrow dateUnknown");
    expect(second).toHaveTextContent("Overdue");
    expect(screen.getByRole("link", { name: "My Books" })).toHaveAttribute("href", "/user/books");
  });

  it("says when nothing is on loan", async () => {
    vi.stubGlobal("fetch", fakeLoanServer({ open: [] }).fetch);
    renderWithProviders(<CurrentBorrowings />);
    expect(await screen.findByText("You have no books on loan at the moment.")).toBeInTheDocument();
  });
});
