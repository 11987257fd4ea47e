import { afterEach, describe, expect, it } from "vitest";
import { readToken, storedBookList, storedNumber, storedToken } from "./storage";

afterEach(() => window.localStorage.clear());

describe("stored values", () => {
  it("keeps the token as plain text and counts a blank one as none", () => {
    storedToken.write("abc");
    expect(window.localStorage.getItem("token")).toBe("abc");
    expect(readToken()).toBe("abc");
    storedToken.write("  ");
    expect(readToken()).toBeNull();
  });

  it("reads back nothing for a value of the wrong shape", () => {
    window.localStorage.setItem("balance", '"lots"');
    expect(storedNumber("balance").read()).toBeNull();
    window.localStorage.setItem("list", "{not json");
    expect(storedBookList("list").read()).toBeNull();
  });
});

describe("ids stored by an earlier version", () => {
  it("reads a book id stored as a number back as the string the server now sends", () => {
    // Before decision 015 the server sent ids as numbers, and the app stored them so.
    window.localStorage.setItem("list", JSON.stringify([{ bookId: 12, title: "Emma" }]));
    expect(storedBookList("list").read()).toEqual([{ bookId: "12", title: "Emma" }]);
  });
});
