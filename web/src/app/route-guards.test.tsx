import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UNAUTHORIZED_EVENT } from "../lib/api-client";
import { readToken, removeStored, writeStored } from "../lib/storage";
import { jsonResponse, makeBookPage } from "../test/books";
import { installFakeIntersectionObserver } from "../test/intersection-observer";
import { ToastProvider } from "../ui/toast";
import { AppRoutes } from "./router";

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The real route table and layout, on an in-memory history. */
function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("navigation guard", () => {
  beforeEach(() => {
    installFakeIntersectionObserver();
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(jsonResponse(makeBookPage(1, 2)))),
    );
  });

  it("sends a visitor from a protected route to the home page", async () => {
    renderApp("/cart");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Find your next great read" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/);
  });

  it("sends a logged-in reader away from /login and /register", async () => {
    writeStored("token", "token-1");
    renderApp("/register");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Find your next great read" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Books" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
  });

  it("lets a logged-in reader open a protected route, and goes to /login on a 401", async () => {
    writeStored("token", "token-1");
    renderApp("/cart");
    expect(await screen.findByRole("heading", { level: 1, name: "My Cart" })).toBeInTheDocument();

    act(() => {
      // What the API client does on a 401.
      removeStored("token");
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent("/login");
  });

  it("logs out from the user menu to /login and forgets the user's data", async () => {
    const user = userEvent.setup();
    writeStored("token", "token-1");
    writeStored("userName", "Ada");
    writeStored("cartItems", [
      { bookId: 1, title: "Emma", author: "Jane Austen", price: 3.5, coverUrl: "" },
    ]);
    renderApp("/user/books");
    expect(await screen.findByRole("heading", { level: 1, name: "My Books" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cart, 1 book" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Ada" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(readToken()).toBeNull();
    expect(screen.getByRole("button", { name: "Cart, 0 books" })).toBeInTheDocument();
  });

  it("shows a not-found page for unknown routes", async () => {
    renderApp("/no/such/page");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Page not found" }),
    ).toBeInTheDocument();
  });
});
