import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedToken } from "../../lib/storage";
import { fakeApi, reauthRequired, sentBody } from "../../test/accounts";
import { jsonResponse, requestUrl } from "../../test/books";
import { renderWithProviders } from "../../test/render";
import { ProfilePage } from "./profile-page";

describe("ProfilePage: account security", () => {
  it("shows two-factor sign-in, passkeys, sessions and the data export under Settings", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
        "/api/users/passkeys": jsonResponse({ state: "success", passkeys: [] }),
        "/api/users/sessions": jsonResponse({ state: "success", sessions: [] }),
      }),
    );
    renderWithProviders(<ProfilePage />, { route: "/user/settings" });
    for (const name of ["Two-factor sign-in", "Passkeys", "Sessions", "Your data"]) {
      expect(screen.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    expect(await screen.findByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Download my data" })).toBeVisible();
  });

  it("is not on the other views", () => {
    vi.stubGlobal("fetch", fakeApi());
    renderWithProviders(<ProfilePage />, { route: "/user/profile" });
    expect(screen.queryByRole("heading", { name: "Sessions" })).not.toBeInTheDocument();
  });

  it("asks for the current password in the delete dialog when the server wants it", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = fakeApi({
      "/api/users/delete": () =>
        ++calls === 1
          ? reauthRequired()
          : jsonResponse({ state: "success", message: "Account deleted successfully" }),
    });
    vi.stubGlobal("fetch", fetchMock);
    storedToken.write("token-1");
    const signOut = vi.fn(() => window.localStorage.clear());
    renderWithProviders(<ProfilePage />, {
      route: "/user/profile",
      session: { isLoggedIn: true, signOut },
    });
    await user.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete account" });
    expect(within(dialog).queryByLabelText("Current password")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    const field = await within(dialog).findByLabelText("Current password");
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Please enter your current password to continue.",
    );
    expect(signOut).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Please enter your current password.",
    );
    await user.type(field, "engine42");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Account deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    const bodies = fetchMock.mock.calls
      .filter(([input]) => requestUrl(input).pathname === "/api/users/delete")
      .map(([, init]) => sentBody(init));
    expect(bodies).toEqual([{}, { currentPassword: "engine42" }]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
