import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeBook } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { BookCard } from "./book-card";

describe("BookCard", () => {
  it.each([
    ["free copies", { availableCopies: 3, lendsLeft: 5 }, "3 available"],
    ["every copy lent", { availableCopies: 0, lendsLeft: 5 }, "All on loan"],
    [
      "a spent licence, though a copy is free",
      { availableCopies: 1, lendsLeft: 0 },
      "No longer lent",
    ],
  ])("says by the cover whether a copy is free: %s", (_case, overrides, label) => {
    renderWithProviders(<BookCard book={makeBook(1, overrides)} />);
    expect(screen.getByRole("article")).toHaveTextContent(label);
  });

  it("says so beside the cover's text, never laid over the cover (its title and author)", () => {
    const { container } = renderWithProviders(<BookCard book={makeBook(1)} />);
    const badge = screen.getByText("3 available");
    expect(container.querySelector(".book-card__cover")).not.toContainElement(badge);
  });

  it("marks a sample edition, its whole name for screen readers", () => {
    renderWithProviders(<BookCard book={makeBook(2, { sample: true, price: 0.99 })} />);
    const card = screen.getByRole("article");
    const badge = within(card).getByText("Sample");
    expect(badge).toHaveAttribute("aria-hidden", "true");
    expect(card).toHaveTextContent("Sample edition — the first pages");
    expect(within(card).getByText("Sample edition — the first pages")).toHaveClass(
      "visually-hidden",
    );
  });

  it("does not mark a full edition", () => {
    renderWithProviders(<BookCard book={makeBook(1, { sample: false })} />);
    expect(screen.getByRole("article")).not.toHaveTextContent(/sample/i);
  });
});
