import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { openEpub, type OpenedBook, type ReaderLocation } from "../epub-adapter";
import { EXPIRED_REDIRECT_MS, ReaderPage } from "./reader-page";

vi.mock("../epub-adapter", () => ({ openEpub: vi.fn() }));

const OLD_URL = "/api/content/12.epub?u=1&e=1&s=old";
const NEW_URL = "/api/content/12.epub?u=1&e=2&s=new";
const route = (url = OLD_URL) => `/reader?url=${encodeURIComponent(url)}&bookId=12`;

/** A stand-in for epubjs: turning a page moves a counter and reports the new place. */
function fakeBook() {
  let relocated: ((location: ReaderLocation) => void) | undefined;
  let page = 0;
  const report = () =>
    relocated?.({ cfi: `epubcfi(/6/4!/4/${page})`, atStart: page === 0, atEnd: false });
  const book: OpenedBook = {
    title: "Moby-Dick",
    toc: [{ id: "c1", label: "Chapter 1. Loomings", href: "chapter-1.xhtml", depth: 0 }],
    display: vi.fn(() => {
      report();
      return Promise.resolve();
    }),
    next: vi.fn(() => {
      page += 1;
      report();
      return Promise.resolve();
    }),
    prev: vi.fn(() => Promise.resolve()),
    setTheme: vi.fn(),
    setFontSize: vi.fn(),
    generateLocations: vi.fn(() => Promise.resolve()),
    percentageOf: vi.fn(() => page * 10),
    onRelocated: (listener) => {
      relocated = listener;
    },
    onKey: vi.fn(),
    onSwipe: vi.fn(),
    destroy: vi.fn(),
  };
  return book;
}

/** The address a fetch was called with, as the page wrote it (always a string here). */
const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

const epub = () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200 });
const problem = (status: number, code: string) =>
  jsonResponse({ state: "error", code, message: code }, status);
const noProgress = () =>
  jsonResponse({
    state: "success",
    bookId: "12",
    locator: null,
    percentage: null,
    updatedAt: null,
  });

function serve(answers: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = fakeApi({ "/api/reading/progress": noProgress, ...answers });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderReader(url?: string) {
  return renderWithProviders(<ReaderPage />, { route: route(url), session: { isLoggedIn: true } });
}

describe("ReaderPage", () => {
  let book: OpenedBook;

  beforeEach(() => {
    book = fakeBook();
    vi.mocked(openEpub).mockReset();
    vi.mocked(openEpub).mockResolvedValue(book);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the book, restores the saved place, turns pages and saves the place", async () => {
    const user = userEvent.setup();
    const fetchMock = serve({
      "/api/content/12.epub": epub,
      "/api/reading/progress": () =>
        jsonResponse({
          state: "success",
          bookId: "12",
          locator: "epubcfi(/6/8!/4/2)",
          percentage: 37,
          updatedAt: "2030-01-01T00:00:00.000Z",
        }),
    });
    renderReader();
    expect(screen.getByText("Loading the book")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { level: 1, name: "Moby-Dick" })).toBeVisible();
    expect(book.display).toHaveBeenCalledWith("epubcfi(/6/8!/4/2)");
    expect(screen.getByRole("progressbar", { name: "Reading progress" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(book.next).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("10%")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(book.next).toHaveBeenCalledTimes(2);
    expect(await screen.findByText("20%")).toBeInTheDocument();

    // Saved on the server about a second after the last turn.
    await waitFor(
      () => {
        const saves = fetchMock.mock.calls.filter(
          ([input, init]) =>
            requestUrl(input).pathname === "/api/reading/progress" && init?.method === "POST",
        );
        expect(sentBody(saves.at(-1)?.[1])).toEqual({
          bookId: "12",
          locator: "epubcfi(/6/4!/4/2)",
          percentage: 20,
        });
      },
      { timeout: 2500 },
    );
  });

  it("jumps through the table of contents and changes theme and font size", async () => {
    const user = userEvent.setup();
    serve({ "/api/content/12.epub": epub });
    renderReader();
    await screen.findByRole("heading", { level: 1, name: "Moby-Dick" });

    await user.click(screen.getByRole("button", { name: "Contents" }));
    await user.click(screen.getByRole("button", { name: "Chapter 1. Loomings" }));
    expect(book.display).toHaveBeenLastCalledWith("chapter-1.xhtml");
    expect(screen.queryByRole("navigation", { name: "Table of contents" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Dark" }));
    expect(book.setTheme).toHaveBeenLastCalledWith("dark");
    await user.click(screen.getByRole("button", { name: "Increase font size" }));
    expect(book.setFontSize).toHaveBeenLastCalledWith(110);
    expect(screen.getByText("110%")).toBeInTheDocument();
  });

  it("closes the contents on Escape from anywhere in the reader, the book's own frame too", async () => {
    const user = userEvent.setup();
    serve({ "/api/content/12.epub": epub });
    renderReader();
    await screen.findByRole("heading", { level: 1, name: "Moby-Dick" });
    const contents = screen.getByRole("button", { name: "Contents" });

    await user.click(contents);
    // Focus elsewhere in the reader's controls, not in the panel.
    await user.click(screen.getByRole("button", { name: "Increase font size" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("navigation", { name: "Table of contents" })).not.toBeInTheDocument();
    expect(contents).toHaveFocus();

    // Keys pressed in the book's iframe come through the adapter.
    await user.click(contents);
    const fromBook = vi.mocked(book.onKey).mock.calls.at(-1)![0];
    act(() => fromBook("Escape"));
    expect(screen.queryByRole("navigation", { name: "Table of contents" })).not.toBeInTheDocument();
    expect(contents).toHaveFocus();
  });

  it("renews an expired link once and reads with the fresh one", async () => {
    const api = fakeApi({
      "/api/reading/progress": noProgress,
      "/api/books/content": () =>
        jsonResponse({ state: "success", contentURL: NEW_URL, expiresAt: "2030-01-01" }),
    });
    // The old link has expired; the fresh one works.
    const fetchMock = vi.fn<typeof fetch>((input, init) =>
      urlOf(input) === OLD_URL
        ? Promise.resolve(problem(403, "CONTENT_LINK_EXPIRED"))
        : urlOf(input) === NEW_URL
          ? Promise.resolve(epub())
          : api(input, init),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderReader();
    expect(await screen.findByRole("heading", { level: 1, name: "Moby-Dick" })).toBeVisible();
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toEqual(
      expect.arrayContaining([OLD_URL, NEW_URL]),
    );
    // The address bar carries the fresh link, so a reload does not start from the dead one.
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(encodeURIComponent(NEW_URL)),
    );
  });

  it("says the session has expired when the fresh link fails too, then goes to login after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({
      "/api/content/12.epub": () => problem(403, "CONTENT_LINK_EXPIRED"),
      "/api/books/content": () =>
        jsonResponse({ state: "success", contentURL: NEW_URL, expiresAt: "2030-01-01" }),
    });
    renderReader();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your session has expired. Please login again",
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/reader");
    await act(() => vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_MS));
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it.each([
    [
      "a loan that has ended (400)",
      () => problem(400, "NOT_BORROWED"),
      "You need to borrow this book first before reading it",
    ],
    [
      "a server failure",
      () => problem(500, "INTERNAL"),
      "Unable to load e-book. Please try again later",
    ],
    [
      "no connection",
      () => Promise.reject(new TypeError("Failed to fetch")),
      "Network error. Please check your connection and try again",
    ],
  ])("explains %s", async (_case, answer, message) => {
    serve({ "/api/content/12.epub": answer });
    renderReader();
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(openEpub).not.toHaveBeenCalled();
  });

  it("does not fetch an address outside the content route", async () => {
    const fetchMock = serve({
      "/api/books/content": () =>
        jsonResponse({ state: "success", contentURL: NEW_URL, expiresAt: "2030-01-01" }),
      "/api/content/12.epub": epub,
    });
    renderReader("https://evil.example/book.epub");
    await screen.findByRole("heading", { level: 1, name: "Moby-Dick" });
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).not.toContain(
      "https://evil.example/book.epub",
    );
  });
});
