import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useNavigate } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeSearchPage, requestUrl } from "../../../test/books";
import {
  FakeIntersectionObserver,
  installFakeIntersectionObserver,
} from "../../../test/intersection-observer";
import { renderWithProviders } from "../../../test/render";
import { SearchPage } from "./search-page";

describe("SearchPage", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  it("searches with the trimmed terms of the URL, page after page, until a short page", async () => {
    fetchMock.mockImplementation((input) => {
      const page = Number(requestUrl(input).searchParams.get("page"));
      return Promise.resolve(jsonResponse(makeSearchPage(page, page === 1 ? 10 : 2)));
    });
    renderWithProviders(<SearchPage />, { route: "/search?author=%20Austen%20&title=" });

    expect(await screen.findAllByRole("article")).toHaveLength(10);
    const firstUrl = requestUrl(fetchMock.mock.calls[0]?.[0]);
    expect(firstUrl.pathname).toBe("/api/books/search");
    expect(Object.fromEntries(firstUrl.searchParams)).toEqual({
      author: "Austen",
      page: "1",
      pageSize: "10",
    });
    expect(screen.getByLabelText("Author")).toHaveValue("Austen");

    act(() => FakeIntersectionObserver.intersectAll());
    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(12);
  });

  it("shows 'No data available' for no results", async () => {
    fetchMock.mockResolvedValue(jsonResponse(makeSearchPage(1, 0)));
    renderWithProviders(<SearchPage />, { route: "/search?title=zzzz" });
    expect(await screen.findByText("No data available")).toBeInTheDocument();
  });

  it("shows 'Search failed, please try again later' when the search fails", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    renderWithProviders(<SearchPage />, { route: "/search?title=moby" });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Search failed, please try again later",
    );
  });

  it("searches /search?q=… as the header's title search, and shows the title address", async () => {
    fetchMock.mockResolvedValue(jsonResponse(makeSearchPage(1, 3)));
    renderWithProviders(<SearchPage />, { route: "/search?q=%20moby%20&sort=rating" });
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(Object.fromEntries(requestUrl(fetchMock.mock.calls[0]?.[0]).searchParams)).toEqual({
      title: "moby",
      page: "1",
      pageSize: "10",
      sort: "rating",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("location")).toHaveTextContent("/search?title=moby&sort=rating");
    expect(screen.getByLabelText("Title")).toHaveValue("moby");
  });

  it("does not call the server without a search term", () => {
    renderWithProviders(<SearchPage />, { route: "/search?title=%20%20" });
    expect(screen.getByText("At least one search parameter is required")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

/** The app's Back button, for tests: the browser's is out of reach here. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

describe("SearchPage sort and filters", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    installFakeIntersectionObserver();
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(makeSearchPage(1, 3))));
    vi.stubGlobal("fetch", fetchMock);
  });

  /** The query of each search request so far. */
  function searches() {
    return fetchMock.mock.calls.map(([input]) =>
      Object.fromEntries(requestUrl(input).searchParams),
    );
  }

  function controls() {
    const group = screen.getByRole("group", { name: "Sort and filter" });
    return {
      sort: within(group).getByRole("combobox", { name: "Sort by" }),
      rating: within(group).getByRole("combobox", { name: "Rating" }),
      available: within(group).getByRole("checkbox", { name: "Available now" }),
    };
  }

  it("reads the sort and filters from the URL and sends them with the search", async () => {
    renderWithProviders(<SearchPage />, {
      route: "/search?title=moby&sort=rating&available=true&minRating=4",
    });
    expect(await screen.findAllByRole("article")).toHaveLength(3);
    expect(searches()).toEqual([
      {
        title: "moby",
        page: "1",
        pageSize: "10",
        sort: "rating",
        available: "true",
        minRating: "4",
      },
    ]);
    const { sort, rating, available } = controls();
    expect(sort).toHaveValue("rating");
    expect(rating).toHaveValue("4");
    expect(available).toBeChecked();
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Relevance", "Most borrowed", "Highest rated", "Newest", "Title A–Z"]);
    expect(
      within(rating)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any", "4★ & up", "3★ & up", "2★ & up"]);
  });

  it("puts each choice in the URL, asks again from page 1, and Back restores the one before", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SearchPage />
        <BackButton />
      </>,
      { route: "/search?title=moby" },
    );
    await screen.findAllByRole("article");

    await user.selectOptions(controls().sort, "Highest rated");
    expect(screen.getByTestId("location")).toHaveTextContent("/search?title=moby&sort=rating");
    await user.click(controls().available);
    expect(screen.getByTestId("location")).toHaveTextContent(
      "/search?title=moby&sort=rating&available=true",
    );
    await user.selectOptions(
      controls().rating,
      within(controls().rating).getByRole("option", { name: "3★ & up" }),
    );
    expect(screen.getByTestId("location")).toHaveTextContent(
      "/search?title=moby&sort=rating&available=true&minRating=3",
    );
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({
        title: "moby",
        page: "1",
        pageSize: "10",
        sort: "rating",
        available: "true",
        minRating: "3",
      }),
    );
    // Typing in the form survives a change of sort: the form stays as it is.
    await user.type(screen.getByLabelText("Author"), "Melv");
    await user.selectOptions(controls().sort, "Newest");
    expect(screen.getByLabelText("Author")).toHaveValue("Melv");

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByTestId("location")).toHaveTextContent(
      "/search?title=moby&sort=rating&available=true&minRating=3",
    );
    expect(controls().sort).toHaveValue("rating");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(controls().rating).toHaveValue("");
    expect(controls().available).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(controls().available).not.toBeChecked();
    expect(controls().sort).toHaveValue("rating");
    expect(screen.getByTestId("location")).toHaveTextContent("/search?title=moby&sort=rating");
  });

  it("leaves the defaults out of the URL and the request", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, {
      route: "/search?title=moby&sort=newest&available=true&minRating=2",
    });
    await screen.findAllByRole("article");

    await user.selectOptions(controls().sort, "Relevance");
    await user.selectOptions(controls().rating, "Any");
    await user.click(controls().available);

    expect(screen.getByTestId("location").textContent).toBe("/search?title=moby");
    await waitFor(() =>
      expect(searches().at(-1)).toEqual({ title: "moby", page: "1", pageSize: "10" }),
    );
  });

  it("reads a sort or rating it does not offer as the default", async () => {
    renderWithProviders(<SearchPage />, {
      route: "/search?title=moby&sort=cheapest&minRating=9&available=yes",
    });
    await screen.findAllByRole("article");
    expect(searches()).toEqual([{ title: "moby", page: "1", pageSize: "10" }]);
    expect(controls().sort).toHaveValue("relevance");
  });

  it("offers the corrected search, keeping the other fields, the sort and the filters", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          ...makeSearchPage(1, 0),
          didYouMean: "Pride and Prejudice",
          didYouMeanField: "title",
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SearchPage />, {
      route: "/search?title=pride+and+prejudise&author=austen&sort=rating",
    });

    const paragraph = await screen.findByText(/^Did you mean/);
    expect(paragraph).toHaveTextContent("Did you mean Pride and Prejudice?");
    const link = within(paragraph).getByRole("link", { name: "Pride and Prejudice" });
    expect(link).toHaveAttribute(
      "href",
      "/search?title=Pride+and+Prejudice&author=austen&sort=rating",
    );
    expect(screen.getByText("No data available")).toBeInTheDocument();

    await user.click(link);
    expect(screen.getByTestId("location")).toHaveTextContent(
      "/search?title=Pride+and+Prejudice&author=austen&sort=rating",
    );
    expect(screen.getByLabelText("Title")).toHaveValue("Pride and Prejudice");
  });

  it("shows an author's books under a sentence when the title found none, page after page", async () => {
    fetchMock.mockImplementation((input) => {
      const page = Number(requestUrl(input).searchParams.get("page"));
      const books = makeSearchPage(page, page === 1 ? 10 : 2);
      const fallback = { field: "author", names: ["Jane Austen"], moreNames: false };
      return Promise.resolve(
        jsonResponse({ ...makeSearchPage(page, 0), fallback: { ...fallback, ...books } }),
      );
    });
    renderWithProviders(<SearchPage />, { route: "/search?title=austen" });

    expect(
      await screen.findByText("No titles match 'austen'. Books by Jane Austen:"),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(10);
    expect(screen.queryByText("No data available")).not.toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    act(() => FakeIntersectionObserver.intersectAll());
    expect(await screen.findByText("No more books")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(12);
    expect(requestUrl(fetchMock.mock.calls[1]?.[0]).searchParams.get("title")).toBe("austen");
  });

  it("names the categories, or several authors and others, the title's words were found in", async () => {
    const answer = (fallback: object) =>
      jsonResponse({
        ...makeSearchPage(1, 0),
        fallback: { ...makeSearchPage(1, 2), ...fallback },
      });
    fetchMock.mockResolvedValueOnce(
      answer({ field: "category", names: ["Poetry"], moreNames: false }),
    );
    const { unmount } = renderWithProviders(<SearchPage />, { route: "/search?title=poetry" });
    expect(
      await screen.findByText("No titles match 'poetry'. Books in Poetry:"),
    ).toBeInTheDocument();
    unmount();

    fetchMock.mockResolvedValueOnce(
      answer({ field: "author", names: ["Henry James", "M. R. James"], moreNames: true }),
    );
    renderWithProviders(<SearchPage />, { route: "/search?title=james" });
    expect(
      await screen.findByText(
        "No titles match 'james'. Books by Henry James, M. R. James and others:",
      ),
    ).toBeInTheDocument();
  });

  it("corrects an author's name typed as a title to a search by author", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({
          ...makeSearchPage(1, 0),
          didYouMean: "Jane Austen",
          didYouMeanField: "author",
          fallback: {
            ...makeSearchPage(1, 3),
            field: "author",
            names: ["Jane Austen"],
            moreNames: false,
          },
        }),
      ),
    );
    renderWithProviders(<SearchPage />, { route: "/search?title=jane+austin&sort=rating" });
    const paragraph = await screen.findByText(/^Did you mean/);
    expect(within(paragraph).getByRole("link", { name: "Jane Austen" })).toHaveAttribute(
      "href",
      "/search?sort=rating&author=Jane+Austen",
    );
    expect(
      screen.getByText("No titles match 'jane austin'. Books by Jane Austen:"),
    ).toBeInTheDocument();
  });

  it("offers no correction when the server has none", async () => {
    renderWithProviders(<SearchPage />, { route: "/search?title=moby" });
    await screen.findAllByRole("article");
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });
});
