import { securityMessages } from "@folio/contract/constants";
import type { AppPassword } from "@folio/contract/security";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  currentPasswordAsked,
  fakeApi,
  reauthRequired,
  sentBody,
  wrongCurrentPassword,
} from "../../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../../test/books";
import { renderWithProviders } from "../../../../test/render";
import { AppPasswordsSection } from "./app-passwords-section";

const KOBO: AppPassword = {
  id: "12",
  name: "KOReader on my Kobo",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: "2026-11-20T10:00:00.000Z",
};
const LAPTOP: AppPassword = {
  id: "11",
  name: "Thorium on the laptop",
  createdAt: "2026-10-02T10:00:00.000Z",
  lastUsedAt: null,
};
const NEW_PASSWORD = "abcd-efgh-ijkl-mnop-qrst";

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

function listAnswer(appPasswords: AppPassword[]) {
  return jsonResponse({ state: "success", appPasswords });
}

/**
 * The API with the list and the create call, which share a path (GET lists, POST creates):
 * fakeApi answers by path alone.
 */
function appPasswordsApi(list: () => Response, create: () => Response) {
  const others = fakeApi({ "/api/users/app-passwords": list });
  return vi.fn<typeof fetch>((input, init) =>
    requestUrl(input).pathname === "/api/users/app-passwords" && init?.method === "POST"
      ? Promise.resolve(create())
      : others(input, init),
  );
}

function postsOf(fetchMock: ReturnType<typeof appPasswordsApi>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([, init]) => sentBody(init));
}

describe("AppPasswordsSection", () => {
  it("lists the app passwords with when each was created and last used", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/app-passwords": listAnswer([KOBO, LAPTOP]) }));
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "App passwords" })).toBeVisible();
    const items = within(
      await screen.findByRole("list", { name: "Your app passwords" }),
    ).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("KOReader on my Kobo");
    expect(items[0]).toHaveTextContent("Created 1 November 2026 · Last used 20 November 2026");
    expect(items[1]).toHaveTextContent("Thorium on the laptop");
    expect(items[1]).toHaveTextContent("Created 2 October 2026 · Never used");
    expect(
      within(items[1]!).getByRole("button", { name: "Revoke app password Thorium on the laptop" }),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "How to add Folio to an app" })).toHaveAttribute(
      "href",
      "/user/profile?view=ReadInApps",
    );
  });

  it("says when there are none yet, and offers to create one", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/app-passwords": listAnswer([]) }));
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });

    expect(await screen.findByText("You have no app passwords yet.")).toBeVisible();
    expect(screen.queryByRole("list", { name: "Your app passwords" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("App password name")).toHaveAccessibleDescription(
      "The app or device it is for, for example “KOReader on my Kobo”.",
    );
    expect(screen.getByRole("button", { name: "Create app password" })).toBeVisible();
  });

  it("says so, with Try again, when the list cannot be loaded", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/app-passwords": new Response("Bad gateway", { status: 502 }) }),
    );
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });

    expect(
      await screen.findByText("Failed to load your app passwords, please try again later"),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });

  it("creates one and shows its password once, ready to copy", async () => {
    const user = userEvent.setup();
    let appPasswords: AppPassword[] = [];
    const fetchMock = appPasswordsApi(
      () => listAnswer(appPasswords),
      () => {
        const created = { ...KOBO, lastUsedAt: null };
        appPasswords = [created];
        return jsonResponse({ state: "success", appPassword: created, password: NEW_PASSWORD });
      },
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    await screen.findByText("You have no app passwords yet.");

    await user.type(screen.getByLabelText("App password name"), "  KOReader on my Kobo ");
    await user.click(screen.getByRole("button", { name: "Create app password" }));

    const heading = await screen.findByRole("heading", {
      level: 4,
      name: "Your app password for “KOReader on my Kobo”",
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText(NEW_PASSWORD)).toBeVisible();
    expect(screen.getByText("Copy it now: you will not see it again.")).toBeVisible();
    expect(postsOf(fetchMock)).toEqual([{ name: "KOReader on my Kobo" }]);
    // The list shows the new one, without its password.
    const list = await screen.findByRole("list", { name: "Your app passwords" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("KOReader on my Kobo");
    expect(list).not.toHaveTextContent(NEW_PASSWORD);

    await user.click(screen.getByRole("button", { name: "Copy password" }));
    expect(await navigator.clipboard.readText()).toBe(NEW_PASSWORD);
    expect(await screen.findByText("Copied")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByText(NEW_PASSWORD)).not.toBeInTheDocument();
    expect(screen.getByLabelText("App password name")).toHaveValue("");
  });

  it("creates one with the current password when the server asks, saying when it is wrong", async () => {
    const user = userEvent.setup();
    let appPasswords: AppPassword[] = [];
    let calls = 0;
    const fetchMock = appPasswordsApi(
      () => listAnswer(appPasswords),
      () => {
        calls += 1;
        if (calls === 1) {
          return reauthRequired();
        }
        if (calls === 2) {
          return wrongCurrentPassword();
        }
        const created = { ...KOBO, lastUsedAt: null };
        appPasswords = [created];
        return jsonResponse({ state: "success", appPassword: created, password: NEW_PASSWORD });
      },
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    await screen.findByText("You have no app passwords yet.");
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("App password name"), "KOReader on my Kobo");
    await user.click(screen.getByRole("button", { name: "Create app password" }));

    const field = await currentPasswordAsked();
    expect(screen.getByLabelText("App password name")).toHaveValue("KOReader on my Kobo");

    // Blank, it is asked for again without a call.
    await user.click(screen.getByRole("button", { name: "Create app password" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Please enter your current password."),
    );
    expect(field).toHaveFocus();
    expect(postsOf(fetchMock)).toHaveLength(1);

    await user.type(field, "engine41");
    await user.click(screen.getByRole("button", { name: "Create app password" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("That is not your current password."),
    );
    expect(field).toHaveFocus();
    expect(field).toHaveValue("");

    await user.type(field, "engine42{Enter}");
    expect(
      await screen.findByRole("heading", {
        level: 4,
        name: "Your app password for “KOReader on my Kobo”",
      }),
    ).toHaveFocus();
    expect(screen.getByText(NEW_PASSWORD)).toBeVisible();
    expect(postsOf(fetchMock)).toEqual([
      { name: "KOReader on my Kobo" },
      { name: "KOReader on my Kobo", currentPassword: "engine41" },
      { name: "KOReader on my Kobo", currentPassword: "engine42" },
    ]);

    // The next one starts without the field.
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("asks for a name before sending anything", async () => {
    const user = userEvent.setup();
    const fetchMock = appPasswordsApi(
      () => listAnswer([]),
      () => jsonResponse({ state: "success" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    await screen.findByText("You have no app passwords yet.");

    await user.type(screen.getByLabelText("App password name"), "   ");
    await user.click(screen.getByRole("button", { name: "Create app password" }));

    expect(screen.getByRole("alert")).toHaveTextContent(securityMessages.appPasswordName);
    const field = screen.getByLabelText("App password name");
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(postsOf(fetchMock)).toEqual([]);
  });

  it("shows the server's refusals: a name it will not take, and the limit", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const fetchMock = appPasswordsApi(
      () => listAnswer([KOBO]),
      () =>
        ++calls === 1
          ? jsonResponse(
              {
                state: "error",
                code: "VALIDATION",
                message: securityMessages.appPasswordName,
                field: "name",
              },
              400,
            )
          : jsonResponse(
              {
                state: "error",
                code: "APP_PASSWORD_LIMIT",
                message: securityMessages.appPasswordLimit,
              },
              409,
            ),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    await screen.findByRole("list", { name: "Your app passwords" });
    const field = screen.getByLabelText("App password name");

    await user.type(field, "Kobo");
    await user.click(screen.getByRole("button", { name: "Create app password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(securityMessages.appPasswordName);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Create app password" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(securityMessages.appPasswordLimit),
    );
    expect(field).not.toHaveAttribute("aria-invalid");
    expect(field).toHaveValue("Kobo");
    expect(screen.queryByRole("heading", { level: 4 })).not.toBeInTheDocument();
  });

  it("revokes one after asking, and the row goes", async () => {
    const user = userEvent.setup();
    let appPasswords = [KOBO, LAPTOP];
    const fetchMock = fakeApi({
      "/api/users/app-passwords": () => listAnswer(appPasswords),
      "/api/users/app-passwords/revoke": () => {
        appPasswords = [KOBO];
        return jsonResponse({ state: "success" });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    const list = await screen.findByRole("list", { name: "Your app passwords" });
    const revoke = screen.getByRole("button", {
      name: "Revoke app password Thorium on the laptop",
    });

    // Cancelling keeps it.
    await user.click(revoke);
    let dialog = screen.getByRole("dialog", { name: "Revoke app password?" });
    expect(dialog).toHaveTextContent("Revoke “Thorium on the laptop”?");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/users/app-passwords/revoke")).toHaveLength(0);

    await user.click(revoke);
    dialog = screen.getByRole("dialog", { name: "Revoke app password?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(
      await screen.findByText(
        "The app password has been revoked. Apps that used it can no longer sign in.",
      ),
    ).toHaveAttribute("role", "status");
    expect(dialog).not.toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/users/app-passwords/revoke")[0]?.[1])).toEqual({
      id: "11",
    });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(list).not.toHaveTextContent("Thorium on the laptop");
    expect(screen.getByRole("heading", { level: 3, name: "App passwords" })).toHaveFocus();
  });

  it("says in the dialog when the app password is already gone", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/app-passwords": listAnswer([KOBO]),
        "/api/users/app-passwords/revoke": jsonResponse(
          {
            state: "error",
            code: "APP_PASSWORD_NOT_FOUND",
            message: securityMessages.appPasswordNotFound,
          },
          404,
        ),
      }),
    );
    renderWithProviders(<AppPasswordsSection />, { session: { isLoggedIn: true } });
    await user.click(
      await screen.findByRole("button", { name: "Revoke app password KOReader on my Kobo" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Revoke app password?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      securityMessages.appPasswordNotFound,
    );
  });
});
