import type { Suggestion } from "@folio/contract/catalogue";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../test/accounts";
import { callsTo } from "../../../test/admin";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { SearchForm } from "./search-form";

const MOBY: Suggestion[] = [
  { kind: "title", text: "Moby-Dick", bookId: "7", categoryId: null },
  { kind: "author", text: "Herman Melville", bookId: null, categoryId: null },
  { kind: "category", text: "Adventure", bookId: null, categoryId: "4" },
];

type SuggestAnswer = (text: string) => Response | Promise<Response>;

function suggestions(list: Suggestion[]): Response {
  return jsonResponse({ state: "success", suggestions: list });
}

/** The shell's usual answers, with GET /api/books/suggest answered by `answer` for each `q`. */
function stubSuggest(answer: SuggestAnswer = () => suggestions(MOBY)) {
  const shell = fakeApi();
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = requestUrl(input);
    if (url.pathname !== "/api/books/suggest") return shell(input, init);
    return Promise.resolve(answer(url.searchParams.get("q") ?? ""));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function suggestQueries(fetchMock: ReturnType<typeof stubSuggest>) {
  return callsTo(fetchMock, "/api/books/suggest").map((call) => call.url.searchParams.get("q"));
}

function titleBox() {
  return screen.getByRole("combobox", { name: "Title" });
}

function optionNames() {
  return within(screen.getByRole("listbox", { name: "Suggestions" }))
    .getAllByRole("option")
    .map((option) => option.getAttribute("aria-label"));
}

function liveRegion() {
  return within(screen.getByRole("search")).getByRole("status");
}

function location() {
  return screen.getByTestId("location").textContent;
}

async function typeAndWaitForOptions(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(titleBox(), text);
  await waitFor(() => expect(titleBox()).toHaveAttribute("aria-expanded", "true"));
}

describe("suggestions in the search form's title box", () => {
  beforeEach(() => {
    stubSuggest();
  });

  it("is a combobox that controls a listbox, and asks nothing for one character", async () => {
    const fetchMock = stubSuggest();
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    const box = titleBox();
    expect(box).toHaveAttribute("aria-autocomplete", "list");
    expect(box).toHaveAttribute("aria-expanded", "false");
    const list = document.getElementById(box.getAttribute("aria-controls")!);
    expect(list).toHaveAttribute("role", "listbox");

    await user.type(box, "m");
    // Twice the pause after which a request would go.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(suggestQueries(fetchMock)).toEqual([]);
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(liveRegion()).toHaveTextContent("");
  });

  it("offers titles, authors and categories, each labelled by kind, once typing pauses", async () => {
    const fetchMock = stubSuggest();
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    expect(optionNames()).toEqual([
      "Moby-Dick, Title",
      "Herman Melville, Author",
      "Adventure, Category",
    ]);
    // The kind shows as a small label beside the text.
    const first = screen.getByRole("option", { name: "Moby-Dick, Title" });
    expect(within(first).getByText("Title")).toHaveClass("suggest-box__kind");
    // A word typed quickly is one request.
    expect(suggestQueries(fetchMock)).toEqual(["mobb"]);
    expect(liveRegion()).toHaveTextContent("3 suggestions");
  });

  it("moves with the arrows, wrapping round, and Enter opens the active title's book", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    const box = titleBox();
    expect(box).not.toHaveAttribute("aria-activedescendant");

    await user.keyboard("{ArrowDown}");
    const first = screen.getByRole("option", { name: "Moby-Dick, Title" });
    expect(box).toHaveAttribute("aria-activedescendant", first.id);
    expect(first).toHaveAttribute("aria-selected", "true");

    await user.keyboard("{ArrowUp}");
    const last = screen.getByRole("option", { name: "Adventure, Category" });
    expect(box).toHaveAttribute("aria-activedescendant", last.id);
    expect(first).toHaveAttribute("aria-selected", "false");

    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", first.id);
    expect(box).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(location()).toBe("/book/7");
    expect(box).toHaveAttribute("aria-expanded", "false");
  });

  it("submits the search as before on Enter when no option is active", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    await user.keyboard("{Enter}");
    expect(location()).toBe("/search?title=mobb");
    expect(titleBox()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape, and a second Escape clears the box", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    await user.keyboard("{ArrowDown}{Escape}");
    const box = titleBox();
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).not.toHaveAttribute("aria-activedescendant");
    expect(screen.getByRole("listbox", { hidden: true })).not.toBeVisible();
    expect(box).toHaveValue("mobb");
    expect(liveRegion()).toHaveTextContent("");

    await user.keyboard("{Escape}");
    expect(box).toHaveValue("");
    expect(location()).toBe("/");

    // The arrows open it again after an Escape.
    await user.type(box, "mobb");
    await waitFor(() => expect(box).toHaveAttribute("aria-expanded", "true"));
    await user.keyboard("{Escape}{ArrowDown}");
    expect(box).toHaveAttribute("aria-expanded", "true");
  });

  it("closes when the box loses focus", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    await user.tab();
    expect(titleBox()).toHaveAttribute("aria-expanded", "false");
    expect(location()).toBe("/");
  });

  it("opens an author's books as a search", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    await user.click(screen.getByRole("option", { name: "Herman Melville, Author" }));
    expect(location()).toBe("/search?author=Herman+Melville");
    expect(titleBox()).toHaveAttribute("aria-expanded", "false");
  });

  it("opens a category's page", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "mobb");
    await user.click(screen.getByRole("option", { name: "Adventure, Category" }));
    expect(location()).toBe("/category/4");
  });

  it("counts what it offers in a polite live region", async () => {
    stubSuggest((text) =>
      suggestions(text === "moby" ? MOBY.slice(0, 1) : text === "zzz" ? [] : MOBY),
    );
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await typeAndWaitForOptions(user, "moby");
    expect(liveRegion()).toHaveTextContent("1 suggestion");
    expect(liveRegion()).toHaveAttribute("role", "status");

    await user.clear(titleBox());
    await user.type(titleBox(), "zzz");
    await waitFor(() => expect(liveRegion()).toHaveTextContent("No suggestions"));
    expect(titleBox()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("option")).not.toBeInTheDocument();
  });

  it("aborts the request for text typed over, and never shows its answer", async () => {
    let answerMo: (response: Response) => void = () => undefined;
    const fetchMock = stubSuggest((text) =>
      text === "mo"
        ? new Promise<Response>((resolve) => {
            answerMo = resolve;
          })
        : suggestions(MOBY),
    );
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.type(titleBox(), "mo");
    await waitFor(() => expect(suggestQueries(fetchMock)).toEqual(["mo"]));

    await user.type(titleBox(), "bb");
    await waitFor(() => expect(optionNames()).toContain("Moby-Dick, Title"));
    const [moCall] = callsTo(fetchMock, "/api/books/suggest");
    expect(moCall?.init?.signal?.aborted).toBe(true);

    // The slow answer arrives after all (a server that ignores the abort): it changes nothing.
    await act(async () => {
      answerMo(
        suggestions([{ kind: "title", text: "The Moonstone", bookId: "9", categoryId: null }]),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole("option", { name: "The Moonstone, Title" })).not.toBeInTheDocument();
    expect(optionNames()).toHaveLength(3);
    expect(liveRegion()).toHaveTextContent("3 suggestions");
  });

  it("offers nothing and says nothing when the request fails", async () => {
    stubSuggest(() => jsonResponse({ code: "INTERNAL", message: "Something went wrong" }, 500));
    const user = userEvent.setup();
    renderWithProviders(<SearchForm />);
    await user.type(titleBox(), "mobb");
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(titleBox()).toHaveAttribute("aria-expanded", "false");
    expect(liveRegion()).toHaveTextContent("");
    await user.keyboard("{Enter}");
    expect(location()).toBe("/search?title=mobb");
  });
});
