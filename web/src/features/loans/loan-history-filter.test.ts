import { describe, expect, it } from "vitest";
import { makeLoan } from "../../test/loans";
import { filterLoans, pageCountOf } from "./loan-history-filter";

const loans = [
  makeLoan(1, { title: "Moby-Dick", author: "Herman Melville", status: "borrowed" }),
  makeLoan(2, { title: "Wuthering Heights", author: "Emily Brontë", status: "overdue" }),
  makeLoan(3, { title: "Emma", author: "Jane Austen", status: "returned" }),
  makeLoan(4, { title: "", bookTitle: "", author: "", bookAuthor: "", status: "returned" }),
];

const titles = (list: ReturnType<typeof filterLoans>) => list.map((loan) => loan.bookId);

describe("filterLoans", () => {
  it("keeps everything for All and an empty search", () => {
    expect(titles(filterLoans(loans, "  ", "all"))).toEqual(["1", "2", "3", "4"]);
  });

  it("counts overdue loans as Borrowed", () => {
    expect(titles(filterLoans(loans, "", "borrowed"))).toEqual(["1", "2"]);
    expect(titles(filterLoans(loans, "", "returned"))).toEqual(["3", "4"]);
  });

  it("matches title or author, ignoring case, accents and outer spaces", () => {
    expect(titles(filterLoans(loans, " MOBY ", "all"))).toEqual(["1"]);
    expect(titles(filterLoans(loans, "bronte", "all"))).toEqual(["2"]);
    expect(titles(filterLoans(loans, "austen", "returned"))).toEqual(["3"]);
    expect(titles(filterLoans(loans, "austen", "borrowed"))).toEqual([]);
    // A book without a name is found by its placeholder.
    expect(titles(filterLoans(loans, "unknown book", "all"))).toEqual(["4"]);
  });

  it("counts pages of 5, at least one", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(5)).toBe(1);
    expect(pageCountOf(6)).toBe(2);
    expect(pageCountOf(12)).toBe(3);
  });
});
