import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CART_UPDATED_EVENT } from "../features/cart/cart-store";
import { storedUserName } from "../features/accounts/stored-account";
import { storedCartItems } from "../features/cart/cart-store";
import { readToken, storedToken } from "../lib/storage";
import { fakeApi } from "../test/accounts";
import { jsonResponse, makeBook, requestUrl } from "../test/books";
import { installFakeIntersectionObserver } from "../test/intersection-observer";
import { makeCart } from "../test/lists";
import { renderApp } from "../test/render-app";

const HOME_HEADING = { level: 1, name: "Find your next great read" } as const;

describe("navigation guard", () => {
  beforeEach(() => {
    installFakeIntersectionObserver();
    vi.stubGlobal("fetch", fakeApi());
  });

  it("sends a visitor from a protected route to the home page", async () => {
    renderApp("/cart");
    expect(await screen.findByRole("heading", HOME_HEADING)).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/);
  });

  it("sends a visitor from a receipt's link /mypayments to log in, not home", async () => {
    renderApp("/mypayments");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/login$/);
  });

  it("takes a logged-in reader from /mypayments to Payment Records", async () => {
    storedToken.write("token-1");
    renderApp("/mypayments");
    await waitFor(() =>
      expect(screen.getByTestId("path")).toHaveTextContent(/^\/user\/payment-orders$/),
    );
  });

  it("sends a visitor from the profile to the home page", async () => {
    renderApp("/user/profile");
    expect(await screen.findByRole("heading", HOME_HEADING)).toBeInTheDocument();
  });

  it.each(["/register", "/login", "/forgot-password", "/reset-password?token=abc"])(
    "sends a logged-in reader away from %s",
    async (path) => {
      storedToken.write("token-1");
      renderApp(path);
      expect(await screen.findByRole("heading", HOME_HEADING)).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "My Books" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    },
  );

  it("lets a logged-in reader open a protected route, and goes to /login on a 401", async () => {
    let expired = false;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/cart/get": () =>
          expired
            ? jsonResponse({ state: "error", code: "UNAUTHORIZED", message: "Please log in" }, 401)
            : jsonResponse(makeCart([])),
      }),
    );
    storedToken.write("token-1");
    renderApp("/cart");
    expect(await screen.findByRole("heading", { level: 1, name: "My Cart" })).toBeInTheDocument();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();

    // The session ends on the server; the next call that asks for the cart meets a 401.
    expired = true;
    act(() => {
      window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    });

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent("/login");
    expect(readToken()).toBeNull();
  });

  it("redirects /user/dashboard to the profile, and opens /user/settings on Settings", async () => {
    storedToken.write("token-1");
    const { unmount } = renderApp("/user/dashboard");
    expect(
      await screen.findByRole("heading", { level: 2, name: "User Details" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/user\/profile$/);
    unmount();

    renderApp("/user/settings");
    expect(await screen.findByRole("heading", { level: 2, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  });

  it("logs out from the user menu to /login and forgets the user's data", async () => {
    const user = userEvent.setup();
    storedToken.write("token-1");
    storedUserName.write("Ada");
    storedCartItems.write([
      { bookId: "1", title: "Emma", author: "Jane Austen", price: 3.5, coverUrl: "" },
    ]);
    // The header also asks the server for the cart, which holds the same book.
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/cart/get": jsonResponse(makeCart([makeBook(1, { title: "Emma" })])) }),
    );
    renderApp("/user/books");
    expect(await screen.findByRole("heading", { level: 1, name: "My Books" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Cart, 1 book" })).toBeInTheDocument();

    // The start-up check has refreshed the stored name from the server.
    await user.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(readToken()).toBeNull();
    expect(storedUserName.read()).toBeNull();
    expect(storedCartItems.read()).toBeNull();
    expect(screen.getByRole("button", { name: "Cart, 0 books" })).toBeInTheDocument();
  });

  it("keeps the reader logged in and says so when the server cannot log them out", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/auth/logout": () => Promise.reject(new TypeError("Failed to fetch")) }),
    );
    storedToken.write("token-1");
    renderApp("/user/books");
    await user.click(await screen.findByRole("button", { name: "Ada Lovelace" }));
    await user.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByText("Logout failed, please try again")).toBeInTheDocument();
    expect(readToken()).toBe("token-1");
    expect(screen.getByTestId("path")).toHaveTextContent("/user/books");
  });

  it("closes the user menu on Escape and on a click outside", async () => {
    const user = userEvent.setup();
    storedToken.write("token-1");
    renderApp("/");
    const button = await screen.findByRole("button", { name: "Ada Lovelace" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole("heading", HOME_HEADING));
    await waitFor(() => expect(button).toHaveAttribute("aria-expanded", "false"));
  });

  it("on start, logs out a stored token the server no longer accepts", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/info": jsonResponse(
          { state: "error", code: "UNAUTHORIZED", message: "Please log in to continue." },
          401,
        ),
      }),
    );
    storedToken.write("stale");
    storedUserName.write("Ada");
    renderApp("/user/books");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(readToken()).toBeNull();
    expect(storedUserName.read()).toBeNull();
  });

  it("on start, logs out when the account comes back empty", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/info": jsonResponse({ state: "success" }) }));
    storedToken.write("token-1");
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });

  it("on start without a connection, keeps the session: a reader reads offline", async () => {
    const api = fakeApi({
      "/api/users/info": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    vi.stubGlobal("fetch", api);
    storedToken.write("token-1");
    renderApp("/cart");
    expect(await screen.findByRole("heading", { level: 1, name: "My Cart" })).toBeInTheDocument();

    // The start-up check met no server (this client does not retry) and has given up.
    const infoCalls = () =>
      api.mock.calls.filter(([input]) => requestUrl(input).pathname === "/api/users/info");
    await waitFor(() => expect(infoCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readToken()).toBe("token-1");
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/cart$/);
  });

  it("shows a not-found page for unknown routes", async () => {
    renderApp("/no/such/page");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Page not found" }),
    ).toBeInTheDocument();
  });
});
