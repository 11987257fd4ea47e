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

  it("starts from the terms it is given", () => {
    renderWithProviders(<SearchForm initialTerms={{ title: "Emma", category: "Romance" }} />);
    expect(screen.getByLabelText("Title")).toHaveValue("Emma");
    expect(screen.getByLabelText("Author")).toHaveValue("");
    expect(screen.getByLabelText("Category")).toHaveValue("Romance");
  });
});
