import type { Suggestion } from "@folio/contract/catalogue";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/accounts";
import { jsonResponse } from "../../test/books";
import { renderWithProviders } from "../../test/render";
import { Header } from "./header";
import { HeaderSearch } from "./header-search";

const MOBY: Suggestion[] = [
  { kind: "title", text: "Moby-Dick", bookId: "7", categoryId: null },
  { kind: "author", text: "Herman Melville", bookId: null, categoryId: null },
];

function box() {
  return screen.getByRole("combobox", { name: "Search books by title" });
}

function location() {
  return screen.getByTestId("location").textContent;
}

describe("suggestions in the header's title search", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/books/suggest": jsonResponse({ state: "success", suggestions: MOBY }) }),
    );
  });

  it("opens a suggested book with the keyboard and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeaderSearch />);
    await user.type(box(), "mobb");
    await waitFor(() => expect(box()).toHaveAttribute("aria-expanded", "true"));
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: "Moby-Dick, Title" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await user.keyboard("{Enter}");
    expect(location()).toBe("/book/7");
    expect(box()).toHaveAttribute("aria-expanded", "false");
    expect(box()).toHaveValue("mobb");
  });

  it("still searches titles on Enter with no option active", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeaderSearch />);
    await user.type(box(), "mobb");
    await waitFor(() => expect(box()).toHaveAttribute("aria-expanded", "true"));
    await user.keyboard("{Enter}");
    expect(location()).toBe("/search?title=mobb");
  });

  it("takes Escape for the list, then the text, before the narrow header hides the row", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole("button", { name: "Title search" });
    await user.click(toggle);
    await user.type(box(), "mobb");
    await waitFor(() => expect(box()).toHaveAttribute("aria-expanded", "true"));

    await user.keyboard("{Escape}");
    expect(box()).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Escape}");
    expect(box()).toHaveValue("");
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });
});
