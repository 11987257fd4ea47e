import { screen } from "@testing-library/react";
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
  ])("says on the cover whether a copy is free: %s", (_case, overrides, label) => {
    renderWithProviders(<BookCard book={makeBook(1, overrides)} />);
    expect(screen.getByRole("article")).toHaveTextContent(label);
  });
});
