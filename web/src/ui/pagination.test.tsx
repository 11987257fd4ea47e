import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { pageNumberList, Pagination } from "./pagination";

const E = "ellipsis";

describe("pageNumberList", () => {
  it("lists every page when there are 7 or fewer", () => {
    expect(pageNumberList(1, 0)).toEqual([]);
    expect(pageNumberList(1, 1)).toEqual([1]);
    expect(pageNumberList(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumberList(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("near the start shows the first five pages, an ellipsis and the last page", () => {
    for (const current of [1, 2, 3, 4]) {
      expect(pageNumberList(current, 12)).toEqual([1, 2, 3, 4, 5, E, 12]);
    }
    expect(pageNumberList(1, 8)).toEqual([1, 2, 3, 4, 5, E, 8]);
  });

  it("in the middle shows the current page and its neighbours between two ellipses", () => {
    expect(pageNumberList(5, 12)).toEqual([1, E, 4, 5, 6, E, 12]);
    expect(pageNumberList(8, 12)).toEqual([1, E, 7, 8, 9, E, 12]);
    expect(pageNumberList(50, 100)).toEqual([1, E, 49, 50, 51, E, 100]);
  });

  it("near the end shows the first page, an ellipsis and the last five pages", () => {
    for (const current of [9, 10, 11, 12]) {
      expect(pageNumberList(current, 12)).toEqual([1, E, 8, 9, 10, 11, 12]);
    }
    expect(pageNumberList(5, 8)).toEqual([1, E, 4, 5, 6, 7, 8]);
  });

  it("never lists more than 7 entries, and clamps a current page out of range", () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let current = 1; current <= total; current += 1) {
        const list = pageNumberList(current, total);
        expect(list.length).toBeLessThanOrEqual(7);
        expect(list).toContain(current);
        expect(list[0]).toBe(1);
        expect(list.at(-1)).toBe(total);
      }
    }
    expect(pageNumberList(0, 12)).toEqual([1, 2, 3, 4, 5, E, 12]);
    expect(pageNumberList(99, 12)).toEqual([1, E, 8, 9, 10, 11, 12]);
  });
});

function PagedExample({ pageCount }: { pageCount: number }) {
  const [page, setPage] = useState(1);
  return (
    <>
      <p>Showing page {page}</p>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Results pages" />
    </>
  );
}

describe("Pagination", () => {
  it("moves with the numbers, Previous and Next, and marks the current page", async () => {
    const user = userEvent.setup();
    render(<PagedExample pageCount={12} />);
    const nav = screen.getByRole("navigation", { name: "Results pages" });
    expect(nav).toHaveTextContent("Previous12345…12Next");
    expect(screen.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Previous" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );

    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByText("Showing page 1")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Page 5" }));
    expect(nav).toHaveTextContent("Previous1…456…12Next");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Showing page 6")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Page 6" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "Page 12" }));
    expect(nav).toHaveTextContent("Previous1…89101112Next");
    const next = screen.getByRole("button", { name: "Next" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    await user.click(next);
    expect(screen.getByText("Showing page 12")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByText("Showing page 11")).toBeInTheDocument();
  });

  it("is not shown for a single page", () => {
    render(<PagedExample pageCount={1} />);
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });
});
