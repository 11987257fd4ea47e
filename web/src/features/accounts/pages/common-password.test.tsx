import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/accounts";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { AccountSettings } from "../components/account-settings";
import { RegisterPage } from "./register-page";
import { ResetPasswordPage } from "./reset-password-page";

// design.md §7.4: the server refuses a password from the list of the most common ones.
const TOO_COMMON = jsonResponse(
  {
    state: "error",
    code: "VALIDATION",
    message: "This password is too common. Please choose another.",
    field: "password",
  },
  400,
);

describe("a common password refused by the server", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/register": TOO_COMMON, "/api/auth/reset": TOO_COMMON }),
    );
  });

  it("is said at the password field on registration", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: "/register" });
    await user.type(screen.getByLabelText("Full name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "password");
    await user.type(screen.getByLabelText("Confirm password"), "password");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This password is too common. Please choose another.",
    );
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });

  it("is said at the password field on password reset", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password?token=abc" });
    await user.type(screen.getByLabelText("New password"), "password");
    await user.type(screen.getByLabelText("Confirm new password"), "password");
    await user.click(screen.getByRole("button", { name: "Set new password" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This password is too common. Please choose another.",
    );
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("New password")).toHaveFocus();
    // Not the link's fault: no offer of a new one.
    expect(screen.queryByRole("link", { name: "Ask for a new link" })).not.toBeInTheDocument();
  });
});

// Hardening round three: the server also refuses a password a guesser would find early, and one
// made of the reader's own name or email, each with its reason; every form says it at the field.
const REASONS = [
  "This password is too easy to guess. Try a longer one, such as a few unrelated words.",
  "This password is too close to your name or email address. Please choose another.",
];
const refusedFor = (message: string) =>
  jsonResponse({ state: "error", code: "VALIDATION", message, field: "password" }, 400);

describe.each(REASONS)("a password refused by the server because: %s", (reason) => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/register": refusedFor(reason),
        "/api/auth/reset": refusedFor(reason),
        "/api/users/update": refusedFor(reason),
      }),
    );
  });

  /** The reason is shown, and read out as the description of the password field. */
  function expectReasonAt(field: HTMLElement) {
    expect(screen.getByRole("alert")).toHaveTextContent(reason);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(field).toHaveFocus();
  }

  it("is said at the password field on registration", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: "/register" });
    await user.type(screen.getByLabelText("Full name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "lovelace1");
    await user.type(screen.getByLabelText("Confirm password"), "lovelace1");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    await screen.findByRole("alert");
    expectReasonAt(screen.getByLabelText("Password"));
  });

  it("is said at the new password field in Settings", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSettings />, { session: { isLoggedIn: true } });
    await user.type(screen.getByLabelText("New password"), "lovelace1");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await screen.findByRole("alert");
    expectReasonAt(screen.getByLabelText("New password"));
  });

  it("is said at the new password field on password reset", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password?token=abc" });
    await user.type(screen.getByLabelText("New password"), "lovelace1");
    await user.type(screen.getByLabelText("Confirm new password"), "lovelace1");
    await user.click(screen.getByRole("button", { name: "Set new password" }));

    await screen.findByRole("alert");
    expectReasonAt(screen.getByLabelText("New password"));
  });
});
