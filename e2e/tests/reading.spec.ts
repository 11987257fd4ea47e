import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  findBook,
  pageLabel,
  pageNumber,
  shownChapter,
  showControls,
  waitForBook,
} from "./reader-helpers";

/** No serious axe violation on the reader's own chrome; the iframe holds the book itself. */
async function expectChromeAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

test.describe("reading", () => {
  // A reader with £20, who logs this page in through the stored token.
  test.use({ readerOptions: { balance: 20, logIn: "later" } });

  test("reads a borrowed book, turns pages, keeps the place and changes the look", async ({
    page,
    reader,
  }) => {
    test.setTimeout(90_000);
    await reader.logInWithToken();
    const book = await findBook(page.request, "Moby-Dick");
    await reader.borrow(book.bookId);

    // The Read button asks for the spec's signed link first, and the route keeps its shape.
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await expect(page).toHaveURL(/\/reader\?url=%2Fapi%2Fcontent%2F\d+\.epub.*&bookId=\d+/);
    await waitForBook(page, "Moby-Dick");
    // Full screen: the site's header and footer are not drawn around the book.
    await expect(page.locator(".site-header, .site-footer")).toHaveCount(0);
    // The place and percentage are known at once, from the positions list.
    await expect(page.locator(".reader-progress__page")).toHaveText(/^Page 1 of [\d,]+ · 0%$/);

    // Chapter 1 through the table of contents.
    await showControls(page);
    await page.getByRole("button", { name: "Contents" }).click();
    await page
      .getByRole("navigation", { name: "Table of contents" })
      .getByRole("button", { name: /^Chapter 1\./ })
      .click();
    await expect(shownChapter(page).locator("body")).toContainText("Call me Ishmael");
    await expectChromeAccessible(page);

    // Next page: ArrowRight, a click in the margin beside the text and one on the text's
    // right third each move the place on.
    const chapterStart = await pageNumber(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pageNumber(page)).toBeGreaterThan(chapterStart);
    const afterKey = await pageNumber(page);
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width - 10, viewport.height / 2);
    await expect.poll(() => pageNumber(page)).toBeGreaterThan(afterKey);
    const afterMargin = await pageNumber(page);
    await page.mouse.click(viewport.width * 0.8, viewport.height / 2);
    await expect.poll(() => pageNumber(page)).toBeGreaterThan(afterMargin);
    // The click left focus inside the book's frame: its keys turn pages too.
    const afterTap = await pageNumber(page);
    expect(
      await page.evaluate(() => document.activeElement?.tagName),
      "focus is in the book's frame",
    ).toBe("IFRAME");
    await page.keyboard.press("PageDown");
    await expect.poll(() => pageNumber(page)).toBeGreaterThan(afterTap);
    const place = await pageLabel(page).innerText();

    // Reload: the same place comes back (saved on the server a second after the turn).
    await page.waitForTimeout(1500);
    await page.reload();
    await waitForBook(page, "Moby-Dick");
    await expect(page.locator(".reader-progress__page")).toHaveText(place);

    // Dark theme: the book's colours and the chrome follow; a larger size reaches the book.
    const bodyStyle = () =>
      shownChapter(page)
        .locator("html")
        .evaluate((html) => ({
          background: getComputedStyle(html).backgroundColor,
          color: getComputedStyle(html.ownerDocument.body).color,
          size: html.style.getPropertyValue("--USER__fontSize"),
        }));
    const light = await bodyStyle();
    await showControls(page);
    await page.getByRole("button", { name: "Reading settings" }).click();
    const settings = page.getByRole("dialog", { name: "Reading settings" });
    await settings.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(async () => (await bodyStyle()).background).toBe("rgb(28, 25, 22)");
    expect((await bodyStyle()).color).not.toBe(light.color);
    await expect(page.locator(".reader")).toHaveClass(/reader-theme--dark/);
    await settings.getByRole("button", { name: "Larger text" }).click();
    await expect(settings.getByText("110%")).toBeVisible();
    await expect.poll(async () => (await bodyStyle()).size).toBe("110%");
    await expectChromeAccessible(page);
    // Moby-Dick has two copies; the phone journey of reader.spec.ts reads one after this.
    await reader.giveBack(book.bookId);
  });

  test("a reader without the loan is asked to borrow first", async ({ page, reader }) => {
    await reader.logInWithToken();
    const book = await findBook(page.request, "Moby-Dick");
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Borrow required" });
    await expect(dialog).toContainText("You need to borrow this book first before reading it");
    await expect(dialog).toBeHidden({ timeout: 5000 });
    await expect(page).toHaveURL(new RegExp(`/book/${book.bookId}$`));

    // Opening the reader's address without the loan says the same, in the reader.
    await page.goto(
      `/reader?url=${encodeURIComponent(`/api/content/${book.bookId}.epub`)}&bookId=${book.bookId}`,
    );
    await expect(page.getByRole("alert")).toHaveText(
      "You need to borrow this book first before reading it",
    );
  });

  test("the reader fits a phone and its chrome is accessible @phone", async ({ page, reader }) => {
    test.setTimeout(60_000);
    await reader.logInWithToken();
    // Any book will do here; Moby-Dick's copies go to the desktop journeys.
    const book = await findBook(page.request, "Pride and Prejudice");
    await reader.borrow(book.bookId);
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await waitForBook(page, book.title);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectChromeAccessible(page);
  });
});
