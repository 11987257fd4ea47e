import type { Hold } from "@folio/contract/holds";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/accounts";
import { jsonResponse, requestUrl } from "../../test/books";
import { makeHold, makeHoldList } from "../../test/holds";
import { renderWithProviders } from "../../test/render";
import { Header } from "./header";

function serveHolds(holds: () => Hold[]) {
  const fetchMock = fakeApi({
    "/api/holds/list": () => jsonResponse(makeHoldList(holds())),
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("the header's ready holds", () => {
  it("shows a member's ready hold, linking to My Books' Holds tab", async () => {
    serveHolds(() => [makeHold(1, { status: "ready" }), makeHold(2)]);
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    expect(await screen.findByRole("link", { name: "Hold ready" })).toHaveAttribute(
      "href",
      "/user/books?tab=holds",
    );
  });

  it("gives the bookmark a visible word beside it, which the link's name contains (issue 45)", async () => {
    serveHolds(() => [makeHold(1, { status: "ready" }), makeHold(2, { status: "ready" })]);
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    const link = await screen.findByRole("link", { name: "2 holds ready" });
    // header.css shows this word on the narrow header, where the full words are hidden.
    const word = within(link).getByText("Ready");
    expect(word).toHaveClass("holds-ready-link__short");
    expect("2 holds ready".toLowerCase()).toContain(word.textContent.toLowerCase());
  });

  it("counts several, in the header and in the phone's menu", async () => {
    const user = userEvent.setup();
    serveHolds(() => [makeHold(1, { status: "ready" }), makeHold(2, { status: "ready" })]);
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    expect(await screen.findByRole("link", { name: "2 holds ready" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Menu" }));
    const drawer = screen.getByRole("dialog", { name: "Menu" });
    expect(within(drawer).getByRole("link", { name: "2 holds ready" })).toHaveAttribute(
      "href",
      "/user/books?tab=holds",
    );
  });

  it("shows nothing while no hold is ready, and asks again when the reader comes back", async () => {
    let holds = [makeHold(1), makeHold(2, { status: "borrowed" })];
    const fetchMock = serveHolds(() => holds);
    renderWithProviders(<Header />, { session: { isLoggedIn: true } });
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => requestUrl(input).pathname === "/api/holds/list"),
      ).toBe(true),
    );
    await screen.findByRole("link", { name: "Cart, 0 books" });
    expect(screen.queryByRole("link", { name: /holds? ready/i })).not.toBeInTheDocument();

    // The hold became ready meanwhile (a copy came back); the reader returns to the tab.
    holds = [makeHold(1, { status: "ready" })];
    act(() => {
      window.dispatchEvent(new Event("visibilitychange"));
    });
    expect(await screen.findByRole("link", { name: "Hold ready" })).toBeInTheDocument();
  });

  it("asks nothing about holds for a visitor", () => {
    const fetchMock = serveHolds(() => [makeHold(1, { status: "ready" })]);
    renderWithProviders(<Header />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("link", { name: /holds? ready/i })).not.toBeInTheDocument();
  });
});
