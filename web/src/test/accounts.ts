import type { UserInfo } from "@folio/contract/accounts";
import { screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import { jsonResponse, makeBookPage, requestUrl } from "./books";
import { makeHoldList } from "./holds";
import { makeCart, makeWishlist } from "./lists";

/** The account as POST /api/users/info returns it. */
export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    state: "success",
    UUID: "5f0c6a8e-2f1e-4c55-9a43-1b7e2f9b0d11",
    name: "Ada Lovelace",
    email: "ada@example.com",
    balance: 0,
    createdat: "2026-11-22T10:00:00.000Z",
    role: "reader",
    ...overrides,
  };
}

type Answer = Response | (() => Response | Promise<Response>);

/** The body a mocked fetch was sent, parsed. */
export function sentBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
}

/**
 * A fetch that answers by path: the given answers first, then the account, logout, cart,
 * wishlist and holds calls a logged-in shell makes, then a page of books for anything else.
 */
export function fakeApi(answers: Record<string, Answer> = {}) {
  return vi.fn<typeof fetch>((input) => {
    const { pathname } = requestUrl(input);
    const answer = answers[pathname];
    if (answer) return Promise.resolve(typeof answer === "function" ? answer() : answer.clone());
    if (pathname === "/api/users/info") return Promise.resolve(jsonResponse(makeUserInfo()));
    if (pathname === "/api/auth/logout") {
      return Promise.resolve(jsonResponse({ state: "success", message: "Logged out" }));
    }
    // The header counts a member's cart and wishlist.
    if (pathname === "/api/cart/get") return Promise.resolve(jsonResponse(makeCart([])));
    if (pathname === "/api/wishlist/get") return Promise.resolve(jsonResponse(makeWishlist([])));
    // The header looks for a member's ready holds.
    if (pathname === "/api/holds/list") return Promise.resolve(jsonResponse(makeHoldList([])));
    return Promise.resolve(jsonResponse(makeBookPage(1, 2)));
  });
}

/** What the server answers a credentials change past the re-authentication window, with no password. */
export const reauthRequired = () =>
  jsonResponse(
    {
      state: "error",
      code: "REAUTH_REQUIRED",
      message: "Please enter your current password to continue.",
      field: "currentPassword",
    },
    403,
  );

/** What the server answers a wrong current password. */
export const wrongCurrentPassword = () =>
  jsonResponse(
    {
      state: "error",
      code: "WRONG_PASSWORD",
      message: "That is not your current password.",
      field: "currentPassword",
    },
    403,
  );

/**
 * Checks that a form now asks for the current password, as it does after `reauthRequired()`:
 * the field appears and takes the focus, and the server's sentence shows as an alert and as the
 * field's description. Answers the field, to type into.
 */
export async function currentPasswordAsked(): Promise<HTMLElement> {
  const field = await screen.findByLabelText("Current password");
  await waitFor(() => expect(field).toHaveFocus());
  expect(screen.getByRole("alert")).toHaveTextContent(
    "Please enter your current password to continue.",
  );
  expect(field).toHaveAccessibleDescription("Please enter your current password to continue.");
  return field;
}
