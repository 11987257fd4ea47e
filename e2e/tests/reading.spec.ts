import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import {
  findBook,
  expectNextScreen,
  pageLabel,
  screenPlace,
  shownChapter,
  openChapter,
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

/** The WCAG contrast ratio of two opaque sRGB colours, [r, g, b] in 0–255. */
function contrastRatio(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The reader's chrome that shows words: bars, running head and foot, panels and their parts. */
const CHROME_TEXT = [
  ".reader-bar__title",
  ".reader-bar--top .reader-icon-button",
  ".offline-control__button",
  ".reader-progress__chapter",
  ".reader-progress__page",
  ".reader-progress__time",
  ".reader-running-head",
  ".reader-running-foot",
  ".reader-panel__title",
  ".reader-panel .reader-icon-button",
  ".reader-panel__empty",
  ".reader-settings__label",
  ".reader-segmented__option span",
  ".reader-stepper__button",
  ".reader-stepper__value",
  ".reader-toc__item",
  ".reader-search__input",
  ".reader-search__status",
  ".reader-search__chapter",
  ".reader-search__hit",
  ".reader-button",
].join(", ");

/**
 * Each piece of chrome on screen with words (or an icon) in it, its text colour and the colour
 * behind it: the backgrounds under it laid one on another, and its own colour on those, as the
 * eye sees them.
 */
async function chromeColours(page: Page) {
  return page.evaluate((selector) => {
    const rgba = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return value.startsWith("rgba") || value.split(",").length === 4
        ? [r, g, b, a]
        : [r, g, b, 1];
    };
    const over = (top: number[], under: number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.offsetParent !== null || element.closest(".reader-panel"))
      .filter((element) => element.textContent.trim() !== "" || element.querySelector("svg"))
      .map((element) => {
        const layers: number[][] = [];
        for (let at: Element | null = element; at; at = at.parentElement) {
          const layer = rgba(getComputedStyle(at).backgroundColor);
          if (layer[3]! > 0) layers.push(layer);
          if (layer[3] === 1) break;
        }
        let background = [255, 255, 255];
        for (const layer of layers.reverse()) background = over(layer, background);
        const text = over(rgba(getComputedStyle(element).color), background);
        const name = `${element.className} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
        return { name, text, background };
      });
  }, CHROME_TEXT);
}

/** Every piece of chrome on screen reads at 4.5:1 or better against what is behind it. */
async function expectChromeContrast(page: Page, where: string): Promise<number> {
  const colours = await chromeColours(page);
  const poor = colours
    .map(({ name, text, background }) => ({ name, ratio: contrastRatio(text, background) }))
    .filter(({ ratio }) => ratio < 4.5)
    .map(({ name, ratio }) => `${name}: ${ratio.toFixed(2)}`);
  expect(poor, `contrast under 4.5:1 in ${where}`).toEqual([]);
  return colours.length;
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
    await openChapter(page, /^Chapter 1\./);
    await expect(shownChapter(page).locator("body")).toContainText("Call me Ishmael");
    await expectChromeAccessible(page);

    // Next page: ArrowRight, a click in the margin beside the text and one on the text's
    // right third each move the place on a screen (into the next chapter after the last).
    const chapterStart = await screenPlace(page);
    await page.keyboard.press("ArrowRight");
    await expectNextScreen(page, chapterStart);
    const afterKey = await screenPlace(page);
    const viewport = page.viewportSize()!;
    await page.mouse.click(viewport.width - 10, viewport.height / 2);
    await expectNextScreen(page, afterKey);
    const afterMargin = await screenPlace(page);
    await page.mouse.click(viewport.width * 0.8, viewport.height / 2);
    await expectNextScreen(page, afterMargin);
    // The click left focus inside the book's frame: its keys turn pages too.
    const afterTap = await screenPlace(page);
    expect(
      await page.evaluate(() => document.activeElement?.tagName),
      "focus is in the book's frame",
    ).toBe("IFRAME");
    await page.keyboard.press("PageDown");
    await expectNextScreen(page, afterTap);
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
    // Justified text, and hyphenated so that its lines keep an even spacing; Left undoes both.
    const paragraph = () =>
      shownChapter(page)
        .locator("p")
        .first()
        .evaluate((p) => ({
          align: getComputedStyle(p).textAlign,
          hyphens: getComputedStyle(p).hyphens,
        }));
    await settings.getByRole("radio", { name: "Justified" }).check();
    await expect.poll(paragraph).toEqual({ align: "justify", hyphens: "auto" });
    await settings.getByRole("radio", { name: "Left" }).check();
    await expect.poll(async () => (await paragraph()).align).toBe("start");
    expect((await paragraph()).hyphens).not.toBe("auto");
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

  test("a book read to its last page is 100% read, on the page and on the server @phone", async ({
    page,
    reader,
  }) => {
    test.setTimeout(60_000);
    await reader.logInWithToken();
    const book = await findBook(page.request, "Great Expectations");
    await reader.borrow(book.bookId);
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await waitForBook(page);
    await showControls(page);
    await page.getByRole("button", { name: "Contents" }).click();
    await page
      .getByRole("navigation", { name: "Table of contents" })
      .getByRole("button")
      .last()
      .click();
    await expect(pageLabel(page)).toHaveText(/^Page \d+ of \d+ · \d+%$/);
    await page.locator(".reader-stage").focus();
    // On to the last screen of the last chapter.
    for (let turn = 0; turn < 30; turn += 1) {
      const label = await pageLabel(page).innerText();
      const [, index, count] = /^Page (\d+) of (\d+)/.exec(label)!;
      if (index === count) break;
      await page.keyboard.press("ArrowRight");
      await expect(pageLabel(page)).not.toHaveText(label);
    }
    await expect(pageLabel(page)).toHaveText(/ · 100%$/);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/reading/progress?bookId=${book.bookId}`, {
            headers: { Authorization: `Bearer ${reader.token}` },
          });
          return ((await response.json()) as { percentage: number | null }).percentage;
        },
        { timeout: 10_000 },
      )
      .toBe(100);
    await reader.giveBack(book.bookId);
  });

  // The dark system, where the bars vanished, on both sizes; the light one on a desktop.
  for (const [scheme, sizes] of [
    ["light", ""],
    ["dark", " @phone"],
  ] as const) {
    test(`the chrome reads clearly in every reader theme on a ${scheme} system${sizes}`, async ({
      page,
      reader,
    }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      await reader.logInWithToken();
      const book = await findBook(page.request, "Great Expectations");
      await reader.borrow(book.bookId);
      await page.goto(`/book/${book.bookId}`);
      await page.getByRole("button", { name: `Read ${book.title}` }).click();
      await waitForBook(page);
      const settings = page.getByRole("dialog", { name: "Reading settings" });
      for (const theme of ["Auto", "Light", "Sepia", "Dark"]) {
        const where = `the ${theme} theme on a ${scheme} system`;
        await showControls(page);
        await page.getByRole("button", { name: "Reading settings" }).click();
        await settings.getByRole("radio", { name: theme }).check();
        expect(await expectChromeContrast(page, `${where}, settings`)).toBeGreaterThan(20);
        await expectAccessible(page, { exclude: ["iframe"] });
        await page.keyboard.press("Escape");
        await expect(settings).toBeHidden();

        // The bars, and each panel over the book: contents, search (with its hits), notes.
        await showControls(page);
        await expectChromeContrast(page, `${where}, bars`);
        await page.getByRole("button", { name: "Contents" }).click();
        const contents = page.getByRole("dialog", { name: "Contents" });
        await expect(contents.getByRole("button").nth(1)).toBeVisible();
        await expectChromeContrast(page, `${where}, contents`);
        await page.keyboard.press("Escape");
        await expect(contents).toBeHidden();
        await showControls(page);
        await page.getByRole("button", { name: "Search in book" }).click();
        const search = page.getByRole("dialog", { name: "Search in this book" });
        await search.getByLabel("Words to find").fill("public");
        await search.getByRole("button", { name: "Search" }).click();
        await expect(search.getByRole("heading", { level: 3 }).first()).toBeVisible();
        await expectChromeContrast(page, `${where}, search`);
        await page.keyboard.press("Escape");
        await expect(search).toBeHidden();
        await showControls(page);
        await page.getByRole("button", { name: "Bookmarks and highlights" }).click();
        const notes = page.getByRole("dialog", { name: "Bookmarks and highlights" });
        await expect(notes).toBeVisible();
        await expectChromeContrast(page, `${where}, notes`);
        await page.keyboard.press("Escape");
        await expect(notes).toBeHidden();
      }
      await reader.giveBack(book.bookId);
    });
  }

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
