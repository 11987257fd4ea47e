import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedBalance } from "../../features/accounts/stored-account";
import { storedToken } from "../../lib/storage";
import { jsonResponse } from "../../test/books";
import { fakeLoanServer, makeLoan } from "../../test/loans";
import { renderWithProviders } from "../../test/render";
import { renderApp } from "../../test/render-app";
import { MyBooksPage } from "./my-books-page";

const MOBY = makeLoan(1, { title: "Moby-Dick", author: "Herman Melville" });

describe("MyBooksPage", () => {
  it("renews with the reader's balance and shows the charged balance afterwards", async () => {
    const user = userEvent.setup();
    const server = fakeLoanServer({ open: [MOBY], balance: 20, price: 4.99 });
    vi.stubGlobal("fetch", server.fetch);
    renderWithProviders(<MyBooksPage />, { route: "/user/books" });
    expect(screen.getByRole("heading", { level: 1, name: "My Books" })).toBeInTheDocument();
    expect(document.title).toBe("My Books | Folio");

    await user.click(await screen.findByRole("button", { name: "Renew Moby-Dick" }));
    let dialog = screen.getByRole("dialog", { name: "Renew book" });
    await waitFor(() => expect(dialog).toHaveTextContent("Your balance£20.00"));
    await waitFor(() => expect(dialog).toHaveTextContent("Renewal fee£4.99"));
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(storedBalance.read()).toBe(15.01);

    await user.click(screen.getByRole("button", { name: "Renew Moby-Dick" }));
    dialog = screen.getByRole("dialog", { name: "Renew book" });
    await waitFor(() => expect(dialog).toHaveTextContent("Your balance£15.01"));
  });

  it("makes Read the primary action of a loan, and the paid Renew a secondary one (issue 45)", async () => {
    vi.stubGlobal("fetch", fakeLoanServer({ open: [MOBY], balance: 20, price: 4.99 }).fetch);
    renderWithProviders(<MyBooksPage />, { route: "/user/books" });
    const read = await screen.findByRole("button", { name: "Read Moby-Dick" });
    const renew = screen.getByRole("button", { name: "Renew Moby-Dick" });
    expect(read).toHaveClass("button--primary");
    expect(renew).toHaveClass("button--secondary");
    expect(renew).not.toHaveClass("button--primary");
    // Read leads the row: it comes first, before Renew and Return.
    const actions = within(read.parentElement!).getAllByRole("button");
    expect(actions.map((button) => button.textContent)).toEqual(["Read", "Renew", "Return"]);
  });

  it("sends a visitor from the mail link /mybooks through login to My Books", async () => {
    const user = userEvent.setup();
    const server = fakeLoanServer({
      open: [MOBY],
      override: {
        "/api/auth/login": () =>
          jsonResponse({
            state: "success",
            token: "token-1",
            expiresIn: 2_592_000,
            UUID: "5f0c6a8e-2f1e-4c55-9a43-1b7e2f9b0d11",
          }),
      },
    });
    vi.stubGlobal("fetch", server.fetch);
    renderApp("/mybooks");

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/login$/);
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "engine42");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "My Books" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/user\/books$/);
    expect(await screen.findByRole("heading", { level: 2, name: "Moby-Dick" })).toBeInTheDocument();
  });

  it("takes a logged-in reader from /mybooks straight to My Books", async () => {
    vi.stubGlobal("fetch", fakeLoanServer({ open: [MOBY] }).fetch);
    storedToken.write("token-1");
    renderApp("/mybooks");
    expect(await screen.findByRole("heading", { level: 1, name: "My Books" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/user\/books$/);
  });

  it("still sends a visitor who opens /user/books directly to the home page", async () => {
    vi.stubGlobal("fetch", fakeLoanServer().fetch);
    renderApp("/user/books");
    await waitFor(() => expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/));
  });
});
