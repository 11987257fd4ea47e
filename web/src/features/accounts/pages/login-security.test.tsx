import { startAuthentication } from "@simplewebauthn/browser";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readToken, storedToken } from "../../../lib/storage";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { LoginPage } from "./login-page";

vi.mock("@simplewebauthn/browser", () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const LOGGED_IN = {
  state: "success",
  token: "t".repeat(43),
  expiresIn: 2_592_000,
  UUID: "u-1",
};
const CHALLENGE = { state: "2fa_required", challenge: "challenge-1" };

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "engine42");
  await user.click(screen.getByRole("button", { name: "Log in" }));
  return user;
}

describe("LoginPage with two-factor sign-in", () => {
  it("asks for the app's code after the password, then signs in with it", async () => {
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(CHALLENGE),
      "/api/users/login/2fa": jsonResponse(LOGGED_IN),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login" });
    const user = await logIn();

    expect(
      await screen.findByRole("heading", { level: 1, name: "Two-factor sign-in" }),
    ).toHaveFocus();
    // No token yet: nothing is stored and the account is not asked for.
    expect(readToken()).toBeNull();
    expect(callsTo(fetchMock, "/api/users/info")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Please enter the 6-digit code from your app.",
    );
    expect(screen.getByLabelText("Authentication code")).toHaveFocus();

    await user.type(screen.getByLabelText("Authentication code"), "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(sentBody(callsTo(fetchMock, "/api/users/login/2fa")[0]?.[1])).toEqual({
      challenge: "challenge-1",
      code: "123456",
    });
    expect(readToken()).toBe(LOGGED_IN.token);
  });

  it("says a wrong code without ending any session, and lets the reader try again", async () => {
    let tries = 0;
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(CHALLENGE),
      "/api/users/login/2fa": () =>
        ++tries === 1
          ? jsonResponse(
              {
                state: "error",
                code: "WRONG_CODE",
                message: "That code is not right. Please try again.",
              },
              401,
            )
          : jsonResponse(LOGGED_IN),
    });
    vi.stubGlobal("fetch", fetchMock);
    const signOut = vi.fn();
    storedToken.write("kept");
    renderWithProviders(<LoginPage />, { route: "/login", session: { signOut } });
    const user = await logIn();
    await screen.findByLabelText("Authentication code");
    await user.type(screen.getByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That code is not right. Please try again.",
    );
    expect(screen.getByLabelText("Authentication code")).toHaveValue("");
    expect(screen.getByLabelText("Authentication code")).toHaveFocus();
    expect(signOut).not.toHaveBeenCalled();
    expect(readToken()).toBe("kept");

    await user.type(screen.getByLabelText("Authentication code"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(sentBody(callsTo(fetchMock, "/api/users/login/2fa")[1]?.[1])).toEqual({
      challenge: "challenge-1",
      code: "654321",
    });
  });

  it("turns to the recovery code when the account's app codes are locked", async () => {
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(CHALLENGE),
      "/api/users/login/2fa": jsonResponse(
        {
          state: "error",
          code: "TWO_FACTOR_LOCKED",
          message:
            "Too many wrong codes have been entered for this account. Please use one of your recovery codes.",
          field: "recoveryCode",
        },
        403,
      ),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login" });
    const user = await logIn();
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many wrong codes have been entered for this account. Please use one of your recovery codes.",
    );
    expect(screen.getByLabelText("Recovery code")).toHaveFocus();
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });

  it("takes a recovery code in place of the app's code", async () => {
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(CHALLENGE),
      "/api/users/login/2fa": jsonResponse(LOGGED_IN),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login", state: { from: "/user/settings" } });
    const user = await logIn();
    await user.click(await screen.findByRole("button", { name: "Use a recovery code" }));

    expect(screen.queryByLabelText("Authentication code")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Recovery code")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Use the code from your app" }));
    expect(screen.getByLabelText("Authentication code")).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    await user.type(screen.getByLabelText("Recovery code"), " abcde-12345 ");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user/settings"));
    expect(sentBody(callsTo(fetchMock, "/api/users/login/2fa")[0]?.[1])).toEqual({
      challenge: "challenge-1",
      recoveryCode: "abcde-12345",
    });
  });

  it("goes back to the password when the sign-in has expired", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/auth/login": jsonResponse(CHALLENGE),
        "/api/users/login/2fa": jsonResponse(
          {
            state: "error",
            code: "CHALLENGE_EXPIRED",
            message: "This sign-in has expired. Please sign in again.",
          },
          401,
        ),
      }),
    );
    renderWithProviders(<LoginPage />, { route: "/login" });
    const user = await logIn();
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Log in" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This sign-in has expired. Please sign in again.",
    );
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });
});

describe("LoginPage with a passkey", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
  });

  it("signs in with a passkey, without email or password", async () => {
    const user = userEvent.setup();
    const assertion = { id: "cred-1", rawId: "cred-1", type: "public-key", response: {} };
    vi.mocked(startAuthentication).mockResolvedValue(
      assertion as unknown as Awaited<ReturnType<typeof startAuthentication>>,
    );
    const fetchMock = fakeApi({
      "/api/users/passkeys/login/options": jsonResponse({
        state: "success",
        options: { challenge: "abc", rpId: "localhost" },
      }),
      "/api/users/passkeys/login/verify": jsonResponse(LOGGED_IN),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: "abc", rpId: "localhost" },
    });
    expect(sentBody(callsTo(fetchMock, "/api/users/passkeys/login/verify")[0]?.[1])).toEqual({
      response: assertion,
    });
    expect(readToken()).toBe(LOGGED_IN.token);
  });

  it("says calmly that the passkey prompt was closed", async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error("The operation either timed out or was not allowed."), {
        name: "NotAllowedError",
      }),
    );
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/passkeys/login/options": jsonResponse({
          state: "success",
          options: { challenge: "abc" },
        }),
      }),
    );
    renderWithProviders(<LoginPage />, { route: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));

    expect(
      await screen.findByText(
        "Signing in with a passkey was cancelled. You can try again or log in with your password.",
      ),
    ).toHaveAttribute("role", "status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("shows the server's message when the passkey is refused", async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockResolvedValue(
      {} as Awaited<ReturnType<typeof startAuthentication>>,
    );
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/passkeys/login/options": jsonResponse({
          state: "success",
          options: { challenge: "abc" },
        }),
        "/api/users/passkeys/login/verify": jsonResponse(
          {
            state: "error",
            code: "PASSKEY_FAILED",
            message: "The passkey could not be checked. Please try again.",
          },
          400,
        ),
      }),
    );
    renderWithProviders(<LoginPage />, { route: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The passkey could not be checked. Please try again.",
    );
  });

  it("is not offered where the browser has no passkeys", () => {
    vi.stubGlobal("PublicKeyCredential", undefined);
    vi.stubGlobal("fetch", fakeApi());
    renderWithProviders(<LoginPage />, { route: "/login" });
    expect(
      screen.queryByRole("button", { name: "Sign in with a passkey" }),
    ).not.toBeInTheDocument();
  });
});
