import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/accounts";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
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
