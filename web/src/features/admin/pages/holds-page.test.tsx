import type { AdminHoldQueue, AdminHoldQueues } from "@folio/contract/holds";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { callsTo, staffApi } from "../../../test/admin";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { HoldsPage } from "./holds-page";

function makeQueue(overrides: Partial<AdminHoldQueue> = {}): AdminHoldQueue {
  return {
    bookId: "7",
    title: "Moby-Dick",
    author: "Herman Melville",
    copies: 1,
    availableCopies: 0,
    waiting: 3,
    ready: 1,
    waitingPerCopy: 3,
    ...overrides,
  };
}

function makeQueues(
  queues: AdminHoldQueue[],
  overrides: Partial<AdminHoldQueues> = {},
): AdminHoldQueues {
  return { state: "success", queues, page: 1, pageSize: 20, total: queues.length, ...overrides };
}

/** The console's fetch, with `answer` for the queues, given the URL asked for. */
function renderHolds(answer: (url: URL) => Response, route = "/admin/holds") {
  const rest = staffApi();
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = requestUrl(input);
    return url.pathname === "/api/admin/holds" ? Promise.resolve(answer(url)) : rest(input, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<HoldsPage />, {
    route,
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

const lastQuery = (fetchMock: ReturnType<typeof renderHolds>) =>
  callsTo(fetchMock, "/api/admin/holds").at(-1)?.url.searchParams;

describe("the console's holds", () => {
  it("lists the queues as the server orders them, each book linking to its holds", async () => {
    const fetchMock = renderHolds(() =>
      jsonResponse(
        makeQueues([
          makeQueue(),
          makeQueue({
            bookId: "3",
            title: "Emma & Co",
            author: "Jane Austen",
            copies: 3,
            availableCopies: 0,
            waiting: 1,
            ready: 0,
            waitingPerCopy: 0.33,
          }),
        ]),
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Holds" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Book", "Copies", "Free", "Waiting", "Ready", "Waiting per copy"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first!).getByRole("link", { name: "Moby-Dick" })).toHaveAttribute(
      "href",
      "/admin/books?q=Moby-Dick&holds=7",
    );
    expect(first).toHaveTextContent("Herman Melville");
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "0", "3", "1", "3"]);
    expect(within(second!).getByRole("link", { name: "Emma & Co" })).toHaveAttribute(
      "href",
      "/admin/books?q=Emma+%26+Co&holds=3",
    );
    expect(within(second!).getAllByRole("cell").at(-1)).toHaveTextContent("0.33");
    expect(screen.getByText("Showing 1–2 of 2 books")).toBeInTheDocument();
    expect(lastQuery(fetchMock)?.get("page")).toBe("1");
    expect(lastQuery(fetchMock)?.get("pageSize")).toBe("20");
  });

  it("says so when no one is waiting", async () => {
    renderHolds(() => jsonResponse(makeQueues([])));
    expect(await screen.findByText("No one is waiting for a book.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says when the list cannot load, and tries again", async () => {
    let fail = true;
    const fetchMock = renderHolds(() =>
      fail
        ? jsonResponse({ state: "error", code: "INTERNAL", message: "Down." }, 503)
        : jsonResponse(makeQueues([makeQueue()])),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("This list could not be loaded.");
    fail = false;
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Moby-Dick" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/admin/holds")).toHaveLength(2);
  });

  it("pages through the queues, the page kept in the URL", async () => {
    const user = userEvent.setup();
    const fetchMock = renderHolds((url) => {
      const page = Number(url.searchParams.get("page") ?? "1");
      const queues = Array.from({ length: page === 3 ? 5 : 20 }, (_, i) =>
        makeQueue({ bookId: String(page * 100 + i), title: `Book ${page}-${i}` }),
      );
      return jsonResponse(makeQueues(queues, { page, total: 45 }));
    });
    expect(await screen.findByText("Showing 1–20 of 45 books")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Showing 41–45 of 45 books")).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetchMock)?.get("page")).toBe("3"));
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/holds?page=3");
  });
});
