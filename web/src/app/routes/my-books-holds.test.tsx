import type { Hold } from "@folio/contract/holds";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { storedBalance } from "../../features/accounts/stored-account";
import { storedToken } from "../../lib/storage";
import { jsonResponse, makeBook } from "../../test/books";
import { makeHold, makeHoldList } from "../../test/holds";
import { makeBorrowResult } from "../../test/lists";
import { fakeLoanServer } from "../../test/loans";
import { renderWithProviders } from "../../test/render";
import { renderApp } from "../../test/render-app";
import { MyBooksPage } from "./my-books-page";

/** A time the reader's clock shows as Monday 14 January at 18:00, wherever it is. */
const READY_UNTIL = new Date(2030, 0, 14, 18, 0).toISOString();

const MOBY_READY = makeHold(1, {
  book: makeBook(1, { title: "Moby-Dick" }),
  status: "ready",
  readyUntil: READY_UNTIL,
});
const EMMA_WAITING = makeHold(2, {
  book: makeBook(2, { title: "Emma", author: "Jane Austen" }),
  position: 2,
  estimatedWaitDays: { low: 7, high: 14 },
  autoBorrow: true,
});
const DRACULA_CANCELLED = makeHold(3, {
  book: makeBook(3, { title: "Dracula", author: "Bram Stoker" }),
  status: "cancelled",
});
const ULYSSES_EXPIRED = makeHold(4, {
  book: makeBook(4, { title: "Ulysses", author: "James Joyce" }),
  status: "expired",
});

/**
 * My Books' calls with the holds API of one reader: cancelling closes a hold, borrowing a ready
 * one lends its book and closes it as borrowed; the list answers open holds first.
 */
function serveHolds(initial: Hold[], override: Record<string, () => Response> = {}) {
  let holds = [...initial];
  let updateRefusal: Response | null = null;
  const listed = () => {
    const open = holds.filter((hold) => hold.status === "ready" || hold.status === "waiting");
    return [...open, ...holds.filter((hold) => !open.includes(hold))];
  };
  const close = (holdId: string, status: Hold["status"]) => {
    holds = holds.map((hold) =>
      hold.holdId === holdId
        ? { ...hold, status, position: null, readyUntil: null, estimatedWaitDays: null }
        : hold,
    );
  };
  const server = fakeLoanServer({
    balance: 20,
    override: {
      "/api/holds/list": () => jsonResponse(makeHoldList(listed())),
      "/api/holds/cancel": () => {
        const { holdId } = server.calls.at(-1)?.body as { holdId: string };
        close(holdId, "cancelled");
        return jsonResponse({ state: "success" });
      },
      "/api/holds/update": () => {
        if (updateRefusal) return updateRefusal;
        const { holdId, autoBorrow } = server.calls.at(-1)?.body as {
          holdId: string;
          autoBorrow: boolean;
        };
        holds = holds.map((hold) => (hold.holdId === holdId ? { ...hold, autoBorrow } : hold));
        return jsonResponse({ state: "success", hold: holds.find((h) => h.holdId === holdId) });
      },
      "/api/holds/borrow": () => {
        const { holdId } = server.calls.at(-1)?.body as { holdId: string };
        const hold = holds.find((item) => item.holdId === holdId);
        close(holdId, "borrowed");
        return jsonResponse(makeBorrowResult([hold?.bookId ?? "1"], { balance: 15.01 }));
      },
      ...override,
    },
  });
  vi.stubGlobal("fetch", server.fetch);
  return Object.assign(server, {
    refuseUpdates: (answer: Response) => {
      updateRefusal = answer;
    },
  });
}

function renderHoldsTab() {
  renderWithProviders(<MyBooksPage />, {
    route: "/user/books?tab=holds",
    session: { isLoggedIn: true },
  });
}

const callsTo = (server: ReturnType<typeof fakeLoanServer>, path: string) =>
  server.calls.filter((call) => call.path === path);

describe("My Books › Holds", () => {
  it("lists open holds with their place, wait or keeping time, then the closed ones", async () => {
    serveHolds([MOBY_READY, EMMA_WAITING, DRACULA_CANCELLED, ULYSSES_EXPIRED]);
    renderHoldsTab();

    expect(screen.getByRole("tab", { name: "Holds" })).toHaveAttribute("aria-selected", "true");
    const ready = (await screen.findByRole("heading", { level: 2, name: "Moby-Dick" })).closest(
      "li",
    )!;
    expect(within(ready).getByRole("link", { name: "Moby-Dick" })).toHaveAttribute(
      "href",
      "/book/1",
    );
    expect(within(ready).getByRole("img", { name: "Cover of Moby-Dick" })).toBeInTheDocument();
    expect(ready).toHaveTextContent("Ready");
    expect(ready).toHaveTextContent(/Ready until Monday 14 January at 18:00/);
    expect(ready).toHaveTextContent("Borrow for me when it's my turnNo");
    expect(within(ready).getByRole("button", { name: "Borrow Moby-Dick" })).toBeInTheDocument();
    expect(
      within(ready).getByRole("button", { name: "Cancel hold on Moby-Dick" }),
    ).toBeInTheDocument();

    const waiting = screen.getByRole("heading", { level: 2, name: "Emma" }).closest("li")!;
    expect(waiting).toHaveTextContent("Jane Austen");
    expect(waiting).toHaveTextContent("Waiting");
    expect(waiting).toHaveTextContent("Place in queue2");
    expect(waiting).toHaveTextContent("Estimated waitabout 1–2 weeks");
    // A waiting hold's "Borrow it for me" is a control that shows its choice (issue 45).
    expect(
      within(waiting).getByRole("checkbox", { name: "Borrow it for me when it's my turn: Emma" }),
    ).toBeChecked();
    expect(waiting).toHaveTextContent("We will borrow it for you when it's your turn.");
    expect(within(waiting).queryByRole("button", { name: /^Borrow/ })).not.toBeInTheDocument();
    expect(screen.getByText("You have 2 open holds.")).toBeInTheDocument();

    const past = screen.getByRole("region", { name: "Past holds" });
    const rows = within(past).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByRole("heading").textContent)).toEqual([
      "Dracula",
      "Ulysses",
    ]);
    expect(rows[0]).toHaveTextContent("Cancelled");
    expect(rows[1]).toHaveTextContent("Expired");
    expect(within(past).queryByRole("button")).not.toBeInTheDocument();
  });

  it("cancels a hold only after a confirmation", async () => {
    const user = userEvent.setup();
    const server = serveHolds([MOBY_READY, EMMA_WAITING]);
    renderHoldsTab();

    await user.click(await screen.findByRole("button", { name: "Cancel hold on Emma" }));
    let dialog = screen.getByRole("dialog", { name: "Cancel hold" });
    expect(dialog).toHaveTextContent("Cancel your hold on “Emma”?");
    await user.click(within(dialog).getByRole("button", { name: "Keep hold" }));
    expect(callsTo(server, "/api/holds/cancel")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel hold on Moby-Dick" }));
    dialog = screen.getByRole("dialog", { name: "Cancel hold" });
    // A ready hold's copy goes to the next reader: the question says so.
    expect(dialog).toHaveTextContent("The copy kept for you passes to the next reader.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel hold" }));

    expect(await screen.findByText("Your hold on “Moby-Dick” is cancelled.")).toBeInTheDocument();
    expect(callsTo(server, "/api/holds/cancel")[0]?.body).toEqual({ holdId: "901" });
    await waitFor(() => expect(screen.getByText("You have 1 open hold.")).toHaveFocus());
    const past = screen.getByRole("region", { name: "Past holds" });
    expect(within(past).getByRole("heading", { name: "Moby-Dick" })).toBeInTheDocument();
  });

  it("borrows a ready hold's book, charged from the balance", async () => {
    const user = userEvent.setup();
    const server = serveHolds([MOBY_READY, EMMA_WAITING]);
    renderHoldsTab();

    await user.click(await screen.findByRole("button", { name: "Borrow Moby-Dick" }));
    const dialog = await screen.findByRole("dialog", { name: "Borrow successful" });
    expect(dialog).toHaveTextContent("You have borrowed Moby-Dick");
    expect(await screen.findByText("“Moby-Dick” is yours: enjoy reading.")).toBeInTheDocument();
    const [call] = callsTo(server, "/api/holds/borrow");
    expect(call?.body).toEqual({ holdId: "901" });
    expect(call?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(storedBalance.read()).toBe(15.01);

    // The list is asked for again: the hold is closed, as borrowed.
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    const past = await screen.findByRole("region", { name: "Past holds" });
    expect(within(past).getByRole("listitem")).toHaveTextContent("Borrowed");
  });

  it("changes 'Borrow it for me' on a waiting hold, and says why when it no longer can", async () => {
    const user = userEvent.setup();
    const server = serveHolds([MOBY_READY, EMMA_WAITING]);
    renderHoldsTab();
    const box = await screen.findByRole("checkbox", {
      name: "Borrow it for me when it's my turn: Emma",
    });
    // A ready hold keeps its copy already: it has no such control.
    const ready = screen.getByRole("heading", { level: 2, name: "Moby-Dick" }).closest("li")!;
    expect(within(ready).queryByRole("checkbox")).not.toBeInTheDocument();

    await user.click(box);
    expect(
      await screen.findByText(/When it's your turn for “Emma”, we keep a copy/),
    ).toBeInTheDocument();
    expect(callsTo(server, "/api/holds/update")[0]?.body).toEqual({
      holdId: EMMA_WAITING.holdId,
      autoBorrow: false,
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      "When it's your turn, we keep a copy for you for 48 hours.",
    );

    server.refuseUpdates(
      jsonResponse(
        {
          state: "error",
          code: "HOLD_NOT_WAITING",
          message: "Only a hold that is still waiting can change whether we borrow it for you.",
        },
        409,
      ),
    );
    await user.click(box);
    expect(
      await screen.findByRole("alertdialog", { name: "Unable to change the hold" }),
    ).toHaveTextContent(
      "Only a hold that is still waiting can change whether we borrow it for you.",
    );
    expect(box).not.toBeChecked();
  });

  it("sends a reader short of money from a ready hold to Top Up", async () => {
    const user = userEvent.setup();
    serveHolds([MOBY_READY], {
      "/api/holds/borrow": () =>
        jsonResponse(
          makeBorrowResult([], { state: "insufficient balance", balance: 1, newPayment: 3.99 }),
        ),
    });
    renderHoldsTab();
    await user.click(await screen.findByRole("button", { name: "Borrow Moby-Dick" }));
    const dialog = await screen.findByRole("dialog", { name: "Insufficient balance" });
    await user.click(within(dialog).getByRole("button", { name: "Top up" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=TopUp");
  });

  it("says when there are no holds, with the way to the catalogue", async () => {
    serveHolds([]);
    renderHoldsTab();
    expect(await screen.findByText(/You have no holds\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse books" })).toHaveAttribute("href", "/books");
  });

  it("says when the holds cannot be loaded, and tries again", async () => {
    const user = userEvent.setup();
    let failing = true;
    serveHolds([EMMA_WAITING], {
      "/api/holds/list": () =>
        failing
          ? new Response("Bad gateway", { status: 502 })
          : jsonResponse(makeHoldList([EMMA_WAITING])),
    });
    renderHoldsTab();
    const notice = await screen.findByText("Failed to get your holds, please try again later", {
      selector: ".page__notice p",
    });
    expect(notice).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Emma" })).toBeInTheDocument();
  });

  it("moves to the Holds tab from the keyboard, and keeps it in the URL", async () => {
    const user = userEvent.setup();
    serveHolds([EMMA_WAITING]);
    renderWithProviders(<MyBooksPage />, {
      route: "/user/books?tab=history",
      session: { isLoggedIn: true },
    });
    await user.click(screen.getByRole("tab", { name: "Borrowing History" }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Holds" })).toHaveFocus();
    expect(screen.getByTestId("location")).toHaveTextContent("/user/books?tab=holds");
    expect(await screen.findByRole("heading", { level: 2, name: "Emma" })).toBeInTheDocument();
  });

  it("opens on the Holds tab from the hold mails' link, /mybooks?tab=holds", async () => {
    serveHolds([EMMA_WAITING]);
    storedToken.write("token-1");
    renderApp("/mybooks?tab=holds");
    expect(await screen.findByRole("heading", { level: 2, name: "Emma" })).toBeInTheDocument();
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/user\/books\?tab=holds$/);
    expect(screen.getByRole("tab", { name: "Holds" })).toHaveAttribute("aria-selected", "true");
  });
});
