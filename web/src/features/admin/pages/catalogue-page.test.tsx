import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sentBody } from "../../../test/accounts";
import {
  callsTo,
  chooseRowAction,
  rowActionNames,
  COVER_DATA_URL,
  makeAdminBook,
  makeAdminBooks,
  makeCategory,
  makeUpload,
  staffApi,
} from "../../../test/admin";
import { jsonResponse } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { CataloguePage } from "./catalogue-page";

type Answer = Response | (() => Response | Promise<Response>);

function renderCatalogue(answers: Record<string, Answer> = {}, route = "/admin/books") {
  const fetchMock = staffApi({
    "/api/admin/books": () => jsonResponse(makeAdminBooks([makeAdminBook(1), makeAdminBook(2)])),
    "/api/admin/categories": jsonResponse({
      state: "success",
      categories: [makeCategory(1), makeCategory(2)],
    }),
    ...answers,
  });
  vi.stubGlobal("fetch", fetchMock);
  renderWithProviders(<CataloguePage />, {
    route,
    session: { isLoggedIn: true, role: "librarian" },
  });
  return fetchMock;
}

/** The query string of the last request for the book list. */
function lastBooksQuery(fetchMock: ReturnType<typeof renderCatalogue>) {
  return callsTo(fetchMock, "/api/admin/books").at(-1)?.url.searchParams;
}

const epub = () =>
  new File([new Uint8Array([80, 75, 3, 4])], "time-machine.epub", {
    type: "application/epub+zip",
  });

describe("the console's catalogue", () => {
  it("lists books with their stock, lending and status", async () => {
    const user = userEvent.setup();
    renderCatalogue();
    const table = await screen.findByRole("table");
    const row = within(table).getByRole("row", { name: /Moby-Dick/ });
    expect(within(row).getByText("£4.99")).toBeInTheDocument();
    expect(within(row).getByText("In catalogue")).toBeInTheDocument();
    // The row's actions are one menu button (issue 45: a row of four covered the titles).
    const actions = within(row).getByRole("button", { name: "Actions for Moby-Dick" });
    expect(await rowActionNames(user, actions)).toEqual([
      "Edit",
      "Holds",
      "Replace file",
      "Retire",
    ]);
    expect(screen.getByText("Showing 1–2 of 2 books")).toBeInTheDocument();
  });

  it("marks the sample editions beside their titles, so an operator knows what to replace", async () => {
    renderCatalogue({
      "/api/admin/books": () =>
        jsonResponse(
          makeAdminBooks([makeAdminBook(1), makeAdminBook(2, { title: "Emma", sample: true })]),
        ),
    });
    const table = await screen.findByRole("table");
    const sample = within(table).getByRole("rowheader", { name: /^Emma/ });
    expect(within(sample).getByText("Sample")).toBeInTheDocument();
    expect(sample).toHaveAccessibleName("Emma Sample edition — the first pages");
    const full = within(table).getByRole("rowheader", { name: "Moby-Dick" });
    expect(full).not.toHaveTextContent(/sample/i);
  });

  it("searches as staff type, once typing rests, and keeps the search in the URL", async () => {
    const user = userEvent.setup();
    const fetchMock = renderCatalogue();
    await screen.findByRole("table");
    await user.type(screen.getByRole("searchbox", { name: "Search title or author" }), "moby dick");
    await waitFor(() => expect(lastBooksQuery(fetchMock)?.get("q")).toBe("moby dick"));
    // One request for the settled words, none for each letter.
    expect(callsTo(fetchMock, "/api/admin/books").map((c) => c.url.searchParams.get("q"))).toEqual([
      null,
      "moby dick",
    ]);
    expect(screen.getByTestId("location")).toHaveTextContent("/admin/books?q=moby+dick");
  });

  it("sorts on the server by the column header clicked, and says so with aria-sort", async () => {
    const user = userEvent.setup();
    const fetchMock = renderCatalogue();
    await screen.findByRole("table");
    const titleHeader = screen.getByRole("columnheader", { name: /Title/ });
    expect(titleHeader).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: /Author/ }));
    await waitFor(() => expect(lastBooksQuery(fetchMock)?.get("sort")).toBe("author"));
    expect(lastBooksQuery(fetchMock)?.get("order")).toBe("asc");
    expect(screen.getByRole("columnheader", { name: /Author/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    expect(screen.getByRole("columnheader", { name: /Title/ })).not.toHaveAttribute("aria-sort");

    await user.click(screen.getByRole("button", { name: /Author/ }));
    await waitFor(() => expect(lastBooksQuery(fetchMock)?.get("order")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /Author/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    // Numbers start with the largest.
    await user.click(screen.getByRole("button", { name: /Borrowed/ }));
    await waitFor(() => expect(lastBooksQuery(fetchMock)?.get("sort")).toBe("borrowTimes"));
    expect(lastBooksQuery(fetchMock)?.get("order")).toBe("desc");
  });

  it("filters by status and starts again at page 1", async () => {
    const user = userEvent.setup();
    const fetchMock = renderCatalogue({}, "/admin/books?page=3");
    await screen.findByRole("table");
    expect(lastBooksQuery(fetchMock)?.get("page")).toBe("3");
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "retired");
    await waitFor(() => expect(lastBooksQuery(fetchMock)?.get("status")).toBe("retired"));
    expect(lastBooksQuery(fetchMock)?.get("page")).toBe("1");
  });

  it("says when no book matches", async () => {
    renderCatalogue({ "/api/admin/books": jsonResponse(makeAdminBooks([])) });
    expect(await screen.findByText("No books match.")).toBeInTheDocument();
  });

  it("adds a book: upload the EPUB, review what was read from it, then save", async () => {
    const user = userEvent.setup();
    let answerUpload: (response: Response) => void = () => undefined;
    const fetchMock = renderCatalogue({
      "/api/admin/books/upload": () =>
        new Promise<Response>((resolve) => {
          answerUpload = resolve;
        }),
      "/api/admin/books/create": () =>
        jsonResponse({
          state: "success",
          book: makeAdminBook(9, { title: "The Time Machine" }),
        }),
    });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Add a book" }));
    const dialog = screen.getByRole("dialog", { name: "Add a book" });
    const picker = within(dialog).getByLabelText("EPUB file");
    expect(picker).toHaveAttribute("accept", ".epub,application/epub+zip");
    expect(picker).toHaveFocus();

    await user.upload(picker, epub());
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(within(dialog).getByRole("status")).toHaveTextContent("Reading the file…");
    const [upload] = callsTo(fetchMock, "/api/admin/books/upload");
    expect(upload?.init?.method).toBe("POST");
    expect(new Headers(upload?.init?.headers).get("Content-Type")).toBe("application/epub+zip");
    expect(upload?.init?.body).toBeInstanceOf(File);
    answerUpload(jsonResponse(makeUpload()));

    // The review: prefilled from the file, its cover shown, its category chosen.
    const title = await within(dialog).findByRole("textbox", { name: "Title" });
    expect(title).toHaveValue("The Time Machine");
    await waitFor(() => expect(title).toHaveFocus());
    expect(within(dialog).getByRole("textbox", { name: "Author" })).toHaveValue("H. G. Wells");
    expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue("2");
    expect(
      within(dialog).getByRole("img", { name: "The cover found in the file" }),
    ).toHaveAttribute("src", COVER_DATA_URL);

    await user.type(within(dialog).getByRole("textbox", { name: /Price/ }), "3.50");
    await user.clear(within(dialog).getByRole("textbox", { name: /Copies/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Copies/ }), "4");
    await user.type(within(dialog).getByRole("textbox", { name: /Lends left/ }), "200");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("“The Time Machine” is in the catalogue.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const [create] = callsTo(fetchMock, "/api/admin/books/create");
    expect(sentBody(create?.init)).toEqual({
      uploadId: "upload-0123456789",
      title: "The Time Machine",
      author: "H. G. Wells",
      categoryId: "2",
      description: "A traveller goes to the year 802,701.",
      price: 3.5,
      copies: 4,
      lendsLeft: 200,
      year: 1895,
      language: "en",
    });
  });

  it("shows the server's refusal of an upload, and of a save next to its field", async () => {
    const user = userEvent.setup();
    let uploads = 0;
    renderCatalogue({
      "/api/admin/books/upload": () =>
        ++uploads === 1
          ? jsonResponse(
              {
                state: "error",
                code: "EPUB_INVALID",
                message: "This file is not an EPUB: it has no container.xml.",
              },
              400,
            )
          : jsonResponse(makeUpload({ cover: null })),
      "/api/admin/books/create": jsonResponse(
        {
          state: "error",
          code: "VALIDATION",
          message: "A price must be from £0.01 to £1000.",
          field: "price",
        },
        400,
      ),
    });
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Add a book" }));
    const dialog = screen.getByRole("dialog", { name: "Add a book" });
    await user.upload(within(dialog).getByLabelText("EPUB file"), epub());
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This file is not an EPUB: it has no container.xml.",
    );
    expect(within(dialog).getByLabelText("EPUB file")).toHaveFocus();

    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await within(dialog).findByRole("textbox", { name: "Title" });
    expect(within(dialog).getByText("No cover in the file: the shop will draw one.")).toBeVisible();
    await user.type(within(dialog).getByRole("textbox", { name: /Price/ }), "2000");
    await user.type(within(dialog).getByRole("textbox", { name: /Lends left/ }), "5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    // The client lets £2000 through (the limit is the server's); the server's sentence shows
    // at the price, which takes focus.
    const price = within(dialog).getByRole("textbox", { name: /Price/ });
    await waitFor(() => expect(price).toHaveAccessibleDescription(/A price must be from £0.01/));
    expect(price).toHaveAttribute("aria-invalid", "true");
    expect(price).toHaveFocus();
    expect(screen.getByRole("dialog", { name: "Add a book" })).toBeInTheDocument();
  });

  it("edits a book and shows a refusal of fewer copies than are lent at the copies", async () => {
    const user = userEvent.setup();
    const fetchMock = renderCatalogue({
      "/api/admin/books/update": jsonResponse(
        {
          state: "error",
          code: "COPIES_BELOW_LENT",
          message: "Copies can’t go below the 2 copies lent now.",
          field: "copies",
        },
        409,
      ),
    });
    await chooseRowAction(user, "Actions for Moby-Dick", "Edit");
    const dialog = screen.getByRole("dialog", { name: "Edit “Moby-Dick”" });
    const copies = within(dialog).getByRole("textbox", { name: /Copies/ });
    await user.clear(copies);
    await user.type(copies, "1");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(copies).toHaveAccessibleDescription(/Copies can’t go below the 2 copies lent now./),
    );
    // Only what changed was sent.
    expect(sentBody(callsTo(fetchMock, "/api/admin/books/update")[0]?.init)).toEqual({
      bookId: "1",
      copies: 1,
    });
  });
});
