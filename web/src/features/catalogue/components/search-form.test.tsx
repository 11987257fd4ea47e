import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { SearchForm } from "./search-form";

function location() {
  return screen.getByTestId("location").textContent;
}

describe("SearchForm", () => {
  it("asks for at least one field when all are blank", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "At least one search parameter is required",
    );
    expect(location()).toBe("/");
  });

  it("goes to /search with only the filled fields, trimmed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.type(screen.getByLabelText("Author"), "  Jane Austen ");
    await user.type(screen.getByLabelText("Category"), "   ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(location()).toBe("/search?author=Jane+Austen");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("submits on Enter", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.type(screen.getByLabelText("Title"), "Moby-Dick{Enter}");
    expect(location()).toBe("/search?title=Moby-Dick");
  });

  it("clears a field with its clear button and keeps focus in the field", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    const title = screen.getByLabelText("Title");
    expect(screen.queryByRole("button", { name: "Clear title" })).not.toBeInTheDocument();
    await user.type(title, "Frankenstein");
    await user.click(screen.getByRole("button", { name: "Clear title" }));
    expect(title).toHaveValue("");
    expect(title).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "At least one search parameter is required",
    );
  });

  it("hides the message once the reader types again", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Category"), "Poetry");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says how many words of a title or author are searched, and how many slips are forgiven", () => {
    renderWithProviders(<SearchForm />);
    const help =
      "Title and author are each searched by their first 8 words; spelling slips are forgiven in up to 4 words.";
    expect(screen.getByText(help)).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription(help);
    expect(screen.getByLabelText("Author")).toHaveAccessibleDescription(help);
  });

  it("offers suggestions in the title field only", () => {
    renderWithProviders(<SearchForm />);
    expect(screen.getByRole("combobox", { name: "Title" })).toHaveAttribute(
      "aria-autocomplete",
      "list",
    );
    expect(screen.getByRole("textbox", { name: "Author" })).not.toHaveAttribute("role");
    expect(screen.getByRole("textbox", { name: "Category" })).not.toHaveAttribute("role");
  });

  it("folds behind a button on a phone, which opens it with the title field focused", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SearchForm label="Search books" foldOnPhone="Search by title, author or category" />,
    );
    const unfold = screen.getByRole("button", { name: "Search by title, author or category" });
    const form = screen.getByRole("search", { name: "Search books" });
    // Folded by the phone's stylesheet (search-form.css); wider screens hide the button.
    expect(unfold).toHaveAttribute("aria-expanded", "false");
    expect(unfold).toHaveAttribute("aria-controls", form.id);
    expect(form).toHaveClass("search-form--folded");

    await user.click(unfold);
    expect(unfold).toHaveAttribute("aria-expanded", "true");
    expect(form).not.toHaveClass("search-form--folded");
    expect(screen.getByLabelText("Title")).toHaveFocus();

    // Its rules and words stay as they were.
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "At least one search parameter is required",
    );
    await user.type(screen.getByLabelText("Author"), "Austen{Enter}");
    expect(location()).toBe("/search?author=Austen");

    await user.click(unfold);
    expect(unfold).toHaveAttribute("aria-expanded", "false");
    expect(form).toHaveClass("search-form--folded");
    expect(unfold).toHaveFocus();
  });

  it("has no fold button unless asked", () => {
    renderWithProviders(<SearchForm />);
    expect(screen.queryByRole("button", { name: /^Search by/ })).not.toBeInTheDocument();
    expect(screen.getByRole("search")).not.toHaveClass("search-form--folded");
  });

  it("starts from the terms it is given", () => {
    renderWithProviders(<SearchForm initialTerms={{ title: "Emma", category: "Romance" }} />);
    expect(screen.getByLabelText("Title")).toHaveValue("Emma");
    expect(screen.getByLabelText("Author")).toHaveValue("");
    expect(screen.getByLabelText("Category")).toHaveValue("Romance");
  });
});
