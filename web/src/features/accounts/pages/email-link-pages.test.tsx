import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { storedToken } from "../../../lib/storage";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { storedEmail } from "../stored-account";
import { ConfirmEmailPage, UndoEmailPage } from "./email-link-pages";

const LINK_INVALID = jsonResponse(
  {
    state: "error",
    code: "EMAIL_LINK_INVALID",
    message: "This link is invalid or has expired.",
  },
  400,
);

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

describe("ConfirmEmailPage", () => {
  it("posts the link's token once and shows the server's message", async () => {
    const fetchMock = fakeApi({
      "/api/users/email/confirm": jsonResponse({
        state: "success",
        message: "Your email is now new@example.com.",
        email: "new@example.com",
      }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<ConfirmEmailPage />, { route: "/confirm-email?token=tok-1" });

    expect(await screen.findByRole("heading", { level: 1, name: "Email confirmed" })).toHaveFocus();
    expect(screen.getByText("Your email is now new@example.com.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    // The token leaves the address bar, and so the history.
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/confirm-email$/);
    const calls = callsTo(fetchMock, "/api/users/email/confirm");
    expect(calls).toHaveLength(1);
    expect(sentBody(calls[0]?.[1])).toEqual({ token: "tok-1" });
  });

  it("keeps a signed-in reader's stored email current and links to Settings", async () => {
    storedToken.write("token-1");
    storedEmail.write("old@example.com");
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/email/confirm": jsonResponse({
          state: "success",
          message: "Your email is now new@example.com.",
          email: "new@example.com",
        }),
      }),
    );
    renderWithProviders(<ConfirmEmailPage />, {
      route: "/confirm-email?token=tok-1",
      session: { isLoggedIn: true },
    });
    expect(await screen.findByRole("link", { name: "Go to Settings" })).toHaveAttribute(
      "href",
      "/user/settings",
    );
    // Written by an effect after the answer shows: it may land just after the link appears.
    await waitFor(() => expect(storedEmail.read()).toBe("new@example.com"));
  });

  it("says clearly when the link is invalid or has expired, without ending a session", async () => {
    storedToken.write("token-1");
    const signOut = vi.fn();
    vi.stubGlobal("fetch", fakeApi({ "/api/users/email/confirm": LINK_INVALID }));
    renderWithProviders(<ConfirmEmailPage />, {
      route: "/confirm-email?token=used",
      session: { isLoggedIn: true, signOut },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link did not work" }),
    ).toHaveFocus();
    expect(screen.getByRole("alert")).toHaveTextContent("This link is invalid or has expired.");
    expect(signOut).not.toHaveBeenCalled();
  });

  it("asks for nothing when the link has no token", async () => {
    const fetchMock = fakeApi();
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<ConfirmEmailPage />, { route: "/confirm-email" });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This link is incomplete. Please open the link from your email again.",
    );
    expect(callsTo(fetchMock, "/api/users/email/confirm")).toHaveLength(0);
  });
});

describe("UndoEmailPage", () => {
  it("undoes the change, signs this browser out and suggests a new password", async () => {
    storedToken.write("token-1");
    const signOut = vi.fn(() => window.localStorage.clear());
    const fetchMock = fakeApi({
      "/api/users/email/undo": jsonResponse({
        state: "success",
        message: "Your email is ada@example.com again, and every session has been signed out.",
        email: "ada@example.com",
      }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<UndoEmailPage />, {
      route: "/undo-email?token=undo-1",
      session: { isLoggedIn: true, signOut },
    });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Email change undone" }),
    ).toHaveFocus();
    expect(
      screen.getByText(
        "Your email is ada@example.com again, and every session has been signed out.",
      ),
    ).toBeVisible();
    expect(screen.getByText(/Every session of your account has been signed out/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Reset your password" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    // Signing out is an effect of the answer, as the stored email above is.
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(sentBody(callsTo(fetchMock, "/api/users/email/undo")[0]?.[1])).toEqual({
      token: "undo-1",
    });
  });

  it("says clearly when the link is invalid or has expired", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/email/undo": LINK_INVALID }));
    renderWithProviders(<UndoEmailPage />, { route: "/undo-email?token=old" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link is invalid or has expired.",
    );
    expect(screen.getByRole("link", { name: "reset your password" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});
