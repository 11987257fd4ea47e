import type { Hold } from "@folio/contract/holds";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../test/accounts";
import { jsonResponse, requestUrl } from "../../test/books";
import { makeHold, makeHoldList } from "../../test/holds";
import { makeBorrowResult, makeWishlist } from "../../test/lists";
import { makeBookDetail, makeLoanList } from "../../test/loans";
import { renderWithProviders } from "../../test/render";
import { BookDetailPage } from "./book-detail-page";

type Answer = () => Response | Promise<Response>;

/** Every copy of book 1 is lent; three readers queue for it. */
const ALL_LENT = {
  title: "Moby-Dick",
  availableCopies: 0,
  totalCopies: 2,
  holdsWaiting: 3,
  estimatedWaitDays: { low: 14, high: 21 },
};

/** A time the reader's clock shows as Monday 14 January at 18:00, wherever it is. */
const READY_UNTIL = new Date(2030, 0, 14, 18, 0).toISOString();

/**
 * The book page's calls for a reader, with the holds API of one reader: `hold` is their open
 * hold on book 1, which placing, cancelling and borrowing change as the server would.
 */
function serveHolds(options: { hold?: Hold | null; answers?: Record<string, Answer> } = {}) {
  let hold = options.hold ?? null;
  let lent = false;
  const fetchMock = fakeApi({
    "/api/books/get": () =>
      jsonResponse(
        makeBookDetail(1, {
          ...ALL_LENT,
          holdsWaiting: ALL_LENT.holdsWaiting + (hold?.status === "waiting" ? 1 : 0),
          myHold: hold,
        }),
      ),
    "/api/borrow/borrowlist": () => jsonResponse(makeLoanList([])),
    "/api/wishlist/get": () => jsonResponse(makeWishlist([])),
    "/api/holds/list": () => jsonResponse(makeHoldList(hold ? [hold] : [])),
    "/api/holds/place": () => {
      const { autoBorrow } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { autoBorrow: boolean };
      hold = makeHold(1, { position: 4, autoBorrow, estimatedWaitDays: { low: 21, high: 28 } });
      return jsonResponse({ state: "success", hold });
    },
    "/api/holds/update": () => {
      const { autoBorrow } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { autoBorrow: boolean };
      hold = hold && { ...hold, autoBorrow };
      return jsonResponse({ state: "success", hold });
    },
    "/api/holds/cancel": () => {
      hold = null;
      return jsonResponse({ state: "success" });
    },
    "/api/holds/borrow": () => {
      hold = null;
      lent = true;
      return jsonResponse(makeBorrowResult([1], { balance: 15.01 }));
    },
    ...options.answers,
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, lent: () => lent };
}

function callsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === path);
}

function renderBookPage(isLoggedIn = true) {
  return renderWithProviders(<BookDetailPage />, {
    route: "/book/1",
    path: "/book/:id",
    session: { isLoggedIn },
  });
}

const panel = () => screen.getByRole("region", { name: /Join the queue|Your hold/ });

describe("holds on the book page", () => {
  it("offers a visitor Place hold with the queue and its wait, which asks them to log in", async () => {
    const user = userEvent.setup();
    serveHolds();
    renderBookPage(false);

    const place = await screen.findByRole("button", { name: "Place hold" });
    expect(screen.queryByRole("button", { name: "Borrow" })).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent("3 readers waiting");
    expect(panel()).toHaveTextContent("Estimated wait: about 2–3 weeks");
    // The choice to borrow at once is a member's.
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    await user.click(place);
    const dialog = screen.getByRole("dialog", { name: "Login required" });
    expect(dialog).toHaveTextContent("Please login first");
    await user.click(within(dialog).getByRole("button", { name: "Login" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("says no one is waiting yet for a book without a queue", async () => {
    serveHolds({
      answers: {
        "/api/books/get": () =>
          jsonResponse(makeBookDetail(1, { ...ALL_LENT, holdsWaiting: 0, myHold: null })),
      },
    });
    renderBookPage();
    await screen.findByRole("button", { name: "Place hold" });
    expect(panel()).toHaveTextContent("No one is waiting yet");
  });

  it("places a hold that borrows for the reader, then shows their place in the queue", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds();
    renderBookPage();

    const addToCart = await screen.findByRole("button", { name: "Add to cart" });
    expect(addToCart).toHaveAccessibleDescription("All copies are on loan right now.");
    const autoBorrow = screen.getByRole("checkbox", { name: "Borrow it for me when it's my turn" });
    expect(autoBorrow).toHaveAccessibleDescription(/charge £4\.99 from your balance/);
    await user.click(autoBorrow);
    await user.click(screen.getByRole("button", { name: "Place hold" }));

    await waitFor(() =>
      expect(within(panel()).getByRole("status")).toHaveTextContent(
        "Hold placed. You are number 4 in the queue.",
      ),
    );
    const [call] = callsTo(fetchMock, "/api/holds/place");
    expect(sentBody(call?.[1])).toEqual({ bookId: "1", autoBorrow: true });
    expect(panel()).toHaveTextContent("You are number 4 in the queue.");
    expect(panel()).toHaveTextContent("Estimated wait: about 3–4 weeks");
    expect(panel()).toHaveTextContent("We will borrow it for you when it's your turn.");
    expect(screen.queryByRole("button", { name: "Place hold" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel hold" })).toBeInTheDocument();
    // Focus does not fall to the page with the button that went: it is on the panel's heading.
    expect(screen.getByRole("heading", { name: "Your hold" })).toHaveFocus();
    // The book is asked for again: its queue grew.
    await waitFor(() => expect(callsTo(fetchMock, "/api/books/get").length).toBeGreaterThan(1));
  });

  it("shows the server's reason when a hold is refused, and asks for the book again", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds({
      answers: {
        "/api/holds/place": () =>
          jsonResponse(
            {
              state: "error",
              code: "HOLD_LIMIT",
              message: "You already have 5 open holds. Cancel one to place another.",
            },
            409,
          ),
      },
    });
    renderBookPage();
    await user.click(await screen.findByRole("button", { name: "Place hold" }));
    expect(
      await screen.findByRole("alertdialog", { name: "Unable to place hold" }),
    ).toHaveTextContent("You already have 5 open holds. Cancel one to place another.");
    expect(screen.getByRole("button", { name: "Place hold" })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, "/api/books/get")).toHaveLength(2));
  });

  it("shows a waiting reader their place, and cancels the hold after a confirmation", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds({ hold: makeHold(1, { position: 2 }) });
    renderBookPage();

    expect(await screen.findByText("You are number 2 in the queue.")).toBeInTheDocument();
    expect(panel()).toHaveTextContent("Estimated wait: about 1–2 weeks");
    expect(panel()).toHaveTextContent("When it's your turn, we keep a copy for you for 48 hours.");
    expect(screen.queryByRole("button", { name: "Borrow" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cancel hold" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel hold" });
    expect(dialog).toHaveTextContent("Cancel your hold on “Moby-Dick”?");
    // Keeping it asks nothing of the server.
    await user.click(within(dialog).getByRole("button", { name: "Keep hold" }));
    expect(callsTo(fetchMock, "/api/holds/cancel")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel hold" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Cancel hold" })).getByRole("button", {
        name: "Cancel hold",
      }),
    );
    expect(await screen.findByRole("button", { name: "Place hold" })).toBeInTheDocument();
    expect(sentBody(callsTo(fetchMock, "/api/holds/cancel")[0]?.[1])).toEqual({ holdId: "901" });
    expect(within(panel()).getByRole("status")).toHaveTextContent(
      "Your hold on “Moby-Dick” is cancelled.",
    );
    expect(screen.getByRole("heading", { name: "Join the queue" })).toHaveFocus();
  });

  it("lets a reader whose hold is ready borrow the kept copy", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds({
      hold: makeHold(1, { status: "ready", readyUntil: READY_UNTIL }),
    });
    renderBookPage();

    expect(await screen.findByText("Your hold is ready.")).toBeInTheDocument();
    expect(panel()).toHaveTextContent(
      /Kept for you until Monday 14 January at 18:00\. Borrow it before then\./,
    );
    // The free copies leave out the one kept for the reader, which is shown beside them.
    expect(screen.getByText("0/2")).toBeInTheDocument();
    expect(screen.getByText("1 kept for you")).toBeInTheDocument();
    // The copy is the reader's: nothing stands in the way of Borrow, in the hold's panel, or
    // of Add to cart.
    const borrow = within(panel()).getByRole("button", { name: "Borrow" });
    expect(borrow).toHaveClass("button--primary");
    expect(screen.getAllByRole("button", { name: "Borrow" })).toHaveLength(1);
    expect(borrow).not.toHaveAttribute("aria-disabled");
    expect(screen.getByRole("button", { name: "Add to cart" })).not.toHaveAttribute(
      "aria-disabled",
    );
    expect(screen.getByRole("button", { name: "Cancel hold" })).toBeInTheDocument();

    await user.click(borrow);
    const dialog = await screen.findByRole("dialog", { name: "Borrow successful" });
    expect(dialog).toHaveTextContent("You have borrowed Moby-Dick");
    const [call] = callsTo(fetchMock, "/api/holds/borrow");
    expect(sentBody(call?.[1])).toEqual({ holdId: "901" });
    expect(new Headers(call?.[1]?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(callsTo(fetchMock, "/api/borrow/borrow")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Already Borrowed" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your hold" })).not.toBeInTheDocument();
  });

  it("changes 'Borrow it for me' on a waiting hold from its panel", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds({ hold: makeHold(1, { position: 2 }) });
    renderBookPage();
    const box = await screen.findByRole("checkbox", { name: "Borrow it for me when it's my turn" });
    expect(box).not.toBeChecked();
    expect(screen.queryByText("1 kept for you")).not.toBeInTheDocument();
    await user.click(box);
    await waitFor(() =>
      expect(within(panel()).getByRole("status")).toHaveTextContent(
        "We will borrow it for you when it's your turn.",
      ),
    );
    expect(sentBody(callsTo(fetchMock, "/api/holds/update")[0]?.[1])).toEqual({
      holdId: "901",
      autoBorrow: true,
    });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription("We will borrow it for you when it's your turn.");
  });

  it("offers a top-up when the balance cannot pay for a ready hold's book", async () => {
    const user = userEvent.setup();
    serveHolds({
      hold: makeHold(1, { status: "ready", readyUntil: READY_UNTIL }),
      answers: {
        "/api/holds/borrow": () =>
          jsonResponse(
            makeBorrowResult([], { state: "insufficient balance", balance: 0.5, newPayment: 4.49 }),
          ),
      },
    });
    renderBookPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    const dialog = await screen.findByRole("dialog", { name: "Insufficient balance" });
    expect(dialog).toHaveTextContent("You need to top up £4.49 to borrow this book");
    await user.click(within(dialog).getByRole("button", { name: "Top up" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/user/profile?view=TopUp");
  });

  it("says why a ready hold could not be borrowed, in the server's words", async () => {
    const user = userEvent.setup();
    const { fetchMock } = serveHolds({
      hold: makeHold(1, { status: "ready", readyUntil: READY_UNTIL }),
      answers: {
        "/api/holds/borrow": () =>
          jsonResponse(
            { state: "error", code: "HOLD_CLOSED", message: "This hold is no longer open." },
            409,
          ),
      },
    });
    renderBookPage();
    await user.click(await screen.findByRole("button", { name: "Borrow" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent(
      "This hold is no longer open.",
    );
    // The book and the hold are asked for again: the hold may have lapsed meanwhile.
    await waitFor(() => expect(callsTo(fetchMock, "/api/books/get")).toHaveLength(2));
  });

  it("finds the reader's hold in their list when the book was fetched before they logged in", async () => {
    serveHolds({
      hold: makeHold(1, { position: 1 }),
      answers: {
        // No token went with the request, so the answer says nothing of the reader's hold.
        "/api/books/get": () => {
          const { myHold: _mine, ...book } = makeBookDetail(1, ALL_LENT);
          return jsonResponse(book);
        },
      },
    });
    renderBookPage();
    expect(await screen.findByText("You are number 1 in the queue.")).toBeInTheDocument();
  });
});
