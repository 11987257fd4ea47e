import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Reader } from "./fixtures";
import {
  findBook,
  pageLabel,
  SHOWN_FRAME,
  shownChapter,
  openChapter,
  showControls,
  waitForBook,
} from "./reader-helpers";

// The Readium reader (issue 22): contents, look, highlights with notes, bookmarks and search,
// all kept by the server so another device opens the book the same way.

const readerPath = (bookId: string) =>
  `/reader?url=${encodeURIComponent(`/api/content/${bookId}.epub`)}&bookId=${bookId}`;

/** Opens the reader in a page of its own with the reader's session (another device). */
async function openElsewhere(page: Page, reader: Reader, bookId: string): Promise<void> {
  await page.goto("/");
  await page.evaluate((token) => localStorage.setItem("token", token), reader.token);
  await page.goto(readerPath(bookId));
  await waitForBook(page);
}

interface SavedAnnotation {
  kind: string;
  text: string | null;
  note: string | null;
  color: string | null;
}

async function annotationsOf(request: APIRequestContext, reader: Reader, bookId: string) {
  const response = await request.get(`/api/reading/annotations?bookId=${bookId}`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { annotations: SavedAnnotation[] }).annotations;
}

/** How many ranges a highlight name holds in the chapter on screen. */
const highlightRanges = (page: Page, name: string) =>
  shownChapter(page)
    .locator("body")
    .evaluate((body, highlight) => {
      const registry = (body.ownerDocument.defaultView as Window & typeof globalThis).CSS
        .highlights;
      return registry.get(highlight)?.size ?? 0;
    }, name);

/** Where the first occurrence of `text` is in the chapter on screen, in page coordinates. */
async function textBox(page: Page, text: string) {
  const frame = await page.locator(SHOWN_FRAME).boundingBox();
  const rect = await shownChapter(page)
    .locator("body")
    .evaluate((body, wanted) => {
      const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(wanted);
        if (at === -1) continue;
        const range = body.ownerDocument.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const box = range.getClientRects()[0]!;
        return { left: box.left, right: box.right, top: box.top, height: box.height };
      }
      throw new Error(`${wanted} is not in the chapter`);
    }, text);
  return {
    left: frame!.x + rect.left,
    right: frame!.x + rect.right,
    middle: frame!.y + rect.top + rect.height / 2,
  };
}

/** Drags the mouse across the first occurrence of `text` in the chapter on screen. */
async function selectText(page: Page, text: string): Promise<void> {
  const box = await textBox(page, text);
  await page.mouse.move(box.left + 1, box.middle);
  await page.mouse.down();
  await page.mouse.move(box.right - 1, box.middle, { steps: 8 });
  await page.mouse.up();
}

test.describe("the reader", () => {
  test.use({ readerOptions: { balance: 20, logIn: "later" } });

  test("contents, look, a highlight with a note, a bookmark and search, on every device", async ({
    page,
    reader,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await reader.logInWithToken();
    const book = await findBook(page.request, "Moby-Dick");
    await reader.borrow(book.bookId);

    // Open from the book's page: the first page of text is on screen within a second.
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await expect(page).toHaveURL(/\/reader\?url=/);
    const opened = Date.now();
    await expect(shownChapter(page).locator("body")).toContainText("Moby-Dick", {
      timeout: 20_000,
    });
    const firstText = Date.now() - opened;
    test.info().annotations.push({ type: "first text (ms)", description: String(firstText) });
    await expect(pageLabel(page)).toHaveText(/^Page 1 of [\d,]+ · 0%$/);

    // Jump through the contents to chapter 3, then back to chapter 1.
    await showControls(page);
    await page.getByRole("button", { name: "Contents" }).click();
    const contents = page.getByRole("navigation", { name: "Table of contents" });
    await contents.getByRole("button", { name: /^Chapter 3\./ }).click();
    await expect(shownChapter(page).locator("body")).toContainText("Spouter-Inn");
    await expect(page.locator(".reader-progress__chapter")).toHaveText(/^Chapter 3\./);
    await showControls(page);
    await page.getByRole("button", { name: "Contents" }).click();
    await expect(contents.getByRole("button", { name: /^Chapter 3\./ })).toHaveAttribute(
      "aria-current",
      "location",
    );
    await contents.getByRole("button", { name: /^Chapter 1\./ }).click();
    await expect(shownChapter(page).locator("body")).toContainText("Call me Ishmael");

    // A key press turns the page: the text moves. How fast is `npm run bench`'s to measure.
    const moved = await page.evaluate(async (selector) => {
      const frame = document.querySelector<HTMLIFrameElement>(selector)!;
      const scroller = frame.contentDocument!.scrollingElement!;
      const before = scroller.scrollLeft;
      const started = performance.now();
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
      while (scroller.scrollLeft === before && performance.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return scroller.scrollLeft !== before;
    }, SHOWN_FRAME);
    expect(moved).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await expect(shownChapter(page).locator("body")).toContainText("Call me Ishmael");

    // Dark theme and larger text, from the settings panel.
    await showControls(page);
    await page.getByRole("button", { name: "Reading settings" }).click();
    const settings = page.getByRole("dialog", { name: "Reading settings" });
    await settings.getByRole("radio", { name: "Dark" }).check();
    await settings.getByRole("button", { name: "Larger text" }).click();
    await expect(settings.getByText("110%")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await expect(page.locator(".reader")).toHaveClass(/reader-theme--dark/);
    await expect
      .poll(() =>
        shownChapter(page)
          .locator("html")
          .evaluate((html) => getComputedStyle(html).backgroundColor),
      )
      .toBe("rgb(28, 25, 22)");

    // Highlight the first sentence with a note.
    await selectText(page, "Call me Ishmael.");
    const popup = page.getByRole("toolbar", { name: "Highlight the selection" });
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Add note" }).click();
    const noteDialog = page.getByRole("dialog", { name: "Add a note" });
    await expect(noteDialog.getByRole("blockquote")).toHaveText("Call me Ishmael.");
    await noteDialog.getByLabel("Note").fill("The narrator names himself.");
    await noteDialog.getByRole("radio", { name: "Green" }).check();
    await noteDialog.getByRole("button", { name: "Save" }).click();
    await expect(noteDialog).toBeHidden();
    await expect.poll(() => highlightRanges(page, "folio-green")).toBe(1);
    await expect
      .poll(() => annotationsOf(page.request, reader, book.bookId))
      .toEqual([
        expect.objectContaining({
          kind: "highlight",
          text: "Call me Ishmael.",
          note: "The narrator names himself.",
          color: "green",
        }),
      ]);

    // Clicking the highlight opens it: its note can be changed there.
    const highlighted = await textBox(page, "Call me Ishmael.");
    await page.mouse.click((highlighted.left + highlighted.right) / 2, highlighted.middle);
    const edit = page.getByRole("dialog", { name: "Highlight" });
    await expect(edit.getByLabel("Note")).toHaveValue("The narrator names himself.");
    await edit.getByLabel("Note").fill("The narrator names himself: Ishmael.");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => (await annotationsOf(page.request, reader, book.bookId))[0]?.note)
      .toBe("The narrator names himself: Ishmael.");

    // Bookmark this page.
    const bookmark = page.getByRole("button", { name: "Bookmark this page" });
    await showControls(page);
    await bookmark.click();
    await expect(bookmark).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(async () => (await annotationsOf(page.request, reader, book.bookId)).length)
      .toBe(2);

    // Search for Ishmael and jump to a hit in a later chapter: the passage is flashed.
    await showControls(page);
    await page.getByRole("button", { name: "Search in book" }).click();
    const search = page.getByRole("dialog", { name: "Search in this book" });
    await search.getByLabel("Words to find").fill("Ishmael");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(search.getByRole("status")).toHaveText(/^\d+ matches$/, { timeout: 20_000 });
    const chapters = search.getByRole("heading", { level: 3 });
    expect(await chapters.count()).toBeGreaterThan(3);
    const laterChapter = (await chapters.nth(3).innerText()).trim();
    await search
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: laterChapter, exact: true }) })
      .getByRole("button")
      .first()
      .click();
    await expect(search).toBeHidden();
    await expect(page.locator(".reader-progress__chapter")).toHaveText(laterChapter);
    await expect(shownChapter(page).locator("body")).toContainText("Ishmael");
    await expect.poll(() => highlightRanges(page, "folio-flash")).toBe(1);
    const place = await pageLabel(page).innerText();

    // Reload: the place and the look come back.
    await page.waitForTimeout(1500);
    await page.reload();
    await waitForBook(page);
    await expect(pageLabel(page)).toHaveText(place);
    await expect(page.locator(".reader")).toHaveClass(/reader-theme--dark/);

    // Another device (a fresh browser context, a taller screen): place, settings, highlight and
    // bookmark. Its screens of the chapter are laid out for its own size, so the page label's
    // "Page N of M" may differ; how far through the book the place is (the percentage) may not.
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      const elsewhere = await other.newPage();
      await openElsewhere(elsewhere, reader, book.bookId);
      const percent = place.split(" · ").at(-1)!;
      expect(percent).toMatch(/^\d+%$/);
      await expect(pageLabel(elsewhere)).toHaveText(new RegExp(`^Page \\d+ of \\d+ · ${percent}$`));
      await expect(elsewhere.locator(".reader")).toHaveClass(/reader-theme--dark/);
      await showControls(elsewhere);
      await elsewhere.getByRole("button", { name: "Reading settings" }).click();
      await expect(
        elsewhere.getByRole("dialog", { name: "Reading settings" }).getByText("110%"),
      ).toBeVisible();
      await elsewhere.keyboard.press("Escape");

      await showControls(elsewhere);
      await elsewhere.getByRole("button", { name: "Bookmarks and highlights" }).click();
      const notes = elsewhere.getByRole("dialog", { name: "Bookmarks and highlights" });
      await expect(notes.getByRole("listitem")).toHaveCount(2);
      await expect(notes).toContainText("The narrator names himself: Ishmael.");
      await expect(notes).toContainText("Bookmark · Chapter 1. Loomings.");
      await notes
        .getByRole("button", { name: /Call me Ishmael/ })
        .first()
        .click();
      await expect(shownChapter(elsewhere).locator("body")).toContainText("Call me Ishmael");
      await expect.poll(() => highlightRanges(elsewhere, "folio-green")).toBe(1);
      await expect(elsewhere.getByRole("button", { name: "Bookmark this page" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    } finally {
      await other.close();
    }
    await reader.giveBack(book.bookId);
  });

  test("the page counts the chapter's screens, and Scroll keys read on a screen at a time, for this book alone", async ({
    page,
    reader,
  }) => {
    test.setTimeout(120_000);
    await reader.logInWithToken();
    const book = await findBook(page.request, "Moby-Dick");
    const other = await findBook(page.request, "Great Expectations");
    await reader.borrow([book.bookId, other.bookId]);
    // Every text the page label and the running foot show, from the page's very start.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as Window & { labelsSeen?: string[] }).labelsSeen = seen;
      const note = () => {
        for (const selector of [".reader-progress__page", ".reader-running-foot"]) {
          const text = document.querySelector(selector)?.textContent?.trim();
          if (text && seen.at(-1) !== text) seen.push(text);
        }
      };
      new MutationObserver(note).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const labelsSeen = () =>
      page.evaluate(() => (window as Window & { labelsSeen?: string[] }).labelsSeen ?? []);
    await page.goto(readerPath(book.bookId));
    await waitForBook(page);
    await openChapter(page, /^Chapter 1\./);
    await expect(shownChapter(page).locator("body")).toContainText("Call me Ishmael");

    // The label counts the screens of the chapter, as its frame lays them out side by side.
    const screens = () =>
      shownChapter(page)
        .locator("body")
        .evaluate((body) => {
          const scroller = body.ownerDocument.scrollingElement!;
          const frame = body.ownerDocument.defaultView!;
          return {
            index: Math.round(frame.scrollX / frame.innerWidth) + 1,
            count: Math.ceil(scroller.scrollWidth / frame.innerWidth - 0.02),
          };
        });
    const first = await screens();
    expect(first.index).toBe(1);
    expect(first.count).toBeGreaterThan(1);
    await expect(pageLabel(page)).toHaveText(new RegExp(`^Page 1 of ${first.count} · \\d+%$`));
    await expect(page.locator(".reader-running-foot")).toHaveText(`1 / ${first.count}`);
    await page.locator(".reader-stage").focus();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/reading/progress") && response.ok(),
    );
    await page.keyboard.press("ArrowRight");
    await expect(pageLabel(page)).toHaveText(new RegExp(`^Page 2 of ${first.count} · \\d+%$`));
    expect(await screens()).toEqual({ index: 2, count: first.count });
    await saved;

    // Opened again at that place: the label shows the page once it is measured, and never a
    // stand-in "Page 1 of 1" before.
    const place = await pageLabel(page).innerText();
    await page.reload();
    await waitForBook(page);
    await expect(pageLabel(page)).toHaveText(place);
    const seen = await labelsSeen();
    expect(seen.filter((text) => /^Page 1 of 1\b|^1 \/ 1$/.test(text))).toEqual([]);
    expect([...new Set(seen.filter((text) => text.startsWith("Page")))]).toEqual([place]);

    // Scroll layout: the keys scroll a screen within the chapter, back and forth.
    await showControls(page);
    await page.getByRole("button", { name: "Reading settings" }).click();
    const settings = page.getByRole("dialog", { name: "Reading settings" });
    await settings.getByRole("radio", { name: "Scroll" }).check();
    await page.keyboard.press("Escape");
    await expect(page.locator(".reader")).toHaveAttribute("data-layout", "scrolled");
    const scroll = () =>
      shownChapter(page)
        .locator("body")
        .evaluate((body) => {
          const scroller = body.ownerDocument.scrollingElement!;
          const frame = body.ownerDocument.defaultView!;
          return {
            top: scroller.scrollTop,
            height: frame.innerHeight,
            bottom: scroller.scrollHeight - frame.innerHeight,
          };
        });
    await expect.poll(async () => (await scroll()).bottom).toBeGreaterThan(1000);
    await page.locator(".reader-stage").focus();
    for (const [key, direction] of [
      ["ArrowDown", 1],
      ["PageDown", 1],
      [" ", 1],
      ["ArrowUp", -1],
      ["PageUp", -1],
    ] as const) {
      const before = await scroll();
      await page.keyboard.press(key);
      await expect
        .poll(async () => ((await scroll()).top - before.top) * direction, { message: key })
        .toBeGreaterThan(before.height * 0.5);
      expect(((await scroll()).top - before.top) * direction, key).toBeLessThanOrEqual(
        before.height,
      );
      await expect(page.locator(".reader-progress__chapter")).toHaveText(/^Chapter 1\./);
    }
    // At the chapter's end the next key goes on to the next chapter.
    await shownChapter(page)
      .locator("body")
      .evaluate((body) => {
        const scroller = body.ownerDocument.scrollingElement!;
        scroller.scrollTop = scroller.scrollHeight;
      });
    await expect.poll(async () => (await scroll()).top).toBeGreaterThan(1000);
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(".reader-progress__chapter")).toHaveText(/^Chapter 2\./);

    // The layout is this book's: another book opens in pages, and this one again in Scroll.
    await page.goto(readerPath(other.bookId));
    await waitForBook(page);
    await expect(page.locator(".reader")).toHaveAttribute("data-layout", "paginated");
    await page.goto(readerPath(book.bookId));
    await waitForBook(page);
    await expect(page.locator(".reader")).toHaveAttribute("data-layout", "scrolled");
    await reader.giveBack(book.bookId);
  });

  test("on a phone the text starts at the top and the controls step aside @phone-only", async ({
    page,
    reader,
  }) => {
    test.setTimeout(60_000);
    await reader.logInWithToken();
    // Moby-Dick: the one seeded book with its whole text; the desktop journeys give theirs back.
    const book = await findBook(page.request, "Moby-Dick");
    await reader.borrow(book.bookId);
    await page.goto(readerPath(book.bookId));
    await waitForBook(page);
    await openChapter(page, /^Chapter 1\./);

    // The controls step aside and the book fills the screen from the top.
    await expect(page.locator(".reader")).toHaveAttribute("data-controls", "hidden");
    // The bars slide away over 0.2 s: wait for the slide to end, not just for it to start.
    const topBar = page.locator(".reader-bar--top");
    await expect
      .poll(async () => {
        const bar = await topBar.boundingBox();
        return bar!.y + bar!.height;
      })
      .toBeLessThanOrEqual(0);
    const frame = await page.locator(SHOWN_FRAME).boundingBox();
    expect(frame!.y).toBeLessThanOrEqual(40);
    expect(frame!.height).toBeGreaterThan(700);
    const firstLine = await shownChapter(page)
      .locator("body")
      .evaluate((body) => {
        const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent!.trim()) continue;
          const range = body.ownerDocument.createRange();
          range.selectNodeContents(node);
          const box = range.getClientRects()[0];
          if (box && box.left >= 0 && box.left < window.innerWidth) return box.top;
        }
        return Infinity;
      });
    expect(frame!.y + firstLine).toBeLessThan(120);

    // A tap in the middle brings the controls back; one on the right turns the page.
    const viewport = page.viewportSize()!;
    await page.touchscreen.tap(viewport.width / 2, viewport.height / 2);
    await expect(page.locator(".reader")).toHaveAttribute("data-controls", "shown");
    const before = await pageLabel(page).innerText();
    await page.touchscreen.tap(viewport.width - 30, viewport.height / 2);
    await expect(pageLabel(page)).not.toHaveText(before);
    await expect(page.locator(".reader")).toHaveAttribute("data-controls", "hidden");

    // A swipe to the left turns to the next page, one to the right back again.
    const scrolled = () =>
      shownChapter(page)
        .locator("body")
        .evaluate((body) => body.ownerDocument.scrollingElement!.scrollLeft);
    const swipe = async (fromX: number, toX: number) => {
      const touch = await page.context().newCDPSession(page);
      const y = viewport.height / 2;
      const at = (x: number) => [{ x, y }];
      await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(fromX) });
      for (let step = 1; step <= 8; step++) {
        const x = fromX + ((toX - fromX) * step) / 8;
        await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(x) });
      }
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await touch.detach();
    };
    const pageWidth = await shownChapter(page)
      .locator("body")
      .evaluate((body) => body.ownerDocument.defaultView!.innerWidth);
    // Where the page has come to rest: on a whole page, after the snap's animation.
    const restingPage = async () => {
      const x = Math.round(await scrolled());
      return x % pageWidth === 0 ? x / pageWidth : null;
    };
    const beforeSwipe = await restingPage();
    expect(beforeSwipe).not.toBeNull();
    await swipe(viewport.width - 40, 40);
    await expect.poll(restingPage).toBe(beforeSwipe! + 1);
    await swipe(40, viewport.width - 40);
    await expect.poll(restingPage).toBe(beforeSwipe);
    await reader.giveBack(book.bookId);
  });
});
