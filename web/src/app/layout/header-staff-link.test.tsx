import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserRole } from "../../lib/session";
import { fakeApi } from "../../test/accounts";
import { renderWithProviders } from "../../test/render";
import { Header } from "./header";

function renderHeader(role: UserRole | undefined) {
  renderWithProviders(<Header />, { session: { isLoggedIn: role !== undefined, role } });
}

/** The wide header's user menu, opened. */
async function openUserMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Account" }));
}

/** The phone's drawer, opened: its main links. */
async function drawerLinks(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Menu" }));
  const drawer = screen.getByRole("dialog", { name: "Menu" });
  return within(within(drawer).getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => link.textContent);
}

describe("the header's link to the staff console", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi());
  });

  it.each([
    ["a librarian", "librarian"],
    ["an administrator", "admin"],
  ] as const)("is in the user menu and the phone drawer for %s", async (_who, role) => {
    const user = userEvent.setup();
    renderHeader(role);
    await openUserMenu(user);
    expect(screen.getByRole("link", { name: "Staff console" })).toHaveAttribute("href", "/admin");
    expect(await drawerLinks(user)).toEqual(["Home", "Categories", "My Books", "Staff console"]);
  });

  it("is nowhere for a reader", async () => {
    const user = userEvent.setup();
    renderHeader("reader");
    await openUserMenu(user);
    expect(screen.getByRole("link", { name: "Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Staff console" })).not.toBeInTheDocument();
    expect(await drawerLinks(user)).toEqual(["Home", "Categories", "My Books"]);
  });

  it("is nowhere for a visitor", async () => {
    const user = userEvent.setup();
    renderHeader(undefined);
    expect(screen.queryByRole("link", { name: "Staff console" })).not.toBeInTheDocument();
    expect(await drawerLinks(user)).toEqual(["Home", "Categories"]);
  });
});
