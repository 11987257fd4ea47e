import type { WireId } from "@folio/contract/common";
import type { Book } from "@folio/contract/catalogue";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../test/accounts";
import { jsonResponse, makeBook, requestUrl } from "../../test/books";
import { makeHold } from "../../test/holds";
import { makeBorrowResult, makeCart } from "../../test/lists";
import { renderWithProviders } from "../../test/render";
import { MyCartPage } from "./my-cart-page";

const EMMA = makeBook(1, { title: "Emma" });
const DRACULA = makeBook(2, { title: "Dracula", availableCopies: 0 });
const ULYSSES = makeBook(3, { title: "Ulysses", availableCopies: 0 });

/**
 * A cart of Emma, Dracula and Ulysses whose borrow lends Emma and finds no copy of the other two;
 * placing a hold answers `place(bookId)`.
 */
function serveCart(place: (bookId: WireId) => Response) {
  let cart: Book[] = [EMMA, DRACULA, ULYSSES];
  const fetchMock = fakeApi({
    "/api/cart/get": () => jsonResponse(makeCart(cart)),
    "/api/borrow/borrow": () => {
      cart = [DRACULA, ULYSSES];
      return jsonResponse(makeBorrowResult([1], { LowStockBookIds: ["2", "3"] }));
    },
    "/api/holds/place": () => {
      const { bookId } = sentBody(fetchMock.mock.calls.at(-1)?.[1]) as { bookId: WireId };
      return place(bookId);
    },
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const placed = (bookId: WireId) =>
  jsonResponse({ state: "success", hold: makeHold(bookId, { position: 1 }) });

function holdRequests(fetchMock: ReturnType<typeof fakeApi>) {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).pathname === "/api/holds/place")
    .map(([, init]) => sentBody(init));
}

async function borrowTheCart() {
  const user = userEvent.setup();
  renderWithProviders(<MyCartPage />, { route: "/cart", session: { isLoggedIn: true } });
  await user.click(await screen.findByRole("button", { name: "Borrow" }));
  const offer = await screen.findByRole("region", { name: "No copy left" });
  return { user, offer };
}

describe("the cart's offer of holds when no copy is left", () => {
  it("places a hold on one of the books", async () => {
    const fetchMock = serveCart(placed);
    const { user, offer } = await borrowTheCart();
    expect(offer).toHaveTextContent("Every copy of these books is on loan.");
    expect(within(offer).queryByText("Emma")).not.toBeInTheDocument();

    await user.click(within(offer).getByRole("button", { name: "Place hold on Dracula" }));
    await waitFor(() =>
      expect(within(offer).getByRole("status")).toHaveTextContent(
        "Dracula: Hold placed: number 1 in the queue",
      ),
    );
    expect(holdRequests(fetchMock)).toEqual([{ bookId: "2", autoBorrow: false }]);
    expect(
      within(offer).queryByRole("button", { name: "Place hold on Dracula" }),
    ).not.toBeInTheDocument();
    // One book is left to hold, with its own button.
    expect(
      within(offer).queryByRole("button", { name: "Place holds on all" }),
    ).not.toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "Place hold on Ulysses" })).toBeVisible();
  });

  it("places holds on all of them, and shows which the server refused and why", async () => {
    const fetchMock = serveCart((bookId) =>
      bookId === "3"
        ? jsonResponse(
            {
              state: "error",
              code: "HOLD_LIMIT",
              message: "You already have 5 open holds. Cancel one to place another.",
            },
            409,
          )
        : placed(bookId),
    );
    const { user, offer } = await borrowTheCart();

    await user.click(
      within(offer).getByRole("checkbox", { name: "Borrow them for me when it's my turn" }),
    );
    await user.click(within(offer).getByRole("button", { name: "Place holds on all" }));

    await waitFor(() =>
      expect(within(offer).getByRole("status")).toHaveTextContent("1 hold placed, 1 refused."),
    );
    expect(holdRequests(fetchMock)).toEqual([
      { bookId: "2", autoBorrow: true },
      { bookId: "3", autoBorrow: true },
    ]);
    const [dracula, ulysses] = within(offer).getAllByRole("listitem");
    expect(dracula).toHaveTextContent("Hold placed: number 1 in the queue");
    expect(ulysses).toHaveTextContent(
      "You already have 5 open holds. Cancel one to place another.",
    );
    // The refused one can be tried again.
    expect(within(ulysses!).getByRole("button", { name: "Place hold on Ulysses" })).toBeVisible();
  });
});
