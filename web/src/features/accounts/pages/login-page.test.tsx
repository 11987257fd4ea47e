import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  storedBalance,
  storedEmail,
  storedUserName,
} from "../../../features/accounts/stored-account";
import { readToken, storedToken, storedUuid } from "../../../lib/storage";
import { fakeApi, makeUserInfo, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { LoginPage } from "./login-page";

const LOGGED_IN = {
  state: "success",
  token: "t".repeat(43),
  expiresIn: 2_592_000,
  UUID: "u-1",
};

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("LoginPage", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", fakeApi({ "/api/auth/login": jsonResponse(LOGGED_IN) }));
  });

  it("asks for both fields", async () => {
    renderWithProviders(<LoginPage />, { route: "/login" });
    await logIn("ada@example.com", "");
    expect(screen.getByRole("alert")).toHaveTextContent("Please fill in all fields");
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });

  it("shows a wrong password inline and stays, without the 401 ending any session", async () => {
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(
        { state: "error", code: "WRONG_CREDENTIALS", message: "Incorrect email or password." },
        401,
      ),
    });
    vi.stubGlobal("fetch", fetchMock);
    // A session the failed login must leave as it is (one in another tab, say).
    storedToken.write("kept");
    const signOut = vi.fn();
    renderWithProviders(<LoginPage />, { route: "/login", session: { signOut } });
    await logIn("ada@example.com", "wrong-one");

    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password.");
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
    expect(signOut).not.toHaveBeenCalled();
    expect(readToken()).toBe("kept");
  });

  it("stores the session and the account, then goes home", async () => {
    const fetchMock = fakeApi({
      "/api/auth/login": jsonResponse(LOGGED_IN),
      "/api/users/info": jsonResponse(makeUserInfo({ balance: 12.5 })),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<LoginPage />, { route: "/login" });
    await logIn(" ada@example.com ", "engine42");

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      email: "ada@example.com",
      password: "engine42",
    });
    const infoCall = fetchMock.mock.calls.find(
      ([input]) => requestUrl(input).pathname === "/api/users/info",
    );
    expect(new Headers(infoCall?.[1]?.headers).get("Authorization")).toBe(
      `Bearer ${LOGGED_IN.token}`,
    );
    expect(readToken()).toBe(LOGGED_IN.token);
    expect(storedUuid.read()).toBe("u-1");
    expect(storedUserName.read()).toBe("Ada Lovelace");
    expect(storedEmail.read()).toBe("ada@example.com");
    expect(storedBalance.read()).toBe(12.5);
  });

  it("returns to the page a session expired on", async () => {
    renderWithProviders(<LoginPage />, { route: "/login", state: { from: "/user/settings" } });
    await logIn("ada@example.com", "engine42");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user/settings"));
  });

  it("prefills the email handed over by registration, and never follows an outside path", async () => {
    renderWithProviders(<LoginPage />, {
      route: "/login",
      state: { email: "ada@example.com", from: "//evil.example" },
    });
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    await logIn("", "engine42");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
  });
});
