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
import { TwoFactorSection } from "./two-factor-section";

const SECRET = "JBSWY3DPEHPK3PXP";
const OTPAUTH = `otpauth://totp/Folio:ada%40example.com?secret=${SECRET}&issuer=Folio`;
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(5, "0")}`);

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

const REAUTH_REQUIRED = reauthRequired();
const WRONG_PASSWORD = wrongCurrentPassword();

/** Answers each call with the next of `answers`, the last one for good. */
function inTurn(...answers: Response[]) {
  let calls = 0;
  return () => answers[Math.min(calls++, answers.length - 1)]!.clone();
}

describe("TwoFactorSection", () => {
  it("sets up two-factor sign-in: QR code, key, a first code, then the recovery codes once", async () => {
    const user = userEvent.setup();
    let enabled = false;
    const fetchMock = fakeApi({
      "/api/users/2fa": () =>
        jsonResponse({ state: "success", enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      "/api/users/2fa/setup": jsonResponse({
        state: "success",
        secret: SECRET,
        otpauthUrl: OTPAUTH,
      }),
      "/api/users/2fa/enable": () => {
        enabled = true;
        return jsonResponse({ state: "success", recoveryCodes: CODES });
      },
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "Two-factor sign-in" })).toBeVisible();
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));

    expect(
      await screen.findByRole("heading", { name: "Set up your authenticator app" }),
    ).toHaveFocus();
    const qr = await screen.findByRole("img", { name: /QR code for two-factor sign-in/ });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByLabelText("Secret key")).toHaveTextContent(SECRET);
    expect(screen.getByRole("link", { name: "open it in your authenticator app" })).toHaveAttribute(
      "href",
      OTPAUTH,
    );

    await user.type(screen.getByLabelText("Authentication code"), "12345");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Please enter the 6-digit code from your app.",
    );
    expect(callsTo(fetchMock, "/api/users/2fa/enable")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Authentication code"));
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));

    expect(await screen.findByRole("heading", { name: "Save your recovery codes" })).toHaveFocus();
    expect(sentBody(callsTo(fetchMock, "/api/users/2fa/enable")[0]?.[1])).toEqual({
      code: "123456",
    });
    const list = screen.getByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByText("These codes are shown only once.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Copy codes" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Download codes" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("list", { name: "Recovery codes" })).not.toBeInTheDocument();
    expect(await screen.findByText("10 recovery codes left.", { exact: false })).toBeVisible();
    expect(screen.getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();
  });

  it("copies the recovery codes", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
        "/api/users/2fa/setup": jsonResponse({
          state: "success",
          secret: SECRET,
          otpauthUrl: OTPAUTH,
        }),
        "/api/users/2fa/enable": jsonResponse({ state: "success", recoveryCodes: CODES }),
      }),
    );
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    await user.click(await screen.findByRole("button", { name: "Copy codes" }));

    expect(await screen.findByText("Recovery codes copied.")).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(CODES.join("\n"));
  });

  it("shows the server's message for a wrong first code and stays on the setup", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
        "/api/users/2fa/setup": jsonResponse({
          state: "success",
          secret: SECRET,
          otpauthUrl: OTPAUTH,
        }),
        "/api/users/2fa/enable": jsonResponse(
          {
            state: "error",
            code: "WRONG_CODE",
            message: "That code is not right. Please try again.",
            field: "code",
          },
          400,
        ),
      }),
    );
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));
    await user.type(await screen.findByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That code is not right. Please try again.",
    );
    expect(screen.getByLabelText("Authentication code")).toHaveFocus();
    expect(screen.getByLabelText("Secret key")).toBeVisible();
  });

  it("sets up two-factor with the current password when the server asks, sending it with the first code too", async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi({
      "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
      "/api/users/2fa/setup": inTurn(
        REAUTH_REQUIRED,
        WRONG_PASSWORD,
        jsonResponse({ state: "success", secret: SECRET, otpauthUrl: OTPAUTH }),
      ),
      "/api/users/2fa/enable": jsonResponse({ state: "success", recoveryCodes: CODES }),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });

    expect(await screen.findByText("Off.", { exact: false })).toBeVisible();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));

    const field = await currentPasswordAsked();
    expect(
      screen.queryByRole("heading", { name: "Set up your authenticator app" }),
    ).not.toBeInTheDocument();

    // A wrong one is said at the field, which takes focus again, emptied.
    await user.type(field, "engine41");
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("That is not your current password."),
    );
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();

    await user.type(field, "engine42{Enter}");
    expect(
      await screen.findByRole("heading", { name: "Set up your authenticator app" }),
    ).toHaveFocus();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/users/2fa/setup").map(([, init]) => sentBody(init))).toEqual([
      {},
      { currentPassword: "engine41" },
      { currentPassword: "engine42" },
    ]);

    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));
    expect(await screen.findByRole("heading", { name: "Save your recovery codes" })).toHaveFocus();
    expect(callsTo(fetchMock, "/api/users/2fa/enable").map(([, init]) => sentBody(init))).toEqual([
      { code: "123456", currentPassword: "engine42" },
    ]);
  });

  it("asks for the current password at the first code when the session has grown old meanwhile", async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi({
      "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
      "/api/users/2fa/setup": jsonResponse({
        state: "success",
        secret: SECRET,
        otpauthUrl: OTPAUTH,
      }),
      "/api/users/2fa/enable": inTurn(
        REAUTH_REQUIRED,
        jsonResponse({ state: "success", recoveryCodes: CODES }),
      ),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));
    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));

    const field = await currentPasswordAsked();
    // The code stays, for the same button to send again with the password.
    expect(screen.getByLabelText("Authentication code")).toHaveValue("123456");
    await user.type(field, "engine42");
    await user.click(screen.getByRole("button", { name: "Verify and turn on" }));

    expect(await screen.findByRole("heading", { name: "Save your recovery codes" })).toHaveFocus();
    expect(callsTo(fetchMock, "/api/users/2fa/setup").map(([, init]) => sentBody(init))).toEqual([
      {},
    ]);
    expect(callsTo(fetchMock, "/api/users/2fa/enable").map(([, init]) => sentBody(init))).toEqual([
      { code: "123456" },
      { code: "123456", currentPassword: "engine42" },
    ]);
  });

  it("forgets the current password when the setup is cancelled", async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi({
      "/api/users/2fa": jsonResponse({ state: "success", enabled: false, recoveryCodesLeft: 0 }),
      "/api/users/2fa/setup": inTurn(
        REAUTH_REQUIRED,
        jsonResponse({ state: "success", secret: SECRET, otpauthUrl: OTPAUTH }),
      ),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });
    await user.click(await screen.findByRole("button", { name: "Turn on two-factor sign-in" }));
    await user.type(await screen.findByLabelText("Current password"), "engine42{Enter}");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));

    expect(await screen.findByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));
    await screen.findByRole("heading", { name: "Set up your authenticator app" });
    expect(callsTo(fetchMock, "/api/users/2fa/setup").map(([, init]) => sentBody(init))).toEqual([
      {},
      { currentPassword: "engine42" },
      {},
    ]);
  });

  it("turns two-factor off, asking for the current password when the server wants it", async () => {
    const user = userEvent.setup();
    let enabled = true;
    const fetchMock = fakeApi({
      "/api/users/2fa": () =>
        jsonResponse({ state: "success", enabled, recoveryCodesLeft: enabled ? 2 : 0 }),
      "/api/users/2fa/disable": (() => {
        let calls = 0;
        return () => {
          if (++calls === 1) {
            return reauthRequired();
          }
          enabled = false;
          return jsonResponse({ state: "success", message: "Two-factor sign-in is now off." });
        };
      })(),
    });
    vi.stubGlobal("fetch", fetchMock);
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });

    expect(await screen.findByText("2 recovery codes left.", { exact: false })).toBeVisible();
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Turn off two-factor sign-in" }));

    const field = await currentPasswordAsked();
    await user.type(field, "engine42{Enter}");

    expect(await screen.findByText("Two-factor sign-in is now off.")).toBeVisible();
    expect(await screen.findByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
    expect(callsTo(fetchMock, "/api/users/2fa/disable").map(([, init]) => sentBody(init))).toEqual([
      {},
      { currentPassword: "engine42" },
    ]);
  });

  it("says when its state cannot be loaded, with Try again", async () => {
    vi.stubGlobal("fetch", fakeApi({ "/api/users/2fa": new Response("", { status: 502 }) }));
    renderWithProviders(<TwoFactorSection />, { session: { isLoggedIn: true } });
    expect(
      await screen.findByText("Failed to load your two-factor sign-in, please try again later"),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
