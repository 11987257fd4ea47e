import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./fixtures";

declare global {
  interface Window {
    /** Layout shifts not caused by input since navigation, summed (the CLS guard below). */
    layoutShift?: number;
  }
}

/** From navigation on, every layout shift the page makes by itself is summed in the page. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) window.layoutShift! += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

test.describe("browsing the catalogue", () => {
  test("home shows popular books and loads more when scrolled to the bottom", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Popular Book Recommendations" })).toBeVisible();
    const popular = page.locator("section.paged-list").first();
    await expect(popular.getByRole("article")).toHaveCount(10);
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
    await expectAccessible(page);

    // Reaching the end loads the next page, whole; a page that leaves the end still in view
    // loads the one after too (ui/load-more-trigger.tsx), so each scroll adds at least a page.
    const books = popular.getByRole("article").getByRole("link");
    const loadsMoreWhenScrolled = async (shown: number) => {
      await page.mouse.wheel(0, 20_000);
      await expect.poll(() => books.count()).toBeGreaterThanOrEqual(shown + 10);
      const hrefs = await books.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs.length % 10, "a page came in part").toBe(0);
      expect(new Set(hrefs).size, "a book came twice").toBe(hrefs.length);
      return hrefs.length;
    };
    await loadsMoreWhenScrolled(await loadsMoreWhenScrolled(10));
  });

  test("the whole library pages to its end", async ({ page }) => {
    await page.goto("/books");
    await expect(page.getByRole("heading", { name: "Library Collection", level: 1 })).toBeVisible();
    const more = page.getByRole("button", { name: /load more/i });
    const end = page.getByText("No more books");
    const articles = page.locator("section.paged-list article");
    // Keyboard users page with the button; 144 seed books at 10 a page. Each click waits for
    // the next page (or the end) however slow the machine is, rather than a fixed number of polls.
    for (let clicks = 0; !(await end.isVisible()); clicks += 1) {
      expect(clicks).toBeLessThan(20);
      const shown = await articles.count();
      // Scrolling the button into view can load the next page on its own (the list also loads
      // as a reader reaches its end), which moves the button or, on the last page, removes it.
      await more.click({ timeout: 5_000 }).catch(async (error: unknown) => {
        if (!(await end.isVisible())) throw error;
      });
      await expect
        .poll(async () => (await articles.count()) > shown || (await end.isVisible()))
        .toBe(true);
    }
    expect(await articles.count()).toBeGreaterThanOrEqual(144);
  });

  test("searching from the header finds a title", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search books by title" });
    await box.fill("moby");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?title=moby/);
    await expect(page.getByRole("link", { name: "Moby-Dick" })).toBeVisible();
    await expect(page.getByText("No more books")).toBeVisible();
    await expectAccessible(page);
  });

  test("searching from Home by author, with the spec's message for an empty search", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.getByRole("search", { name: "Search books" });
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("At least one search parameter is required").first()).toBeVisible();

    await form.getByLabel("Author").fill("  austen ");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?author=austen$/);
    const results = page.locator("section.paged-list article");
    await expect(results.first()).toBeVisible();
    for (const author of await results.locator(".book-card__author").allTextContents()) {
      expect(author).toBe("Jane Austen");
    }
    await page.goto("/search?title=zzzznotabook");
    await expect(page.getByText("No data available")).toBeVisible();
  });

  test("opening a category shows its books and count", async ({ page }) => {
    await page.goto("/categories");
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: /^Poetry/ }).click();
    await expect(page).toHaveURL(/\/categories\?category=\d+/);
    await expect(page.getByText("Currently 12 books in total.")).toBeVisible();
    await expect(page.locator("section.paged-list article").first()).toBeVisible();
    await expectAccessible(page);

    const id = new URL(page.url()).searchParams.get("category");
    await page.goto(`/category/${id}`);
    await expect(page.getByRole("heading", { name: "Poetry", level: 1 })).toBeVisible();
    await expect(page.getByText("Currently 12 books in total.")).toBeVisible();
    await expectAccessible(page);
  });

  test("a book's page shows its details, and asks a visitor to log in", async ({ page }) => {
    await page.goto("/search?title=moby-dick");
    await page.getByRole("link", { name: "Moby-Dick" }).click();
    await expect(page).toHaveURL(/\/book\/\d+$/);
    await expect(page.getByRole("heading", { name: "Moby-Dick", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Herman Melville" })).toBeVisible();
    await expect(page.locator(".book-details__facts").getByText(/^£\d\.\d\d$/)).toBeVisible();
    await expect(page.getByText(/^\d\/\d$/)).toBeVisible();
    await expect(page.getByText("No reviews yet. Be the first to review!")).toBeVisible();
    // The full text, not a sample.
    await expect(page.locator(".book-details")).not.toContainText("Sample edition");
    await expect(page.locator("img").first()).toHaveJSProperty("complete", true);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add to cart" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Please login to add items to cart");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("link", { name: "Herman Melville" }).click();
    await expect(page).toHaveURL(/\/search\?author=Herman(\+|%20)Melville/);
  });

  test("a card's badges never cover its cover, title or author, in every grid and row @phone", async ({
    page,
  }) => {
    /** Every card's badges that meet its cover, title or author; and how many cards have one. */
    const overlaps = () =>
      page.locator(".book-card").evaluateAll((cards) => {
        const meet = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const hits = cards.flatMap((card) => {
          const parts = [".book-cover", ".book-card__title", ".book-card__author"].map(
            (selector) =>
              [selector, card.querySelector(selector)!.getBoundingClientRect()] as const,
          );
          return [...card.querySelectorAll(".availability-badge, .sample-badge")].flatMap(
            (badge) => {
              const box = badge.getBoundingClientRect();
              return parts
                .filter(([, part]) => meet(box, part))
                .map(([selector]) => `${card.textContent} — ${badge.textContent} on ${selector}`);
            },
          );
        });
        const badged = cards.filter((card) => card.querySelector(".availability-badge")).length;
        return { hits, cards: cards.length, badged };
      });
    const expectClear = async (where: string) => {
      await expect(page.locator(".book-card .availability-badge").first()).toBeVisible();
      const found = await overlaps();
      expect(found.hits, where).toEqual([]);
      expect(found.badged, where).toBe(found.cards);
    };

    for (const path of ["/", "/books", "/search?title=the"]) {
      await page.goto(path);
      await expectClear(path);
    }
    // A book page's related rows.
    await page.goto("/search?title=pride%20and%20prejudice");
    await page.getByRole("link", { name: "Pride and Prejudice" }).first().click();
    await page.getByRole("heading", { name: "More by Jane Austen" }).scrollIntoViewIfNeeded();
    await expectClear("related rows");
  });

  // On a phone, where the badge has least room; the cards' geometry is checked at both sizes above.
  test("a sample edition says so on its card and its page, at a sample's price, light and dark @phone-only", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/search?title=pride%20and%20prejudice");
    const card = page.getByRole("article").filter({ hasText: "Pride and Prejudice" }).first();
    await expect(card.getByText("Sample", { exact: true })).toBeVisible();
    await expect(card).toContainText("£0.99");
    await expectAccessible(page);
    await card.getByRole("link", { name: "Pride and Prejudice" }).click();
    await expect(
      page.getByRole("heading", { name: "Pride and Prejudice", level: 1 }),
    ).toBeVisible();
    const badge = page.locator(".book-details").getByText("Sample edition — the first pages");
    await expect(badge).toBeVisible();
    await expect(page.locator(".book-details__facts")).toContainText("£0.99");
    // Drawn with the book, on one line: it never pushes the page down after it.
    expect((await badge.boundingBox())!.height).toBeLessThan(24);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });
    await expectAccessible(page);
  });

  // Lighthouse's layout-shift score (design.md §6): nothing that arrives after the first answer
  // may move what is already drawn. Checked once the last parts of each page are in.
  test("Home and a book's page do not move as they load @phone", async ({ page }) => {
    await recordLayoutShifts(page);
    const moby = await page.request.get("/api/books/search", { params: { title: "Moby-Dick" } });
    const { bookId } = (await moby.json()) as { bookId: string[] };

    await page.goto("/");
    const popular = page.locator("section.paged-list").first();
    await expect(popular.getByRole("article")).toHaveCount(10);
    await expect(popular.locator("img").first()).toHaveJSProperty("complete", true);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => window.layoutShift), "layout shift on Home").toBeLessThan(
      0.01,
    );

    await page.goto(`/book/${bookId[0]}`);
    await expect(page.getByRole("heading", { level: 1, name: "Moby-Dick" })).toBeVisible();
    await expect(page.getByRole("region", { name: /^More in / })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
    await expect(
      page
        .getByText("No reviews yet. Be the first to review!")
        .or(page.getByRole("list", { name: "Reviews of this book" })),
    ).toBeVisible();
    await expect(page.locator(".book-details__cover img")).toHaveJSProperty("complete", true);
    await page.evaluate(() => document.fonts.ready);
    expect(
      await page.evaluate(() => window.layoutShift),
      "layout shift on a book's page",
    ).toBeLessThan(0.01);
  });

  test("an unknown book says so", async ({ page }) => {
    await page.goto("/book/999999");
    await expect(page.getByText(/^Unable to load book details: /)).toBeVisible();
  });

  test("on a phone Home and search show books on the first screen, and a category its books @phone-only", async ({
    page,
  }) => {
    const screenHeight = page.viewportSize()!.height;
    const topOf = async (locator: ReturnType<typeof page.locator>) =>
      (await locator.boundingBox())!.y;

    await page.goto("/");
    const firstBook = page.locator("section.paged-list article").first();
    await expect(firstBook).toBeVisible();
    expect(await topOf(firstBook)).toBeLessThan(screenHeight);
    // The three-field search waits behind its button, and opens ready to type.
    const form = page.getByRole("search", { name: "Search books" });
    await expect(form).toBeHidden();
    const unfold = page.getByRole("button", { name: "Search by title, author or category" });
    await expectAccessible(page);
    await unfold.click();
    await expect(unfold).toHaveAttribute("aria-expanded", "true");
    await expect(form.getByLabel("Title")).toBeFocused();
    const author = form.getByRole("textbox", { name: "Author" });
    await author.fill("dickens");
    await author.press("Enter");
    await expect(page).toHaveURL(/\/search\?author=dickens$/);

    await page.goto("/search?title=the");
    const firstResult = page.locator("section.paged-list article").first();
    await expect(firstResult).toBeVisible();
    expect(await topOf(firstResult)).toBeLessThan(screenHeight * 0.45);
    await expectAccessible(page);

    await page.goto("/categories");
    await page.getByRole("link", { name: /^Short Stories/ }).click();
    await expect(page).toHaveURL(/\/categories\?category=\d+$/);
    const heading = page.getByRole("heading", { level: 2, name: "Short Stories" });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByText(/^Currently \d+ books in total\.$/)).toBeInViewport();
    await expectAccessible(page);
  });

  test("on a phone the pages fit the screen @phone", async ({ page }) => {
    for (const path of ["/", "/categories", "/book/1", "/search?author=dickens"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});
