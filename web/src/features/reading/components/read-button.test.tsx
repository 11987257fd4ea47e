import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, sentBody } from "../../../test/accounts";
import { jsonResponse, requestUrl } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { ReadButton, type LoanState } from "./read-button";

const book = { bookId: "12", title: "Moby-Dick" };
const CONTENT_URL = "/api/content/12.epub?u=1&e=2&s=abc";

function renderButton(isLoggedIn: boolean, loan: LoanState) {
  return renderWithProviders(<ReadButton book={book} loan={loan} />, {
    route: "/book/12",
    session: { isLoggedIn },
  });
}

describe("ReadButton", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/books/content": () =>
          jsonResponse({ state: "success", contentURL: CONTENT_URL, expiresAt: "2030-01-01" }),
      }),
    );
  });

  it("asks a visitor to log in", async () => {
    const user = userEvent.setup();
    renderButton(false, "unknown");
    await user.click(screen.getByRole("button", { name: "Read Moby-Dick" }));
    expect(screen.getByRole("dialog", { name: "Login required" })).toHaveTextContent(
      "Please login first",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks a member without the loan to borrow first, and the modal closes after 3 s", async () => {
    const user = userEvent.setup();
    renderButton(true, "notOnLoan");
    await user.click(screen.getByRole("button", { name: "Read Moby-Dick" }));
    const dialog = screen.getByRole("dialog", { name: "Borrow required" });
    expect(dialog).toHaveTextContent("You need to borrow this book first before reading it");
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 4000 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("opens the reader with the signed link for a member with the loan", async () => {
    const user = userEvent.setup();
    renderButton(true, "onLoan");
    await user.click(screen.getByRole("button", { name: "Read Moby-Dick" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(
        `/reader?url=${encodeURIComponent(CONTENT_URL)}&bookId=12`,
      ),
    );
    const call = vi
      .mocked(fetch)
      .mock.calls.find(([input]) => requestUrl(input).pathname === "/api/books/content");
    expect(sentBody(call?.[1])).toEqual({ bookId: "12" });
  });

  it("shows the borrow-required modal when the server says the loan cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "/api/books/content": () =>
          jsonResponse(
            {
              state: "error",
              code: "NOT_BORROWED",
              message: "You need to borrow this book first before reading it",
            },
            400,
          ),
      }),
    );
    const user = userEvent.setup();
    renderButton(true, "onLoan");
    await user.click(screen.getByRole("button", { name: "Read Moby-Dick" }));
    expect(await screen.findByRole("dialog", { name: "Borrow required" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/book/12");
  });
});
