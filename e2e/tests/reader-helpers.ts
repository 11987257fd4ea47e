import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { expect } from "./fixtures";

// What the reader's journeys (reading, reader, offline) share: finding a book, the chapter on
// screen, the page number, and the bars that step aside while reading.

export interface FoundBook {
  bookId: string;
  title: string;
}

export async function findBook(request: APIRequestContext, title: string): Promise<FoundBook> {
  const response = await request.get(`/api/books/search?title=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const { books } = (await response.json()) as { books: FoundBook[] };
  const book = books.find((b) => b.title === title);
  expect(book, `${title} is in the catalogue`).toBeTruthy();
  return book!;
}

/** The chapter on screen: the navigator keeps neighbouring chapters in hidden frames. */
export const SHOWN_FRAME = ".reader-stage__book iframe:not([style*='visibility: hidden'])";
export const shownChapter = (page: Page): FrameLocator => page.frameLocator(SHOWN_FRAME);

/** "Page N of M · P%", as the bottom bar shows it: N of the chapter's M screens. */
export const pageLabel = (page: Page) => page.locator(".reader-progress__page");
/** Where the reader is, as the bottom bar says it: the chapter, and its screen of how many. */
export async function screenPlace(page: Page) {
  const [, index = "0", count = "0"] =
    /^Page ([\d,]+) of ([\d,]+)/.exec(await pageLabel(page).innerText()) ?? [];
  const number = (text: string) => Number(text.replace(/,/g, ""));
  const chapter = await page.locator(".reader-progress__chapter").innerText();
  return { chapter, index: number(index), count: number(count) };
}

/**
 * The place has moved on one screen from `before`: the next page of the chapter, or after its
 * last page the first of the next chapter.
 */
export async function expectNextScreen(
  page: Page,
  before: Awaited<ReturnType<typeof screenPlace>>,
): Promise<void> {
  const wanted =
    before.index < before.count
      ? { chapter: before.chapter, index: before.index + 1, count: before.count }
      : { index: 1 };
  await expect.poll(() => screenPlace(page)).toMatchObject(wanted);
  if (before.index >= before.count)
    expect((await screenPlace(page)).chapter).not.toBe(before.chapter);
}

/** The bars step aside while reading; a click in the middle of the page brings them back. */
export async function showControls(page: Page): Promise<void> {
  const shell = page.locator(".reader");
  if ((await shell.getAttribute("data-controls")) === "shown") return;
  const viewport = page.viewportSize()!;
  await page.mouse.click(viewport.width / 2, viewport.height / 2);
  await expect(shell).toHaveAttribute("data-controls", "shown");
}

/** Goes to a chapter through the table of contents, as a reader would. */
export async function openChapter(page: Page, name: RegExp): Promise<void> {
  await showControls(page);
  await page.getByRole("button", { name: "Contents" }).click();
  await page
    .getByRole("navigation", { name: "Table of contents" })
    .getByRole("button", { name })
    .click();
}

/** The book is open: its title heads the reader (when given) and its contents can be shown. */
export async function waitForBook(page: Page, title?: string): Promise<void> {
  if (title)
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({
      timeout: 20_000,
    });
  await expect(page.getByRole("button", { name: "Contents" })).toBeEnabled({ timeout: 20_000 });
}
