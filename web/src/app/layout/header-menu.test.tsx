import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storedUserName } from "../../features/accounts/stored-account";
import { applyThemeChoice } from "../../lib/theme";
import { fakeApi } from "../../test/accounts";
import { renderWithProviders } from "../../test/render";
import { Header } from "./header";

function openMenu(user: ReturnType<typeof userEvent.setup>) {
  return user.click(screen.getByRole("button", { name: "Menu" }));
}

function menu() {
  return screen.getByRole("dialog", { name: "Menu" });
}

/** The drawer's main links, by name. */
function mainLinks() {
  const nav = within(menu()).getByRole("navigation", { name: "Main" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("the header's menu drawer", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi());
  });

  afterEach(() => applyThemeChoice("system"));

  it("opens as a dialog with focus inside, and Escape closes it with focus back on its button", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await openMenu(user);
    expect(menu()).toHaveAttribute("aria-modal", "true");
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(within(menu()).getByRole("button", { name: "Close" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("keeps Tab inside while open", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await openMenu(user);
    for (let i = 0; i < 10; i += 1) {
      await user.tab();
      expect(menu()).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("closes on a tap beside it and on its close button", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await openMenu(user);
    // The backdrop is the dialog's parent.
    await user.click(menu().parentElement!);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveFocus();

    await openMenu(user);
    await user.click(within(menu()).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("holds a visitor's links, Login and Register, and the theme switch", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />, { route: "/categories" });
    await openMenu(user);
    expect(mainLinks()).toEqual(["Home", "Categories"]);
    expect(within(menu()).getByRole("link", { name: "Categories" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(menu()).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(menu()).getByRole("link", { name: "Register" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(within(menu()).queryByRole("button", { name: "Logout" })).not.toBeInTheDocument();

    await user.click(within(menu()).getByRole("radio", { name: "Dark" }));
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("holds a member's links and account entries, and closes when a link is followed", async () => {
    const user = userEvent.setup();
    storedUserName.write("Ada Lovelace");
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    await openMenu(user);
    expect(mainLinks()).toEqual(["Home", "Categories", "My Books"]);
    expect(within(menu()).getByText(/Signed in as/)).toHaveTextContent("Signed in as Ada Lovelace");
    expect(within(menu()).getByRole("link", { name: "Profile" })).toHaveAttribute(
      "href",
      "/user/profile",
    );
    expect(within(menu()).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(within(menu()).queryByRole("link", { name: "Login" })).not.toBeInTheDocument();

    await user.click(within(menu()).getByRole("link", { name: "My Books" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/books");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("logs a member out from the menu", async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi();
    vi.stubGlobal("fetch", fetchMock);
    const signOut = vi.fn();
    renderWithProviders(<Header />, { session: { isLoggedIn: true, signOut } });
    await openMenu(user);
    await user.click(within(menu()).getByRole("button", { name: "Logout" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });
});

describe("the header's user menu", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi());
  });

  it("groups its entries: account, reading, then Logout on its own (issue 45)", async () => {
    const user = userEvent.setup();
    storedUserName.write("Ada Lovelace");
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    const button = screen.getByRole("button", { name: "Ada Lovelace" });
    await user.click(button);
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    const entries = (name: string) =>
      within(within(panel).getByRole("list", { name }))
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(entries("Account")).toEqual([
      ["Profile", "/user/profile"],
      ["Settings", "/user/profile?view=Settings"],
    ]);
    expect(entries("Reading")).toEqual([
      ["My Books", "/user/books"],
      ["Holds", "/user/books?tab=holds"],
    ]);
    const lists = within(panel).getAllByRole("list");
    expect(lists).toHaveLength(3);
    // Logout ends the menu, alone in its group; Delete Account is on the profile page only.
    expect(within(lists[2]!).getAllByRole("listitem")).toHaveLength(1);
    expect(within(lists[2]!).getByRole("button", { name: "Logout" })).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: /Delete Account/i })).toBeNull();
  });

  it("keeps Logout apart in the phone's drawer too", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    await openMenu(user);
    const logout = within(menu()).getByRole("button", { name: "Logout" });
    const own = logout.closest("ul")!;
    expect(within(own).getAllByRole("listitem")).toHaveLength(1);
    expect(within(menu()).getByRole("link", { name: "Settings" })).toHaveAttribute(
      "href",
      "/user/profile?view=Settings",
    );
  });
});

describe("the header's title search button", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi());
  });

  it("reveals the search with focus in it, Escape hides it again, and a search closes it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole("button", { name: "Title search" });
    const region = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(region).not.toHaveClass("site-header__search--open");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(region).toHaveClass("site-header__search--open");
    const box = screen.getByRole("combobox", { name: "Search books by title" });
    expect(box).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.type(box, "moby{Enter}");
    expect(screen.getByTestId("location")).toHaveTextContent("/search?title=moby");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});
