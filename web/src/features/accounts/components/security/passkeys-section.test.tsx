import type { Passkey } from "@folio/contract/security";
import { startRegistration } from "@simplewebauthn/browser";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentPasswordAsked, fakeApi, reauthRequired, sentBody } from "../../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../../test/books";
import { renderWithProviders } from "../../../../test/render";
import { PasskeysSection } from "./passkeys-section";

vi.mock("@simplewebauthn/browser", () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const LAPTOP: Passkey = {
  id: "3",
  name: "Work laptop",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: "2026-11-20T10:00:00.000Z",
};
const PHONE: Passkey = {
  id: "4",
  name: "Phone",
  createdAt: "2026-11-02T10:00:00.000Z",
  lastUsedAt: null,
};

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

type Registration = Awaited<ReturnType<typeof startRegistration>>;

describe("PasskeysSection", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    vi.mocked(startRegistration).mockClear();
  });

  it("lists the passkeys with when each was added and last used", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/passkeys": jsonResponse({ state: "success", passkeys: [LAPTOP, PHONE] }),
      }),
    );
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "Passkeys" })).toBeVisible();
    const items = within(await screen.findByRole("list", { name: "Your passkeys" })).getAllByRole(
      "listitem",
    );
    expect(items[0]).toHaveTextContent("Work laptop");
    expect(items[0]).toHaveTextContent("Added 1 November 2026 · Last used 20 November 2026");
    expect(items[1]).toHaveTextContent("Added 2 November 2026 · Never used");
    expect(screen.getByRole("button", { name: "Remove passkey Phone" })).toBeVisible();
  });

  it("adds a passkey with the name given", async () => {
    const user = userEvent.setup();
    const credential = { id: "new", rawId: "new", type: "public-key", response: {} };
    vi.mocked(startRegistration).mockResolvedValue(credential as unknown as Registration);
    let passkeys: Passkey[] = [];
    const fetchMock = fakeApi({
      "/api/users/passkeys": () => jsonResponse({ state: "success", passkeys }),
      "/api/users/passkeys/register/options": jsonResponse({
        state: "success",
        options: { challenge: "xyz", rp: { name: "Folio" } },
      }),
      "/api/users/passkeys/register/verify": () => {
        passkeys = [LAPTOP];
        return jsonResponse({ state: "success", passkey: LAPTOP });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });
    expect(await screen.findByText("You have no passkeys yet.")).toBeVisible();

    await user.type(screen.getByLabelText("Passkey name (optional)"), " Work laptop ");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));

    expect(await screen.findByText("Passkey added. You can now sign in with it.")).toBeVisible();
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: "xyz", rp: { name: "Folio" } },
    });
    expect(sentBody(callsTo(fetchMock, "/api/users/passkeys/register/verify")[0]?.[1])).toEqual({
      response: credential,
      name: "Work laptop",
    });
    expect(await screen.findByRole("list", { name: "Your passkeys" })).toHaveTextContent(
      "Work laptop",
    );
    expect(screen.getByLabelText("Passkey name (optional)")).toHaveValue("");
  });

  it("adds a passkey with the current password when the server asks, sending it with both steps", async () => {
    const user = userEvent.setup();
    const credential = { id: "new", rawId: "new", type: "public-key", response: {} };
    vi.mocked(startRegistration).mockResolvedValue(credential as unknown as Registration);
    let passkeys: Passkey[] = [];
    let optionCalls = 0;
    const fetchMock = fakeApi({
      "/api/users/passkeys": () => jsonResponse({ state: "success", passkeys }),
      "/api/users/passkeys/register/options": () =>
        ++optionCalls === 1
          ? reauthRequired()
          : jsonResponse({ state: "success", options: { challenge: "xyz" } }),
      "/api/users/passkeys/register/verify": () => {
        passkeys = [LAPTOP];
        return jsonResponse({ state: "success", passkey: LAPTOP });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });
    expect(await screen.findByText("You have no passkeys yet.")).toBeVisible();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Passkey name (optional)"), "Work laptop");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));

    const field = await currentPasswordAsked();
    expect(startRegistration).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, "/api/users/passkeys/register/verify")).toHaveLength(0);

    await user.type(field, "engine42");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));

    expect(await screen.findByText("Passkey added. You can now sign in with it.")).toBeVisible();
    expect(startRegistration).toHaveBeenCalledTimes(1);
    expect(
      callsTo(fetchMock, "/api/users/passkeys/register/options").map(([, init]) => sentBody(init)),
    ).toEqual([{}, { currentPassword: "engine42" }]);
    expect(
      callsTo(fetchMock, "/api/users/passkeys/register/verify").map(([, init]) => sentBody(init)),
    ).toEqual([{ response: credential, name: "Work laptop", currentPassword: "engine42" }]);
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Your passkeys" })).toHaveTextContent(
      "Work laptop",
    );
  });

  it("says calmly that the device's prompt was closed", async () => {
    const user = userEvent.setup();
    vi.mocked(startRegistration).mockRejectedValue(
      Object.assign(new Error("not allowed"), { name: "NotAllowedError" }),
    );
    const fetchMock = fakeApi({
      "/api/users/passkeys": jsonResponse({ state: "success", passkeys: [] }),
      "/api/users/passkeys/register/options": jsonResponse({
        state: "success",
        options: { challenge: "xyz" },
      }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Add a passkey" }));

    expect(
      await screen.findByText("No passkey was added: the request was cancelled."),
    ).toHaveAttribute("role", "status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/users/passkeys/register/verify")).toHaveLength(0);
  });

  it("removes a passkey, with the current password when the server asks for it", async () => {
    const user = userEvent.setup();
    let passkeys = [LAPTOP, PHONE];
    let calls = 0;
    const fetchMock = fakeApi({
      "/api/users/passkeys": () => jsonResponse({ state: "success", passkeys }),
      "/api/users/passkeys/delete": () => {
        if (++calls === 1) {
          return reauthRequired();
        }
        passkeys = [LAPTOP];
        return jsonResponse({ state: "success", message: "The passkey has been removed." });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Remove passkey Phone" }));

    const field = await currentPasswordAsked();
    await user.type(field, "engine42");
    await user.click(screen.getByRole("button", { name: "Remove passkey Phone" }));

    expect(await screen.findByText("The passkey has been removed.")).toBeVisible();
    expect(
      callsTo(fetchMock, "/api/users/passkeys/delete").map(([, init]) => sentBody(init)),
    ).toEqual([{ id: "4" }, { id: "4", currentPassword: "engine42" }]);
    await waitFor(() =>
      expect(
        screen.queryByRole("button", { name: "Remove passkey Phone" }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
  });

  it("offers no new passkey where the browser cannot make one", async () => {
    vi.stubGlobal("PublicKeyCredential", undefined);
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/passkeys": jsonResponse({ state: "success", passkeys: [] }) }),
    );
    renderWithProviders(<PasskeysSection />, { session: { isLoggedIn: true } });
    expect(await screen.findByText("This browser cannot use passkeys.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Add a passkey" })).not.toBeInTheDocument();
  });
});
