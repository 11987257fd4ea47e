import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedToken } from "../../../../lib/storage";
import { fakeApi } from "../../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../../test/books";
import { renderWithProviders } from "../../../../test/render";
import { DataExportSection } from "./data-export-section";

/** jsdom has no object URLs, and a real click would try to navigate. */
function catchSavedFiles() {
  const created: Blob[] = [];
  class UrlWithObjects extends URL {
    static override createObjectURL(blob: Blob) {
      created.push(blob);
      return "blob:folio/export";
    }
    static override revokeObjectURL() {}
  }
  vi.stubGlobal("URL", UrlWithObjects);
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return { created, clicked };
}

describe("DataExportSection", () => {
  it("fetches the export with the token and saves it as a JSON file", async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const document = { exportedAt: "2026-11-22T10:00:00.000Z", profile: { name: "Ada" } };
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = fakeApi({
      "/api/users/export": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    vi.stubGlobal("fetch", fetchMock);
    storedToken.write("token-1");
    renderWithProviders(<DataExportSection />, { session: { isLoggedIn: true } });

    expect(screen.getByRole("heading", { level: 3, name: "Your data" })).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByRole("button", { name: "Preparing your data…" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    answer(
      new Response(JSON.stringify(document), {
        headers: {
          "Content-Type": "application/json",
          "Content-Disposition": 'attachment; filename="folio-data-2026-11-22.json"',
        },
      }),
    );

    expect(await screen.findByText("Your data is downloading.")).toBeVisible();
    const [call] = fetchMock.mock.calls.filter(
      ([input]) => requestUrl(input).pathname === "/api/users/export",
    );
    expect(new Headers(call?.[1]?.headers).get("Authorization")).toBe("Bearer token-1");
    expect(JSON.parse(await saved.created[0]!.text())).toEqual(document);
    expect(saved.clicked[0]?.download).toBe("folio-data-2026-11-22.json");
    expect(saved.clicked[0]?.href).toBe("blob:folio/export");
    expect(screen.getByRole("button", { name: "Download my data" })).toBeVisible();
  });

  it("shows the server's message when asked too often", async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/users/export": jsonResponse(
          {
            state: "error",
            code: "TOO_MANY_REQUESTS",
            message: "You have asked for your data too often. Please try again in an hour.",
          },
          429,
        ),
      }),
    );
    renderWithProviders(<DataExportSection />, { session: { isLoggedIn: true } });
    await user.click(screen.getByRole("button", { name: "Download my data" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have asked for your data too often. Please try again in an hour.",
    );
    expect(saved.created).toHaveLength(0);
  });

  it("says so when the server cannot be reached", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      fakeApi({ "/api/users/export": () => Promise.reject(new TypeError("Failed to fetch")) }),
    );
    renderWithProviders(<DataExportSection />, { session: { isLoggedIn: true } });
    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Unable to connect to server. Please check your network connection",
    );
  });
});
