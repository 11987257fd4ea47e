import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBookPage, requestUrl } from "../../../test/books";
import {
  FakeIntersectionObserver,
  installFakeIntersectionObserver,
} from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { PopularBooks } from "./popular-books";

function requestedPage(call: Parameters<typeof fetch>): string | null {
  return requestUrl(call[0]).searchParams.get("page");
}

describe("PopularBooks (infinite scroll)", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it("loads the next page when the sentinel comes within 100 px of view, then shows the end", async () => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      expect(url.pathname).toBe("/api/books/popular");
      expect(url.searchParams.get("pageSize")).toBe("10");
      return Promise.resolve(
        jsonResponse(
          url.searchParams.get("page") === "1" ? makeBookPage(1, 10) : makeBookPage(2, 4),
        ),
      );
    });
    renderWithProviders(<PopularBooks />);

    expect(await screen.findAllByRole("article")).toHaveLength(10);
    expect(screen.queryByText("No more books")).not.toBeInTheDocument();
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.options?.rootMargin).toBe("0px 0px 100px 0px");

    act(() => FakeIntersectionObserver.intersectAll());

    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(14);
    expect(fetchMock.mock.calls.map(requestedPage)).toEqual(["1", "2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("offers a Load more button for keyboard users", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((input) => {
      const page = Number(requestUrl(input).searchParams.get("page"));
      return Promise.resolve(jsonResponse(makeBookPage(page, page < 3 ? 10 : 1)));
    });
    renderWithProviders(<PopularBooks />);

    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findAllByRole("article")).toHaveLength(20);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(21);
  });

  it("shows each book's title, author, price and rating", async () => {
    fetchMock.mockResolvedValue(jsonResponse(makeBookPage(1, 1)));
    renderWithProviders(<PopularBooks />);
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("link", { name: "Moby-Dick (1)" })).toHaveAttribute(
      "href",
      "/book/1",
    );
    expect(card).toHaveTextContent("Herman Melville");
    expect(card).toHaveTextContent("£4.99");
    expect(within(card).getByRole("img", { name: "Rated 4.2 out of 5" })).toBeInTheDocument();
  });

  it("shows the spec's message when the first page fails", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ state: "error", code: "INTERNAL", message: "Something broke" }, 500),
    );
    renderWithProviders(<PopularBooks />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to get book list, please try again later",
    );
  });

  it("keeps the loaded books and offers a retry when a later page fails", async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(jsonResponse(makeBookPage(1, 10)))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(jsonResponse(makeBookPage(2, 3)));
    renderWithProviders(<PopularBooks />);
    await screen.findAllByRole("article");

    act(() => FakeIntersectionObserver.intersectAll());

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load more results, please try again later",
    );
    expect(screen.getAllByRole("article")).toHaveLength(10);

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(13);
  });

  it("says so when there are no books", async () => {
    fetchMock.mockResolvedValue(jsonResponse(makeBookPage(1, 0)));
    renderWithProviders(<PopularBooks />);
    expect(await screen.findByText("No data available")).toBeInTheDocument();
  });
});
