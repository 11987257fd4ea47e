import { afterEach, describe, expect, it } from "vitest";
import { clearUserData } from "./storage";

afterEach(() => window.localStorage.clear());

describe("clearUserData", () => {
  it("removes every stored user item and the reading positions, keeping public book data", () => {
    const items: Record<string, string> = {
      token: "t",
      uuid: "u",
      userName: "Ann",
      registeredEmail: "ann@example.com",
      accountBalance: "4.5",
      cartItems: "[]",
      borrowedBooks: "[]",
      "readingPosition:u:12": '{"locator":"epubcfi(/6/4)"}',
      "book:12": '{"bookId":12}',
    };
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    clearUserData();
    expect(Object.keys(window.localStorage)).toEqual(["book:12"]);
  });
});
