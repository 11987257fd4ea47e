import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/accounts";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { ReadInApps } from "./read-in-apps";

function twoFactor(enabled: boolean) {
  return jsonResponse({ state: "success", enabled, recoveryCodesLeft: enabled ? 10 : 0 });
}

describe("ReadInApps", () => {
  it("shows both catalogue addresses at this site, each with its own Copy", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": twoFactor(false) }));
    renderWithProviders(<ReadInApps />, { session: { isLoggedIn: true } });
    const origin = window.location.origin;

    expect(
      screen.getByText(`${origin}/opds/1.2`, { selector: ".read-in-apps__url" }),
    ).toBeVisible();
    expect(
      screen.getByText(`${origin}/opds/2.0`, { selector: ".read-in-apps__url" }),
    ).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Copy OPDS 1.2 address" }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/opds/1.2`);
    await user.click(screen.getByRole("button", { name: "Copy OPDS 2.0 address" }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/opds/2.0`);
    expect(screen.getAllByText("Copied")).not.toHaveLength(0);
  });

  it("says which credentials to use, with the reader's email and a way to app passwords", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": twoFactor(false) }));
    renderWithProviders(<ReadInApps />, { session: { isLoggedIn: true } });

    expect(await screen.findByText("ada@example.com")).toBeVisible();
    expect(screen.getByText(/your Folio password, or an app password/)).toBeVisible();
    expect(
      screen.getByText(/Once two-factor sign-in is on, your own password no longer works in apps/),
    ).toBeVisible();
    expect(
      screen.getByRole("link", { name: "Create an app password in Settings" }),
    ).toHaveAttribute("href", "/user/profile?view=Settings#app-passwords");
  });

  it("tells a reader with two-factor sign-in on to use an app password", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": twoFactor(true) }));
    renderWithProviders(<ReadInApps />, { session: { isLoggedIn: true } });

    expect(await screen.findByText(/Two-factor sign-in is on for your account/)).toBeVisible();
    expect(screen.getByText(/so your own password does not work in apps/)).toBeVisible();
  });

  it("gives the steps in KOReader, with the OPDS 1.2 address", () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": twoFactor(false) }));
    renderWithProviders(<ReadInApps />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "KOReader" })).toBeVisible();
    const steps = within(screen.getByRole("list", { name: "Steps for KOReader" })).getAllByRole(
      "listitem",
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/open the Search menu: the magnifying glass/),
      expect.stringMatching(/Choose OPDS catalog/),
      expect.stringMatching(/Tap \+ at the top left/),
      expect.stringContaining(
        `Catalog name: Folio; Catalog URL: ${window.location.origin}/opds/1.2; Username: your email address; Password:`,
      ),
      expect.stringMatching(/My loans lists the books you have borrowed/),
      expect.stringMatching(/Tap a book and choose its format/),
    ]);
  });

  it("gives the steps in Thorium Reader, with the OPDS 2.0 address", () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": twoFactor(false) }));
    renderWithProviders(<ReadInApps />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "Thorium Reader" })).toBeVisible();
    const steps = within(
      screen.getByRole("list", { name: "Steps for Thorium Reader" }),
    ).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/Open the Catalogs tab/),
      expect.stringMatching(/Choose Add OPDS feed/),
      expect.stringContaining(`${window.location.origin}/opds/2.0`),
      expect.stringMatching(/When Thorium asks you to sign in/),
    ]);
  });
});
