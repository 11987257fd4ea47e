import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

interface FoundBook {
  bookId: string;
  title: string;
}

async function findBook(page: Page, title: string): Promise<FoundBook> {
  const response = await page.request.get(`/api/books/search?title=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const { books } = (await response.json()) as { books: FoundBook[] };
  const book = books.find((b) => b.title === title);
  expect(book, `${title} is in the catalogue`).toBeTruthy();
  return book!;
}

/** No serious axe violation on the reader's own chrome; the iframe holds the book itself. */
async function expectChromeAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** epubjs lays a chapter out in columns and scrolls sideways: the offset is the page shown. */
const pageOffset = (page: Page) =>
  page.locator(".reader__view .epub-container").evaluate((el) => el.scrollLeft);

const progressValue = (page: Page) =>
  page.getByRole("progressbar", { name: "Reading progress" }).getAttribute("value");

test.describe("reading", () => {
  // A reader with £20, who logs this page in through the stored token.
  test.use({ readerOptions: { balance: 20, logIn: "later" } });

  test("reads a borrowed book, turns pages, keeps the place and changes the look", async ({
    page,
    reader,
  }) => {
    test.setTimeout(90_000);
    await reader.logInWithToken();
    const book = await findBook(page, "Moby-Dick");
    await reader.borrow(book.bookId);

    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await expect(page).toHaveURL(/\/reader\?url=%2Fapi%2Fcontent%2F\d+\.epub/);
    await expect(page.getByRole("heading", { level: 1, name: "Moby-Dick" })).toBeVisible({
      timeout: 20_000,
    });
    const text = page.frameLocator(".reader__view iframe").locator("body");

    // Chapter 1 through the table of contents.
    await page.getByRole("button", { name: "Contents" }).click();
    await page
      .getByRole("navigation", { name: "Table of contents" })
      .getByRole("button", { name: /^Chapter 1\./ })
      .click();
    await expect(text).toContainText("Call me Ishmael");
    // The percentage appears once the book's positions are counted.
    await expect(page.getByRole("progressbar", { name: "Reading progress" })).toHaveAttribute(
      "value",
      /\d/,
      { timeout: 30_000 },
    );
    await expectChromeAccessible(page);

    // Next page: the text and the percentage move on (ArrowRight does the same).
    const before = await progressValue(page);
    expect(await pageOffset(page)).toBe(0);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => progressValue(page)).not.toBe(before);
    await expect.poll(() => pageOffset(page)).toBeGreaterThan(0);
    const afterNext = await pageOffset(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pageOffset(page)).toBeGreaterThan(afterNext);
    const placeOffset = await pageOffset(page);
    const placeValue = await progressValue(page);
    const shownPercentage = await page.locator(".reader__percentage").innerText();

    // Reload: the same place comes back (saved locally at once, on the server after a second).
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Moby-Dick" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(text).toContainText("Call me Ishmael");
    await expect.poll(() => pageOffset(page)).toBe(placeOffset);
    await expect(page.locator(".reader__percentage")).toHaveText(shownPercentage, {
      timeout: 30_000,
    });
    await expect.poll(() => progressValue(page), { timeout: 30_000 }).toBe(placeValue);

    // Dark theme: the book's colours and the page chrome follow; A+ makes the text bigger.
    const bodyStyle = () =>
      text.evaluate((body) => {
        const style = getComputedStyle(body);
        return { color: style.color, background: style.backgroundColor, size: style.fontSize };
      });
    const light = await bodyStyle();
    await page.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(async () => (await bodyStyle()).background).not.toBe(light.background);
    const dark = await bodyStyle();
    expect(dark.color).not.toBe(light.color);
    expect(dark.background).toBe("rgb(28, 25, 22)");
    await page.getByRole("button", { name: "Increase font size" }).click();
    await expect
      .poll(async () => parseFloat((await bodyStyle()).size))
      .toBeGreaterThan(parseFloat(dark.size));
    await expect(page.getByText("110%")).toBeVisible();
    await expectChromeAccessible(page);
  });

  test("a reader without the loan is asked to borrow first", async ({ page, reader }) => {
    await reader.logInWithToken();
    const book = await findBook(page, "Moby-Dick");
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Borrow required" });
    await expect(dialog).toContainText("You need to borrow this book first before reading it");
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await expect(page).toHaveURL(new RegExp(`/book/${book.bookId}$`));
  });

  test("the reader fits a phone and its chrome is accessible @phone", async ({ page, reader }) => {
    test.setTimeout(60_000);
    await reader.logInWithToken();
    // Any book will do here; Moby-Dick's copies go to the desktop journey.
    const book = await findBook(page, "Pride and Prejudice");
    await reader.borrow(book.bookId);
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: book.title })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("button", { name: "Next page" })).toBeEnabled();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectChromeAccessible(page);
  });
});
