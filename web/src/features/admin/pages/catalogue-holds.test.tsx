import type { AdminBookHold, AdminBookHolds } from "@folio/contract/holds";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  callsTo,
  chooseRowAction,
  makeAdminBook,
  makeAdminBooks,
  makeCategory,
  READER_ID,
  staffApi,
} from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { CataloguePage } from "./catalogue-page";

// A book's holds, over the console's catalogue (GET /api/admin/holds/book).

function makeBookHold(overrides: Partial<AdminBookHold> = {}): AdminBookHold {
  return {
    holdId: "40",
    userId: READER_ID,
    readerName: "Grace Hopper",
    readerEmail: "grace@example.com",
    status: "waiting",
    position: 1,
    placedAt: "2026-11-20T12:00:00.000Z",
    readyUntil: null,
    closedAt: null,
    autoBorrow: false,
    ...overrides,
  };
}

function makeBookHolds(holds: AdminBookHold[]): AdminBookHolds {
  return {
    state: "success",
    book: {
      bookId: "1",
      title: "Moby-Dick",
      author: "Herman Melville",
      copies: 2,
      availableCopies: 0,
      waiting: holds.filter((hold) => hold.status === "waiting").length,
      ready: holds.filter((hold) => hold.status === "ready").length,
      waitingPerCopy: 0.5,
    },
    holds,
  };
}

const queue = makeBookHolds([
  makeBookHold({
    holdId: "41",
    userId: "1d1c1b1a-0000-4000-8000-000000000041",
    readerName: "Ada Lovelace",
    readerEmail: "ada@example.com",
    status: "ready",
    position: null,
    placedAt: "2026-11-18T12:00:00.000Z",
    readyUntil: "2026-11-24T12:00:00.000Z",
  }),
  makeBookHold({ autoBorrow: true }),
  makeBookHold({
    holdId: "39",
    userId: "1d1c1b1a-0000-4000-8000-000000000039",
    readerName: "Alan Turing",
    readerEmail: "alan@example.com",
    status: "expired",
    position: null,
    placedAt: "2026-11-01T12:00:00.000Z",
    closedAt: "2026-11-15T12:00:00.000Z",
  }),
]);

function renderCatalogue(holds: () => Response, route = "/admin/books") {
  const fetchMock = staffApi({
    "/api/admin/books": () => jsonResponse(makeAdminBooks([makeAdminBook(1), makeAdminBook(2)])),
    "/api/admin/categories": jsonResponse({ state: "success", categories: [makeCategory(1)] }),
    "/api/admin/holds/book": holds,
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<CataloguePage />, {
    route,
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

describe("a book's holds in the console", () => {
  it("opens from the book's row: ready holds, then the queue by place, then closed ones", async () => {
    const user = userEvent.setup();
    const fetchMock = renderCatalogue(() => jsonResponse(queue));
    await chooseRowAction(user, "Actions for Moby-Dick", "Holds");

    const dialog = await screen.findByRole("dialog", { name: "Holds of “Moby-Dick”" });
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/books?holds=1");
    const table = await within(dialog).findByRole("table");
    expect(callsTo(fetchMock, "/api/admin/holds/book")[0]?.url.searchParams.get("bookId")).toBe(
      "1",
    );
    const facts = within(dialog).getByText("Copies").closest("dl")!;
    expect(facts).toHaveTextContent(/Copies2/);
    expect(facts).toHaveTextContent(/Free0/);
    expect(facts).toHaveTextContent(/Waiting1/);
    expect(facts).toHaveTextContent(/Ready1/);
    expect(facts).toHaveTextContent(/Waiting per copy0\.5/);

    const [, ready, waiting, expired] = within(table).getAllByRole("row");
    expect(within(ready!).getByRole("link", { name: "Ada Lovelace" })).toHaveAttribute(
      "href",
      "/admin/readers/1d1c1b1a-0000-4000-8000-000000000041",
    );
    expect(ready).toHaveTextContent("ada@example.com");
    expect(ready).toHaveTextContent("Ready");
    const readyCells = within(ready!).getAllByRole("cell");
    expect(readyCells[1]).toHaveTextContent("—");
    expect(readyCells[2]).toHaveTextContent("24 November 2026");
    expect(readyCells[3]).toHaveTextContent("18 November 2026");
    expect(readyCells[4]).toHaveTextContent("No");

    expect(within(waiting!).getByRole("link", { name: "Grace Hopper" })).toHaveAttribute(
      "href",
      `/admin/readers/${READER_ID}`,
    );
    const waitingCells = within(waiting!).getAllByRole("cell");
    expect(waitingCells[0]).toHaveTextContent("Waiting");
    expect(waitingCells[1]).toHaveTextContent("1");
    expect(waitingCells[2]).toHaveTextContent("—");
    expect(waitingCells[4]).toHaveTextContent("Yes");

    const expiredCells = within(expired!).getAllByRole("cell");
    expect(expiredCells[0]).toHaveTextContent("Expired");
    expect(expiredCells[0]).toHaveTextContent("15 November 2026");
    expect(expiredCells[1]).toHaveTextContent("—");

    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/admin\/books$/);
  });

  it("opens from a link to the book (the holds screen's), and says when no one has a hold", async () => {
    const fetchMock = renderCatalogue(
      () => jsonResponse(makeBookHolds([])),
      "/admin/books?q=Moby-Dick&holds=1",
    );
    const dialog = await screen.findByRole("dialog", { name: "Holds of “Moby-Dick”" });
    expect(
      await within(dialog).findByText("No one has placed a hold on this book yet."),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/books").at(-1)?.url.searchParams.get("q")).toBe(
      "Moby-Dick",
    );
  });

  it("says why a book's holds could not be loaded", async () => {
    renderCatalogue(
      () =>
        jsonResponse(
          { state: "error", code: "BOOK_NOT_FOUND", message: "That book is not in the catalogue." },
          404,
        ),
      "/admin/books?holds=999",
    );
    const dialog = await screen.findByRole("dialog", { name: "Holds" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "That book is not in the catalogue.",
    );
  });
});
