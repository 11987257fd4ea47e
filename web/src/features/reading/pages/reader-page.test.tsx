import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { EXPIRED_REDIRECT_MS } from "../components/read-failure-notice";
import { SAVE_DELAY_MS } from "../hooks/use-progress-saver";
import { PREFERENCES_SAVE_DELAY_MS } from "../hooks/use-reader-preferences";
import { openPublication } from "../readium-adapter";
import {
  chapterFrame,
  fakeBook,
  POSITIONS,
  selectInFrame,
  type FakeBook,
} from "../test-publication";
import { ReaderPage } from "./reader-page";

vi.mock("../readium-adapter", () => ({ openPublication: vi.fn() }));

const MANIFEST = "/api/publications/12/grant-1/manifest.json";
const ROUTE = `/reader?url=${encodeURIComponent("/api/content/12.epub?u=1&e=2&s=abc")}&bookId=12`;

const problem = (status: number, code: string, message = code) =>
  jsonResponse({ state: "error", code, message }, status);
const link = (manifestURL = MANIFEST) =>
  jsonResponse({
    state: "success",
    manifestURL,
    expiresAt: "2030-01-01T00:00:00.000Z",
    dueAt: "2030-01-01T00:00:00.000Z",
  });
const progress = (locator: string | null, percentage: number | null) => () =>
  jsonResponse({
    state: "success",
    bookId: "12",
    locator,
    percentage,
    updatedAt: locator ? "2030-01-01T00:00:00.000Z" : null,
  });
const noAnnotations = () => jsonResponse({ state: "success", annotations: [] });
const noPreferences = () => jsonResponse({ state: "success", preferences: null, updatedAt: null });

type Answers = Parameters<typeof fakeApi>[0];

function serve(answers: Answers = {}) {
  const api = fakeApi({
    "/api/reading/publication": () => link(),
    "/api/reading/progress": progress(null, null),
    "/api/reading/annotations": noAnnotations,
    "/api/reading/preferences": noPreferences,
    ...answers,
  });
  let made = 0;
  // A new annotation comes back as the server keeps it: the body sent, with an id.
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    if (requestUrl(input).pathname === "/api/reading/annotations" && init?.method === "POST") {
      made += 1;
      const body = sentBody(init) as Record<string, unknown>;
      return Promise.resolve(
        jsonResponse({
          state: "success",
          annotation: {
            id: String(100 + made),
            text: null,
            note: null,
            color: null,
            createdAt: "2030-01-01T00:00:00.000Z",
            updatedAt: "2030-01-01T00:00:00.000Z",
            ...body,
          },
        }),
      );
    }
    return api(input, init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The bodies the page POSTed to `path`, in order. */
function posts(fetchMock: ReturnType<typeof serve>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input).pathname === path && init?.method === "POST")
    .map(([, init]) => sentBody(init));
}

function renderReader(props: Parameters<typeof ReaderPage>[0] = {}) {
  return renderWithProviders(<ReaderPage {...props} />, {
    route: ROUTE,
    session: { isLoggedIn: true },
  });
}

/** The bottom bar's "Page N of M · P%" (the announcement says "Page N of M, chapter"). */
const pageLabel = () => screen.getByText(/^Page \d+ of \d+ · /);

async function opened() {
  await waitFor(() => expect(screen.getByRole("button", { name: "Contents" })).toBeEnabled());
}

describe("ReaderPage", () => {
  let book: FakeBook;

  beforeEach(() => {
    book = fakeBook();
    vi.mocked(openPublication).mockReset();
    vi.mocked(openPublication).mockResolvedValue(book.publication);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the book from its publication link, with its place known at once", async () => {
    const fetchMock = serve();
    const { container } = renderReader();
    expect(screen.getByText("Loading the book…")).toBeInTheDocument();
    // Nothing stands in for the page while it is not yet measured: no "Page 1 of 1" flashes.
    expect(container.querySelector(".reader-progress__page")).toHaveTextContent(/^$/);
    await opened();
    expect(screen.getByRole("heading", { level: 1, name: "Moby-Dick" })).toBeInTheDocument();
    expect(openPublication).toHaveBeenCalledWith(MANIFEST, expect.any(AbortSignal));
    expect(posts(fetchMock, "/api/reading/publication")).toEqual([{ bookId: "12" }]);
    // The page counts the screens of the chapter on show: the title page is one.
    expect(pageLabel()).toHaveTextContent("Page 1 of 1 · 0%");
    expect(book.rendered()?.start).toBeUndefined();
    // Opening is not reading: nothing is saved until the first turn.
    expect(posts(fetchMock, "/api/reading/progress")).toEqual([]);
  });

  it("comes back to the saved place", async () => {
    const saved = JSON.stringify({
      href: "ch2.xhtml",
      type: "application/xhtml+xml",
      locations: { progression: 0.45, position: 8, totalProgression: 0.7 },
    });
    serve({ "/api/reading/progress": progress(saved, 70) });
    renderReader();
    await opened();
    expect(book.rendered()?.start).toMatchObject({
      href: "ch2.xhtml",
      locations: { progression: 0.45, position: 8 },
    });
    // The third of chapter 2's five screens, 70% through the book.
    expect(pageLabel()).toHaveTextContent("Page 3 of 5 · 70%");
  });

  it("opens a place saved by the old reader near its percentage", async () => {
    serve({ "/api/reading/progress": progress("epubcfi(/6/8!/4/2)", 42) });
    renderReader();
    await opened();
    expect(book.rendered()?.start).toEqual(POSITIONS[4]);
    expect(pageLabel()).toHaveTextContent("Page 4 of 4 · 40%");
  });

  it("turns pages with keys and saves the place a second after the last turn", async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    renderReader();
    await opened();
    await user.keyboard("{ArrowRight}");
    expect(book.view.next).toHaveBeenCalledTimes(1);
    await user.keyboard("{PageDown}");
    await user.keyboard(" ");
    expect(book.view.next).toHaveBeenCalledTimes(3);
    expect(pageLabel()).toHaveTextContent("Page 3 of 4 · 30%");
    await user.keyboard("{ArrowLeft}");
    expect(book.view.prev).toHaveBeenCalledTimes(1);
    expect(posts(fetchMock, "/api/reading/progress")).toEqual([]);

    await waitFor(() => expect(posts(fetchMock, "/api/reading/progress")).toHaveLength(1), {
      timeout: SAVE_DELAY_MS + 1500,
    });
    const [saved] = posts(fetchMock, "/api/reading/progress") as {
      bookId: string;
      locator: string;
      percentage: number;
    }[];
    expect(saved).toMatchObject({ bookId: "12", percentage: 20 });
    expect(JSON.parse(saved!.locator)).toEqual({
      href: "ch1.xhtml",
      type: "application/xhtml+xml",
      locations: { progression: 0.25, position: 3, totalProgression: 0.2 },
    });
  });

  it("reads a finished book as 100% on its last page, and saves it so", async () => {
    const user = userEvent.setup();
    const saved = JSON.stringify({
      href: "ch2.xhtml",
      type: "application/xhtml+xml",
      locations: { progression: 0.6, position: 9, totalProgression: 0.8 },
    });
    const fetchMock = serve({ "/api/reading/progress": progress(saved, 80) });
    renderReader();
    await opened();
    expect(pageLabel()).toHaveTextContent("Page 4 of 5 · 80%");
    await user.keyboard("{ArrowRight}");
    // The last screen starts in the last position (90% of the way), and shows the book's end.
    expect(pageLabel()).toHaveTextContent("Page 5 of 5 · 100%");
    window.dispatchEvent(new Event("pagehide"));
    await waitFor(() => expect(posts(fetchMock, "/api/reading/progress")).toHaveLength(1));
    expect(posts(fetchMock, "/api/reading/progress")[0]).toMatchObject({ percentage: 100 });
  });

  it("saves the place at once when the page is hidden", async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    renderReader();
    await opened();
    await user.keyboard("{ArrowRight}");
    window.dispatchEvent(new Event("pagehide"));
    // Well before the usual second's pause.
    await waitFor(() => expect(posts(fetchMock, "/api/reading/progress")).toHaveLength(1), {
      timeout: SAVE_DELAY_MS / 2,
    });
  });

  it("jumps through the nested contents, with the current chapter marked", async () => {
    const user = userEvent.setup();
    serve();
    renderReader();
    await opened();
    await user.keyboard("{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Contents" }));
    const contents = screen.getByRole("dialog", { name: "Contents" });
    const current = within(contents).getByRole("button", { name: "Chapter 1. Loomings." });
    expect(current).toHaveAttribute("aria-current", "location");
    expect(current).toHaveFocus();
    await user.click(within(contents).getByRole("button", { name: "The spleen" }));
    expect(book.view.go).toHaveBeenLastCalledWith({
      href: "ch1.xhtml",
      type: "application/xhtml+xml",
      locations: { fragments: ["spleen"] },
    });
    expect(screen.queryByRole("dialog", { name: "Contents" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Contents" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Contents" })).not.toBeInTheDocument();
  });

  it("applies a new theme and text size at once and keeps them for every device", async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    const { container } = renderReader();
    await opened();
    await user.click(screen.getByRole("button", { name: "Reading settings" }));
    const settings = screen.getByRole("dialog", { name: "Reading settings" });
    await user.click(within(settings).getByRole("radio", { name: "Sepia" }));
    await user.click(within(settings).getByRole("button", { name: "Larger text" }));
    await user.click(within(settings).getByRole("radio", { name: "Scroll" }));
    expect(within(settings).getByText("110%")).toBeInTheDocument();
    expect(container.querySelector(".reader")).toHaveClass("reader-theme--sepia");
    await waitFor(() =>
      expect(book.view.setPreferences).toHaveBeenLastCalledWith(
        expect.objectContaining({
          fontSize: 1.1,
          scroll: true,
          backgroundColor: "#f4ecd8",
          textColor: "#4b3621",
        }),
      ),
    );
    await waitFor(() => expect(posts(fetchMock, "/api/reading/preferences")).toHaveLength(1), {
      timeout: PREFERENCES_SAVE_DELAY_MS + 1500,
    });
    // The theme is the reader's for every book; text size and layout are this book's own.
    expect(posts(fetchMock, "/api/reading/preferences")[0]).toEqual({
      preferences: {
        fontSize: 1,
        fontFamily: "publisher",
        lineHeight: 1.5,
        margins: "normal",
        theme: "sepia",
        layout: "paginated",
        textAlign: "publisher",
        books: { "12": { fontSize: 1.1, layout: "scrolled" } },
      },
    });
  });

  it("opens in the settings the reader chose on another device", async () => {
    serve({
      "/api/reading/preferences": () =>
        jsonResponse({
          state: "success",
          preferences: {
            fontSize: 1.5,
            fontFamily: "dyslexic",
            lineHeight: 1.8,
            margins: "wide",
            theme: "dark",
            layout: "paginated",
          },
          updatedAt: "2030-01-01T00:00:00.000Z",
        }),
    });
    const { container } = renderReader();
    await opened();
    await waitFor(() =>
      expect(container.querySelector(".reader")).toHaveClass("reader-theme--dark"),
    );
    await waitFor(() =>
      expect(book.view.setPreferences).toHaveBeenLastCalledWith(
        expect.objectContaining({ fontSize: 1.5, lineHeight: 1.8, pageGutter: 56 }),
      ),
    );
  });

  it("bookmarks the page at once, and takes the bookmark back if the server refuses", async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    // The list loads; the new bookmark is refused.
    const answer = fetchMock.getMockImplementation()!;
    let refuse: () => void = () => undefined;
    const refused = new Promise<Response>((resolve) => {
      refuse = () => resolve(problem(500, "INTERNAL", "Server error"));
    });
    fetchMock.mockImplementation((input, init) =>
      requestUrl(input).pathname === "/api/reading/annotations" && init?.method === "POST"
        ? refused
        : answer(input, init),
    );
    renderReader();
    await opened();
    await user.keyboard("{ArrowRight}");
    const bookmark = screen.getByRole("button", { name: "Bookmark this page" });
    expect(bookmark).toHaveAttribute("aria-pressed", "false");
    await user.click(bookmark);
    await waitFor(() => expect(posts(fetchMock, "/api/reading/annotations")).toHaveLength(1));
    expect(posts(fetchMock, "/api/reading/annotations")[0]).toMatchObject({
      bookId: "12",
      kind: "bookmark",
      locator: { href: "ch1.xhtml", locations: { position: 2 } },
      text: expect.stringMatching(/^Call me Ishmael/) as unknown,
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
    });
    // Shown before the server answers; the refusal undoes it and says so.
    await waitFor(() => expect(bookmark).toHaveAttribute("aria-pressed", "true"));
    refuse();
    await waitFor(() => expect(bookmark).toHaveAttribute("aria-pressed", "false"));
    expect(
      await screen.findByText("Your highlight or bookmark could not be saved. Please try again."),
    ).toBeInTheDocument();
  });

  it("highlights selected text in a colour, or with a note", async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    renderReader();
    await opened();
    const frame = chapterFrame("ch1.xhtml");
    selectInFrame(frame, "Call me Ishmael.");
    act(() => book.rendered()!.listeners.selected(frame));
    const popup = screen.getByRole("toolbar", { name: "Highlight the selection" });
    await user.click(within(popup).getByRole("button", { name: "Highlight green" }));
    await waitFor(() => expect(posts(fetchMock, "/api/reading/annotations")).toHaveLength(1));
    expect(posts(fetchMock, "/api/reading/annotations")[0]).toMatchObject({
      bookId: "12",
      kind: "highlight",
      color: "green",
      text: "Call me Ishmael.",
      locator: {
        href: "ch1.xhtml",
        title: "Chapter 1. Loomings.",
        locations: { progression: 0, position: 2, totalProgression: 0.1 },
        text: {
          before: "",
          highlight: "Call me Ishmael.",
          after: " Some years ago, never mind how long precisely, ",
        },
      },
    });
    expect(frame.getSelection()?.isCollapsed).toBe(true);
    expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();

    selectInFrame(frame, "having little or no money");
    act(() => book.rendered()!.listeners.selected(frame));
    await user.click(screen.getByRole("button", { name: "Add note" }));
    const dialog = screen.getByRole("dialog", { name: "Add a note" });
    expect(within(dialog).getByRole("blockquote")).toHaveTextContent("having little or no money");
    expect(within(dialog).getByLabelText("Note")).toHaveFocus();
    await user.keyboard("Poor Ishmael.");
    await user.click(within(dialog).getByRole("radio", { name: "Pink" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posts(fetchMock, "/api/reading/annotations")).toHaveLength(2));
    expect(posts(fetchMock, "/api/reading/annotations")[1]).toMatchObject({
      kind: "highlight",
      color: "pink",
      note: "Poor Ishmael.",
      text: "having little or no money",
    });
  });

  it("lists bookmarks and highlights in book order and jumps to each", async () => {
    const user = userEvent.setup();
    const annotation = (
      id: string,
      kind: "bookmark" | "highlight",
      href: string,
      text: string,
    ) => ({
      id,
      bookId: "12",
      kind,
      locator: {
        href,
        type: "application/xhtml+xml",
        locations: {
          progression: 0.3,
          position: href === "ch1.xhtml" ? 3 : 7,
          totalProgression: href === "ch1.xhtml" ? 0.2 : 0.6,
        },
        ...(kind === "highlight" ? { text: { highlight: text } } : {}),
      },
      text,
      note: kind === "highlight" ? "Who is speaking" : null,
      color: kind === "highlight" ? "blue" : null,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:00:00.000Z",
    });
    const fetchMock = serve({
      "/api/reading/annotations": () =>
        jsonResponse({
          state: "success",
          annotations: [
            annotation("1", "highlight", "ch1.xhtml", "Call me Ishmael."),
            annotation("2", "bookmark", "ch2.xhtml", "I stuffed a shirt"),
          ],
        }),
    });
    renderReader();
    await opened();
    await user.click(screen.getByRole("button", { name: "Bookmarks and highlights" }));
    const notes = screen.getByRole("dialog", { name: "Bookmarks and highlights" });
    const items = within(notes).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Highlight · Chapter 1. Loomings. · 20%");
    expect(items[0]).toHaveTextContent("Who is speaking");
    expect(items[1]).toHaveTextContent("Bookmark · Chapter 2. The Carpet-Bag. · 60%");
    await user.click(within(items[1]!).getByRole("button", { name: /^Bookmark · / }));
    expect(book.view.go).toHaveBeenLastCalledWith(expect.objectContaining({ href: "ch2.xhtml" }));
    expect(pageLabel()).toHaveTextContent("Page 2 of 5 · 60%");
    // The bookmark of the page on screen shows as pressed.
    expect(screen.getByRole("button", { name: "Bookmark this page" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await user.click(screen.getByRole("button", { name: "Bookmarks and highlights" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Bookmarks and highlights" })).getByRole("button", {
        name: /Delete highlight/,
      }),
    );
    await waitFor(() =>
      expect(posts(fetchMock, "/api/reading/annotations/delete")).toEqual([{ id: "1" }]),
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("searches the book's chapters and jumps to a hit", async () => {
    const user = userEvent.setup();
    serve();
    renderReader();
    await opened();
    await user.click(screen.getByRole("button", { name: "Search in book" }));
    const search = screen.getByRole("dialog", { name: "Search in this book" });
    expect(within(search).getByLabelText("Words to find")).toHaveFocus();
    await user.keyboard("ishmael{Enter}");
    expect(await within(search).findByText("2 matches")).toBeInTheDocument();
    expect(
      within(search)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Chapter 1. Loomings.", "Chapter 2. The Carpet-Bag."]);
    await user.click(within(search).getByRole("button", { name: /went to New Bedford/ }));
    expect(book.view.go).toHaveBeenLastCalledWith({
      href: "ch2.xhtml",
      type: "application/xhtml+xml",
      locations: { progression: expect.closeTo(0.62, 1) as unknown },
      text: {
        before: expect.stringContaining("carpet-bag. ") as unknown,
        highlight: "Ishmael",
        after: " went to New Bedford.",
      },
    });
    expect(screen.queryByRole("dialog", { name: "Search in this book" })).not.toBeInTheDocument();
  });

  it.each([
    [
      "a book that is not on loan (400)",
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
  ])("explains %s in the spec's words", async (_case, answer, message) => {
    serve({ "/api/reading/publication": answer });
    renderReader();
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(openPublication).not.toHaveBeenCalled();
  });

  it("asks once for a fresh link when the publication refuses the old one", async () => {
    const { ReadError } = await import("../read-error");
    vi.mocked(openPublication)
      .mockRejectedValueOnce(new ReadError("expired"))
      .mockResolvedValueOnce(book.publication);
    const fetchMock = serve();
    renderReader();
    await opened();
    expect(posts(fetchMock, "/api/reading/publication")).toHaveLength(2);
  });

  it("says the session has expired when the fresh link is refused too, then goes to login after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { ReadError } = await import("../read-error");
    vi.mocked(openPublication).mockRejectedValue(new ReadError("expired"));
    serve();
    renderReader();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your session has expired. Please login again",
    );
    expect(screen.getByTestId("location")).toHaveTextContent("/reader");
    await act(() => vi.advanceTimersByTimeAsync(EXPIRED_REDIRECT_MS));
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
  });

  it("opens a downloaded copy when the server cannot be reached", async () => {
    serve({ "/api/reading/publication": () => Promise.reject(new TypeError("Failed to fetch")) });
    const offlineManifest = vi.fn(() => Promise.resolve("/offline/books/12/manifest.json"));
    renderReader({ offlineManifest });
    await opened();
    expect(offlineManifest).toHaveBeenCalledWith("12");
    expect(openPublication).toHaveBeenCalledWith(
      "/offline/books/12/manifest.json",
      expect.any(AbortSignal),
    );
  });

  it("hides the bars while reading and brings them back with Enter", async () => {
    const user = userEvent.setup();
    serve();
    const { container } = renderReader();
    await opened();
    const shell = container.querySelector(".reader")!;
    expect(shell).toHaveAttribute("data-controls", "shown");
    await user.keyboard("{ArrowRight}");
    expect(shell).toHaveAttribute("data-controls", "hidden");
    await user.keyboard("{Enter}");
    expect(shell).toHaveAttribute("data-controls", "shown");
    await user.keyboard("{Escape}");
    expect(shell).toHaveAttribute("data-controls", "hidden");
    await user.keyboard("{Enter}");
    // The bars' stepping aside after the opening does not undo what the reader asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2600)));
    expect(shell).toHaveAttribute("data-controls", "shown");
    // The page and chapter are announced after a turn.
    await user.keyboard("{ArrowRight}");
    expect(await screen.findByText("Page 2 of 4, Chapter 1. Loomings.")).toBeInTheDocument();
  });
});
