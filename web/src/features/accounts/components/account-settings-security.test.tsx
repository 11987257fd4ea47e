import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody, wrongCurrentPassword } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { AccountSettings } from "./account-settings";

const REAUTH = {
  state: "error",
  code: "REAUTH_REQUIRED",
  message: "Please enter your current password to continue.",
  field: "currentPassword",
};

function updateBodies(fetchMock: ReturnType<typeof fakeApi>) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).pathname === "/api/users/update")
    .map(([, init]) => sentBody(init));
}

describe("AccountSettings: re-authentication and email confirmation", () => {
  it("shows no current-password field until the server asks for it", async () => {
    vi.stubGlobal("fetch", fakeApi());
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    expect(await screen.findByText("Currently Ada Lovelace")).toBeInTheDocument();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("asks for the current password on REAUTH_REQUIRED and sends it with the next try", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = fakeApi({
      "/api/users/update": () =>
        ++calls === 1
          ? jsonResponse(REAUTH, 403)
          : jsonResponse({
              state: "success",
              message: "Account information updated successfully",
              name: "Ada Lovelace",
              email: "ada@example.com",
            }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("New password"), "difference");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    const field = await screen.findByLabelText("Current password");
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Please enter your current password to continue.",
    );
    // The new password stays typed in, ready for the second try.
    expect(screen.getByLabelText("New password")).toHaveValue("difference");

    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter your current password.");
    expect(updateBodies(fetchMock)).toHaveLength(1);

    await user.type(field, "engine42");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Account information updated successfully")).toBeInTheDocument();
    expect(updateBodies(fetchMock)).toEqual([
      { password: "difference" },
      { password: "difference", currentPassword: "engine42" },
    ]);
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("says a wrong current password at the field and keeps it focused", async () => {
    const user = userEvent.setup();
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/update": () =>
          ++calls === 1 ? jsonResponse(REAUTH, 403) : wrongCurrentPassword(),
      }),
    );
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("Email"), "new@example.com");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await user.type(await screen.findByLabelText("Current password"), "wrong-one");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("That is not your current password.")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("Current password")).toHaveFocus();
  });

  it("says the server's message and the address waiting for its link after an email change", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/update": jsonResponse({
          state: "success",
          message: "We have sent a link to new@example.com. Your email changes when you open it.",
          name: "Ada Lovelace",
          email: "ada@example.com",
          pendingEmail: "new@example.com",
        }),
      }),
    );
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await screen.findByText("Currently Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "new@example.com");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(
      await screen.findByText(
        "We have sent a link to new@example.com. Your email changes when you open it.",
      ),
    ).toHaveAttribute("role", "status");
    expect(
      screen.getByText("Currently ada@example.com. Waiting for you to confirm new@example.com."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Account information updated successfully")).not.toBeInTheDocument();
  });

  it("ties a common password refused by the server to the password field", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/update": jsonResponse(
          {
            state: "error",
            code: "VALIDATION",
            message: "This password is too common. Please choose another.",
            field: "password",
          },
          400,
        ),
      }),
    );
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("New password"), "password1");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This password is too common. Please choose another.",
    );
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("New password")).toHaveFocus();
  });
});
