import { afterEach, describe, expect, it } from "vitest";
import { storedBorrowedBooks } from "../features/cart/borrowed-books";
import { storedCartItems } from "../features/cart/cart-store";
import { readCachedBook } from "../features/catalogue/book-cache";
import { forgetUserData } from "./user-data";

afterEach(() => window.localStorage.clear());

describe("forgetUserData", () => {
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
    forgetUserData();
    expect(Object.keys(window.localStorage)).toEqual(["book:12"]);
  });
});

describe("ids stored by an earlier version", () => {
  it("reads a book id stored as a number back as the string the server now sends", () => {
    // Before decision 015 the server sent ids as numbers, and the app stored them so.
    const book = { title: "Emma", author: "Jane Austen", price: 3.5, coverUrl: "" };
    window.localStorage.setItem("cartItems", JSON.stringify([{ ...book, bookId: 12 }]));
    window.localStorage.setItem(
      "borrowedBooks",
      JSON.stringify([
        { bookId: 7, title: "Emma", author: "", cover: "", borrowDate: "", dueDate: "" },
      ]),
    );
    window.localStorage.setItem("book:12", JSON.stringify({ ...book, bookId: 12 }));
    expect(storedCartItems.read()?.map((item) => item.bookId)).toEqual(["12"]);
    expect(storedBorrowedBooks.read()?.map((item) => item.bookId)).toEqual(["7"]);
    expect(readCachedBook("12")).toMatchObject({ bookId: "12", title: "Emma" });
  });
});

describe("the device's theme", () => {
  it("outlives a logout: it is the device's preference, not the person's data", () => {
    window.localStorage.setItem("token", "t");
    window.localStorage.setItem("theme", "dark");
    forgetUserData();
    expect(window.localStorage.getItem("theme")).toBe("dark");
  });
});
