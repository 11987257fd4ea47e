import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { QueryState, type QueryStatus } from "./query-state";

interface Shelf {
  books: string[];
}

function query(state: { data?: Shelf; isPending?: boolean; isFetching?: boolean }) {
  return {
    data: state.data,
    isPending: state.isPending ?? false,
    isFetching: state.isFetching ?? false,
    refetch: vi.fn(() => Promise.resolve()),
  } satisfies QueryStatus<Shelf>;
}

function renderShelf(current: ReturnType<typeof query>) {
  return render(
    <QueryState
      query={current}
      loadingLabel="Loading your shelf"
      failedMessage="Failed to get the shelf, please try again later"
      isEmpty={(shelf) => shelf.books.length === 0}
      empty={<p>Your shelf is empty.</p>}
    >
      {(shelf) => (
        <ul aria-label="Shelf">
          {shelf.books.map((book) => (
            <li key={book}>{book}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe("QueryState", () => {
  it("announces the load and draws placeholders while pending", () => {
    const { container } = renderShelf(query({ isPending: true }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading your shelf");
    expect(container.querySelector("[aria-busy='true']")).not.toBeNull();
    expect(container.querySelectorAll(".skeleton")).toHaveLength(3);
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("says the load failed and tries again, but not while a retry runs", async () => {
    const user = userEvent.setup();
    const failed = query({});
    const { unmount } = renderShelf(failed);
    expect(screen.getByText("Failed to get the shelf, please try again later")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    unmount();

    const retrying = query({ isFetching: true });
    renderShelf(retrying);
    const button = screen.getByRole("button", { name: "Try again" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    await user.click(button);
    expect(retrying.refetch).not.toHaveBeenCalled();
  });

  it("shows the empty state for data that holds nothing", () => {
    renderShelf(query({ data: { books: [] } }));
    expect(screen.getByText("Your shelf is empty.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("hands the data to its children once there is some", () => {
    renderShelf(query({ data: { books: ["Emma", "Persuasion"] } }));
    expect(screen.getByRole("list", { name: "Shelf" })).toHaveTextContent("EmmaPersuasion");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
