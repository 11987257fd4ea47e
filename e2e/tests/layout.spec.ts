import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** Four copies: the dark-mode journey borrows one in each project. */
const BORROWED_TITLE = "Just So Stories";
const CART_TITLE = "Winesburg, Ohio";

/** The profile's entries, in the sidebar's order, with the heading each view shows. */
const PROFILE_ENTRIES = [
  ["User Details", "User Details"],
  ["Current Borrowings", "Current Borrowings"],
  ["Loan History", "Loan History"],
  ["Wish List", "Wish List"],
  ["Comment Records", "My Reviews"],
  ["Top Up", "Top Up"],
  ["Payment Records", "Payment Records"],
  ["Settings", "Settings"],
  ["Read in Apps", "Read in Apps"],
] as const;

const DARK_PAPER = "rgb(21, 17, 14)";
const LIGHT_PAPER = "rgb(250, 246, 239)";

async function bookId(page: Page, title: string): Promise<string> {
  const response = await page.request.get("/api/books/search", { params: { title } });
  expect(response.ok()).toBe(true);
  const { books } = (await response.json()) as { books: { bookId: string; title: string }[] };
  const book = books.find((candidate) => candidate.title === title);
  expect(book, `seed book ${title}`).toBeTruthy();
  return book!.bookId;
}

const header = (page: Page) => page.getByRole("banner");
const menuButton = (page: Page) => header(page).getByRole("button", { name: "Menu" });
const drawer = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const pageBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe("layout", () => {
  // Only the phone project runs these (playwright.config.ts: @phone-only).
  test.describe("on a phone", () => {
    test("the header is one short row that stays in reach @phone-only", async ({ page }) => {
      await page.goto("/books");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const box = await header(page).boundingBox();
      expect(box!.height, "header height").toBeLessThanOrEqual(64);
      // Every control of the row sits inside that one row.
      for (const control of await header(page)
        .getByRole("link")
        .or(header(page).getByRole("button"))
        .all()) {
        if (!(await control.isVisible())) continue;
        const part = await control.boundingBox();
        expect(part!.y + part!.height).toBeLessThanOrEqual(box!.y + box!.height);
      }

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
      await expect(header(page)).toBeInViewport();
      expect((await header(page).boundingBox())!.y).toBe(0);
      await expect(menuButton(page)).toBeInViewport();

      // From 320 px up the header never wraps into a second row.
      for (const width of [320, 360, 414, 600, 768, 1024, 1099, 1100, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        const height = (await header(page).boundingBox())!.height;
        expect(height, `header height at ${width} px`).toBeLessThanOrEqual(72);
        expect(await horizontalOverflow(page), `overflow at ${width} px`).toBeLessThanOrEqual(0);
      }
    });

    test("the search button reveals the title search @phone-only", async ({ page }) => {
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "Search books by title" });
      await expect(box).toBeHidden();
      const toggle = header(page).getByRole("button", { name: "Title search" });
      await toggle.tap();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(box).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(box).toBeHidden();
      await expect(toggle).toBeFocused();

      await toggle.tap();
      await box.fill("moby");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?title=moby/);
      await expect(page.getByRole("link", { name: "Moby-Dick" })).toBeVisible();
      await expect(box).toBeHidden();
    });

    test("the menu opens and closes by touch and keyboard, and its links go @phone-only", async ({
      page,
      reader,
    }) => {
      await page.goto("/");
      // A tap beside the drawer closes it; focus goes back to the button.
      await menuButton(page).tap();
      await expect(drawer(page)).toBeVisible();
      await expect(drawer(page).getByRole("button", { name: "Close" })).toBeFocused();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
      await page.touchscreen.tap(20, 400);
      await expect(drawer(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      // The keyboard: Enter opens, Tab stays inside, Escape closes.
      await page.keyboard.press("Enter");
      await expect(drawer(page)).toBeVisible();
      for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
      expect(await drawer(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(drawer(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      // A member's links and account entries.
      await menuButton(page).tap();
      const main = drawer(page).getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link")).toHaveText(["Home", "Categories", "My Books"]);
      await expect(drawer(page).getByText(`Signed in as ${reader.name}`)).toBeVisible();
      await expect(drawer(page).getByRole("link", { name: "Profile" })).toBeVisible();
      await expect(drawer(page).getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(drawer(page).getByRole("radio", { name: "System" })).toBeChecked();
      await expectAccessible(page);

      await main.getByRole("link", { name: "My Books" }).tap();
      await expect(page).toHaveURL(/\/user\/books$/);
      await expect(drawer(page)).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();

      await menuButton(page).tap();
      await drawer(page).getByRole("link", { name: "Profile" }).tap();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await expect(drawer(page)).toBeHidden();

      await menuButton(page).tap();
      await drawer(page).getByRole("button", { name: "Logout" }).tap();
      await expect(page).toHaveURL(/\/login$/);
      await expect(drawer(page)).toBeHidden();
    });

    test("a visitor's menu offers Login and Register @phone-only", async ({ page }) => {
      await page.goto("/categories");
      await menuButton(page).tap();
      const main = drawer(page).getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link")).toHaveText(["Home", "Categories"]);
      await expect(main.getByRole("link", { name: "Categories" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(drawer(page).getByRole("link", { name: "Login" })).toBeVisible();
      await drawer(page).getByRole("link", { name: "Register" }).tap();
      await expect(page).toHaveURL(/\/register$/);
      await expect(drawer(page)).toBeHidden();
    });

    test("the Hold ready bookmark has a visible word, and the menus read in both schemes @phone-only", async ({
      page,
      reader,
    }) => {
      // A ready hold, as the holds list answers it: the header's state, not the queue, is tested.
      const found = await page.request.get("/api/books/search", { params: { title: "Emma" } });
      const { books } = (await found.json()) as { books: { bookId: string }[] };
      const book = books[0]!;
      await page.route("**/api/holds/list", (route) =>
        route.fulfill({
          json: {
            state: "success",
            holds: [
              {
                holdId: "1",
                bookId: book.bookId,
                book,
                status: "ready",
                position: null,
                placedAt: new Date().toISOString(),
                readyUntil: new Date(Date.now() + 86_400_000).toISOString(),
                estimatedWaitDays: null,
                autoBorrow: false,
              },
            ],
          },
        }),
      );
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto("/books");
        const ready = header(page).getByRole("link", { name: "Hold ready" });
        await expect(ready).toBeVisible();
        await expect(ready.getByText("Ready", { exact: true })).toBeVisible();
        for (const width of [320, 375]) {
          await page.setViewportSize({ width, height: 812 });
          const row = (await header(page).boundingBox())!;
          expect(row.height, `header height at ${width} px`).toBeLessThanOrEqual(64);
          const link = (await ready.boundingBox())!;
          expect(link.y + link.height).toBeLessThanOrEqual(row.y + row.height);
          expect(await horizontalOverflow(page), `overflow at ${width} px`).toBeLessThanOrEqual(0);
        }
        await expectAccessible(page);

        await menuButton(page).tap();
        await expect(drawer(page).getByRole("button", { name: "Logout" })).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press("Escape");

        await page.goto("/user/profile");
        await expect(page.getByText(reader.email)).toBeVisible();
        const profileNav = page.getByRole("navigation", { name: "Profile" });
        await expect(profileNav.getByRole("list", { name: "Reading" })).toBeVisible();
        await expectAccessible(page);
      }
    });

    test("every profile view is reachable and whole at 375 px @phone-only", async ({
      page,
      reader,
    }) => {
      await page.goto("/user/profile");
      await expect(page.getByText(reader.email)).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Profile" });
      await expect(nav.getByRole("link")).toHaveText(PROFILE_ENTRIES.map(([label]) => label));
      const entries = [
        ...(await nav.getByRole("link").all()),
        page.getByRole("button", { name: "Log out" }),
        page.getByRole("button", { name: "Delete Account" }),
      ];
      for (const entry of entries) {
        await expect(entry).toBeInViewport({ ratio: 1 });
        const cut = await entry.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(cut, `${await entry.textContent()} is cut off`).toBeLessThanOrEqual(0);
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // Issue 45: Delete Account sits apart, below Log out, never beside it.
      const logOut = (await page.getByRole("button", { name: "Log out" }).boundingBox())!;
      const deleteAccount = (await page
        .getByRole("button", { name: "Delete Account" })
        .boundingBox())!;
      expect(deleteAccount.y - (logOut.y + logOut.height)).toBeGreaterThanOrEqual(16);

      for (const [label, heading] of PROFILE_ENTRIES) {
        await nav.getByRole("link", { name: label }).tap();
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
        await expect(nav.getByRole("link", { name: label })).toHaveAttribute(
          "aria-current",
          "page",
        );
        expect(await horizontalOverflow(page), `overflow on ${label}`).toBeLessThanOrEqual(0);
      }
      await expectAccessible(page);
    });
  });

  // Untagged: only the desktop project runs these.
  test.describe("on a desktop", () => {
    test("the header shows the whole navigation at 1280 px", async ({ page, reader }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/");
      const main = header(page).getByRole("navigation", { name: "Main" });
      await expect(main.getByRole("link")).toHaveText(["Home", "Categories", "My Books"]);
      await expect(page.getByRole("combobox", { name: "Search books by title" })).toBeVisible();
      await expect(header(page).getByRole("button", { name: reader.name })).toBeVisible();
      await expect(header(page).getByRole("button", { name: "Theme" })).toBeVisible();
      await expect(menuButton(page)).toBeHidden();
      await expect(header(page).getByRole("button", { name: "Title search" })).toBeHidden();
      expect((await header(page).boundingBox())!.height).toBeLessThanOrEqual(72);

      // Issue 45: the user menu's entries in groups, Logout on its own, in both schemes.
      await header(page).getByRole("button", { name: reader.name }).click();
      const account = header(page).getByRole("list", { name: "Account" });
      await expect(account.getByRole("link")).toHaveText(["Profile", "Settings"]);
      await expect(
        header(page).getByRole("list", { name: "Reading" }).getByRole("link"),
      ).toHaveText(["My Books", "Holds"]);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectAccessible(page);
      }
      await page.goto("/user/profile");
      await expect(page.getByText(reader.email)).toBeVisible();
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        await expectAccessible(page);
      }
    });

    test("the theme switch's choice survives a reload and a logout", async ({ page, reader }) => {
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/");
      expect(await pageBackground(page)).toBe(LIGHT_PAPER);

      const themeButton = header(page).getByRole("button", { name: "Theme" });
      await themeButton.click();
      await page.getByRole("radio", { name: "Dark" }).check();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await pageBackground(page)).toBe(DARK_PAPER);
      await page.keyboard.press("Escape");
      await expect(themeButton).toBeFocused();

      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await pageBackground(page)).toBe(DARK_PAPER);
      await expectAccessible(page);

      // A device preference: logging out keeps it.
      await header(page).getByRole("button", { name: reader.name }).click();
      await header(page).getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

      // System: the page follows the system's setting as it changes.
      await themeButton.click();
      await page.getByRole("radio", { name: "System" }).check();
      await expect(page.locator("html")).not.toHaveAttribute("data-theme");
      expect(await pageBackground(page)).toBe(LIGHT_PAPER);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => pageBackground(page)).toBe(DARK_PAPER);

      // Light holds against a dark system, also after a reload.
      await page.getByRole("radio", { name: "Light" }).check();
      await page.reload();
      expect(await pageBackground(page)).toBe(LIGHT_PAPER);
    });
  });

  test.describe("in dark mode", () => {
    test.use({ readerOptions: { logIn: "later", balance: 10 } });

    test("the pages are accessible @phone", async ({ page, reader }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
      expect(await pageBackground(page)).toBe(DARK_PAPER);
      await expectAccessible(page);

      const borrowed = await bookId(page, BORROWED_TITLE);
      await reader.borrow(borrowed);
      await reader.review(borrowed, 4, "A fine bedtime read.");
      const cartResponse = await page.request.post("/api/cart/add", {
        data: { bookId: await bookId(page, CART_TITLE) },
        headers: { Authorization: `Bearer ${reader.token}` },
      });
      expect(cartResponse.ok()).toBe(true);
      await reader.logInWithToken();

      const pages: [string, RegExp | string][] = [
        ["/", "Find your next great read"],
        [`/book/${borrowed}`, BORROWED_TITLE],
        ["/books", "Library Collection"],
        ["/search?title=the", "Search results"],
        ["/cart", "My Cart"],
        ["/user/profile", "My Profile"],
        ["/user/reviews", "My Profile"],
        ["/user/books", "My Books"],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Let the page's data arrive before axe looks.
        await expect(page.locator(".skeleton")).toHaveCount(0);
        expect(await pageBackground(page), path).toBe(DARK_PAPER);
        await expectAccessible(page);
      }
    });
  });
});
