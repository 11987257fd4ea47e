import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { ForgotPasswordPage } from "./forgot-password-page";
import { ResetPasswordPage } from "./reset-password-page";

const FORGET_ANSWER = {
  state: "success",
  message: "If an account exists for that email, we have sent it a link to reset the password.",
};

describe("ForgotPasswordPage", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi({ "/api/auth/forget": jsonResponse(FORGET_ANSWER) }));
  });

  it("checks the email, then always shows the same confirmation", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, { route: "/forgot-password" });
    await user.type(screen.getByLabelText("Email"), "ada@");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid email address");

    await user.type(screen.getByLabelText("Email"), "example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Check your email" }),
    ).toHaveFocus();
    expect(
      screen.getByText(/If an account exists for that email, we have sent it a link/),
    ).toBeInTheDocument();
  });
});

describe("ResetPasswordPage", () => {
  it("checks the two passwords with the registration messages", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", fakeApi());
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password?token=abc" });
    await user.type(screen.getByLabelText("New password"), "secret1");
    await user.type(screen.getByLabelText("Confirm new password"), "secret2");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Passwords do not match");
  });

  it("sets the password with the link's token and offers to log in", async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi({
      "/api/auth/reset": jsonResponse({ state: "success", message: "Changed" }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password?token=abc123" });
    // The token leaves the address bar (and so the history) as soon as the page has read it.
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/reset-password$/);
    await user.type(screen.getByLabelText("New password"), "secret1");
    await user.type(screen.getByLabelText("Confirm new password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Set new password" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Password changed" }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    const call = fetchMock.mock.calls.find(
      ([input]) => requestUrl(input).pathname === "/api/auth/reset",
    );
    expect(sentBody(call?.[1])).toEqual({ token: "abc123", password: "secret1" });
  });

  it("shows the server's message for a used or expired link", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/auth/reset": jsonResponse(
          {
            state: "error",
            code: "INVALID_RESET_TOKEN",
            message: "This reset link is invalid or has expired. Please ask for a new one.",
          },
          400,
        ),
      }),
    );
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password?token=old" });
    await user.type(screen.getByLabelText("New password"), "secret1");
    await user.type(screen.getByLabelText("Confirm new password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This reset link is invalid or has expired. Please ask for a new one.",
    );
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeInTheDocument();
  });

  it("explains a link without a token", () => {
    renderWithProviders(<ResetPasswordPage />, { route: "/reset-password" });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This reset link is incomplete. Please ask for a new one.",
    );
  });
});
