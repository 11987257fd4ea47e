import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeBook } from "../../../test/books";
import { renderWithProviders } from "../../../test/render";
import { BookDetails } from "./book-details";

describe("BookDetails", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  function show(overrides: Parameters<typeof makeBook>[1]) {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse({ state: "success", ...makeBook(1, overrides), borrowTimes: 0 }),
      ),
    );
    renderWithProviders(<BookDetails bookId="1" renderActions={() => null} />);
  }

  it("says under the title that a sample edition is the first pages, with the book", async () => {
    show({ title: "Emma", sample: true, price: 0.99 });
    const title = await screen.findByRole("heading", { level: 1, name: "Emma" });
    const badge = screen.getByText("Sample edition — the first pages");
    expect(title.nextElementSibling).toContainElement(badge);
    expect(screen.getByText("£0.99")).toBeInTheDocument();
  });

  it("says nothing of samples for a full edition", async () => {
    show({ title: "Moby-Dick", sample: false });
    await screen.findByRole("heading", { level: 1, name: "Moby-Dick" });
    expect(screen.queryByText(/sample edition/i)).not.toBeInTheDocument();
  });
});
