import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readToken, storedToken } from "../../lib/storage";
import { fakeApi, makeUserInfo } from "../../test/accounts";
import { jsonResponse } from "../../test/books";
import { renderWithProviders } from "../../test/render";
import { ProfilePage } from "./profile-page";

function currentTab() {
  const nav = screen.getByRole("navigation", { name: "Profile" });
  return within(nav)
    .getAllByRole("link")
    .find((link) => link.getAttribute("aria-current") === "page");
}

describe("ProfilePage", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/info": jsonResponse(makeUserInfo({ balance: 0 })) }),
    );
  });

  it("shows User Details by default: name, email, registration date and balance", async () => {
    renderWithProviders(<ProfilePage />, { route: "/user/profile" });
    expect(screen.getByRole("heading", { level: 1, name: "My Profile" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "User Details" })).toBeInTheDocument();
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("22 November 2026")).toBeInTheDocument();
    expect(screen.getByText("£0.00")).toBeInTheDocument();
    expect(currentTab()).toHaveTextContent("User Details");
    expect(document.title).toBe("User Details | My Profile | Folio");
  });

  it.each([
    ["/user/profile?view=TopUp", "Top Up", "Top Up"],
    ["/user/profile?view=Wishlist", "Wish List", "Wish List"],
    ["/user/profile?view=Reviews", "My Reviews", "Comment Records"],
    ["/user/profile?view=Settings", "Settings", "Settings"],
    ["/user/recent-borrows", "Current Borrowings", "Current Borrowings"],
    ["/user/loan-history", "Loan History", "Loan History"],
    ["/user/wishlist", "Wish List", "Wish List"],
    ["/user/reviews", "My Reviews", "Comment Records"],
    ["/user/payment-orders", "Payment Records", "Payment Records"],
    ["/user/settings", "Settings", "Settings"],
    ["/user/profile?view=Nonsense", "User Details", "User Details"],
  ])("%s opens %s", (route, heading, tab) => {
    renderWithProviders(<ProfilePage />, { route });
    expect(screen.getByRole("heading", { level: 2, name: heading })).toBeInTheDocument();
    expect(currentTab()).toHaveTextContent(tab);
  });

  it("switches views from the sidebar and moves focus to the new view", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: "/user/profile" });
    await user.click(screen.getByRole("link", { name: "Settings" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=Settings");
    expect(screen.getByRole("heading", { level: 2, name: "Settings" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  it("groups the sidebar's entries in spec order, and keeps Delete Account apart from Log out (issue 45)", () => {
    renderWithProviders(<ProfilePage />, { route: "/user/profile" });
    const nav = screen.getByRole("navigation", { name: "Profile" });
    const groups = within(nav)
      .getAllByRole("list")
      .map((list) => [
        list.getAttribute("aria-labelledby") &&
          document.getElementById(list.getAttribute("aria-labelledby")!)?.textContent,
        within(list)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ]);
    expect(groups).toEqual([
      ["Account", ["User Details"]],
      ["Reading", ["Current Borrowings", "Loan History", "Wish List", "Comment Records"]],
      ["Money", ["Top Up", "Payment Records"]],
      ["Preferences", ["Settings", "Read in Apps"]],
    ]);
    // Spec §2's list still ends "Log out, Delete Account", in two groups, not side by side.
    const logOut = screen.getByRole("button", { name: "Log out" });
    const deleteAccount = screen.getByRole("button", { name: "Delete Account" });
    expect(logOut.compareDocumentPosition(deleteAccount)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(deleteAccount.parentElement).not.toBe(logOut.parentElement);
    expect(deleteAccount.parentElement).toHaveClass("profile-sidebar__danger");
    expect(deleteAccount).toHaveClass("profile-sidebar__action--danger");
  });

  it("says so when the account cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/info": new Response("Bad gateway", { status: 502 }) }),
    );
    renderWithProviders(<ProfilePage />, { route: "/user/profile" });
    expect(
      await screen.findAllByText("Failed to get user information, please try again later"),
    ).not.toHaveLength(0);
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("deletes the account after confirmation, then logs out to /login", async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(() => window.localStorage.clear());
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/delete": jsonResponse({
          state: "success",
          message: "Account deleted successfully",
        }),
      }),
    );
    storedToken.write("token-1");
    renderWithProviders(<ProfilePage />, {
      route: "/user/profile",
      session: { isLoggedIn: true, signOut },
    });

    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    let dialog = screen.getByRole("alertdialog", { name: "Delete account" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    dialog = screen.getByRole("alertdialog", { name: "Delete account" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Account deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
  });

  it("keeps the dialog open with a message when deletion fails", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/delete": () => Promise.reject(new TypeError("Failed to fetch")) }),
    );
    const signOut = vi.fn();
    renderWithProviders(<ProfilePage />, {
      route: "/user/profile",
      session: { isLoggedIn: true, signOut },
    });
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete account" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to delete account, please try again later",
    );
    expect(signOut).not.toHaveBeenCalled();
  });
});
