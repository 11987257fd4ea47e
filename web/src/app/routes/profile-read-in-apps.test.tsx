import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/accounts";
import { jsonResponse } from "../../test/books";
import { renderWithProviders } from "../../test/render";
import { ProfilePage } from "./profile-page";

describe("ProfilePage: Read in Apps", () => {
  it("opens at /user/read-in-apps, and its link lands on App passwords in Settings", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/2fa": jsonResponse({ state: "success", enabled: true, recoveryCodesLeft: 10 }),
        "/api/users/passkeys": jsonResponse({ state: "success", passkeys: [] }),
        "/api/users/sessions": jsonResponse({ state: "success", sessions: [] }),
        "/api/users/app-passwords": jsonResponse({ state: "success", appPasswords: [] }),
      }),
    );
    renderWithProviders(<ProfilePage />, {
      route: "/user/read-in-apps",
      session: { isLoggedIn: true },
    });

    expect(screen.getByRole("heading", { level: 2, name: "Read in Apps" })).toBeVisible();
    const nav = screen.getByRole("navigation", { name: "Profile" });
    expect(within(nav).getByRole("link", { name: "Read in Apps" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await user.click(screen.getByRole("link", { name: "Create an app password in Settings" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=Settings");
    expect(screen.getByRole("heading", { level: 3, name: "App passwords" })).toHaveFocus();
    expect(await screen.findByText("You have no app passwords yet.")).toBeVisible();
  });
});
