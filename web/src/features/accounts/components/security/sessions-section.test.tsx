import type { Session } from "@folio/contract/security";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedToken } from "../../../../lib/storage";
import { fakeApi, sentBody } from "../../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../../test/books";
import { renderWithProviders } from "../../../../test/render";
import { SessionsSection } from "./sessions-section";

function makeSession(overrides: Partial<Session>): Session {
  return {
    sessionId: "1",
    current: false,
    createdAt: "2026-11-20T09:00:00.000Z",
    lastSeenAt: "2026-11-21T09:00:00.000Z",
    userAgent: "Mozilla/5.0",
    browser: "Chrome 131",
    os: "Linux",
    ip: "203.0.113.7",
    ...overrides,
  };
}

const THIS_ONE = makeSession({
  sessionId: "7",
  current: true,
  browser: "Firefox 133",
  os: "macOS",
});
const PHONE = makeSession({ sessionId: "8", browser: "Safari 18", os: "iOS", ip: "198.51.100.2" });
const OLD = makeSession({ sessionId: "9", browser: "", os: "", ip: "" });

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

describe("SessionsSection", () => {
  it("lists the sessions, this device first, with browser, system, place and times", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/sessions": jsonResponse({ state: "success", sessions: [PHONE, OLD, THIS_ONE] }),
      }),
    );
    renderWithProviders(<SessionsSection />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "Sessions" })).toBeVisible();
    const list = await screen.findByRole("list", { name: "Your sessions" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Firefox 133 on macOS");
    expect(within(items[0]!).getByText("This device")).toBeVisible();
    expect(items[1]).toHaveTextContent("Safari 18 on iOS");
    expect(items[1]).toHaveTextContent("198.51.100.2");
    expect(items[1]).toHaveTextContent(/Signed in.*20 November 2026/);
    expect(items[1]).toHaveTextContent(/Last used.*21 November 2026/);
    expect(within(items[1]!).queryByText("This device")).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent("Unknown browser");
    expect(within(items[1]!).getByRole("button", { name: "Sign out" })).toHaveAccessibleDescription(
      "Safari 18 on iOS",
    );
    expect(screen.getByRole("button", { name: "Sign out all other sessions" })).toBeVisible();
  });

  it("signs another session out and lists the sessions again", async () => {
    const user = userEvent.setup();
    let sessions = [THIS_ONE, PHONE];
    const fetchMock = fakeApi({
      "/api/users/sessions": () => jsonResponse({ state: "success", sessions }),
      "/api/users/sessions/revoke": () => {
        sessions = [THIS_ONE];
        return jsonResponse({ state: "success", message: "That session has been signed out." });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    const signOut = vi.fn();
    renderWithProviders(<SessionsSection />, { session: { isLoggedIn: true, signOut } });
    const list = await screen.findByRole("list", { name: "Your sessions" });
    const phone = within(list).getAllByRole("listitem")[1]!;
    await user.click(within(phone).getByRole("button", { name: "Sign out" }));

    expect(await screen.findByText("That session has been signed out.")).toBeVisible();
    expect(sentBody(callsTo(fetchMock, "/api/users/sessions/revoke")[0]?.[1])).toEqual({
      sessionId: "8",
    });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    // Only this device is left: nothing else to sign out.
    expect(
      screen.queryByRole("button", { name: "Sign out all other sessions" }),
    ).not.toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });

  it("signs this browser out like Log out when its own session is signed out", async () => {
    const user = userEvent.setup();
    storedToken.write("token-7");
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/sessions": jsonResponse({ state: "success", sessions: [THIS_ONE, PHONE] }),
        "/api/users/sessions/revoke": jsonResponse({ state: "success", message: "Signed out." }),
      }),
    );
    const signOut = vi.fn(() => window.localStorage.clear());
    renderWithProviders(<SessionsSection />, {
      route: "/user/settings",
      session: { isLoggedIn: true, signOut },
    });
    const list = await screen.findByRole("list", { name: "Your sessions" });
    const mine = within(list).getAllByRole("listitem")[0]!;
    await user.click(within(mine).getByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("signs out all other sessions and says how it went", async () => {
    const user = userEvent.setup();
    let sessions = [THIS_ONE, PHONE, OLD];
    const fetchMock = fakeApi({
      "/api/users/sessions": () => jsonResponse({ state: "success", sessions }),
      "/api/users/sessions/revokeOthers": () => {
        sessions = [THIS_ONE];
        return jsonResponse({
          state: "success",
          message: "2 other sessions have been signed out.",
          revoked: 2,
        });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<SessionsSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Sign out all other sessions" }));

    expect(await screen.findByText("2 other sessions have been signed out.")).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Your sessions" })).getAllByRole("listitem"),
      ).toHaveLength(1),
    );
    expect(callsTo(fetchMock, "/api/users/sessions/revokeOthers")).toHaveLength(1);
  });
});
