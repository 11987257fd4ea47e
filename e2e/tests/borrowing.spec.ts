import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

interface ShelfBook {
  bookId: string;
  title: string;
  price: number;
}

const pounds = (amount: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amount);

/**
 * A seed book by its exact title. Each journey uses its own titles, late in the alphabet and
 * with five copies, so no other journey in the run takes their last copy.
 */
async function bookTitled(page: Page, title: string): Promise<ShelfBook> {
  const response = await page.request.get("/api/books/search", { params: { title } });
  expect(response.ok()).toBe(true);
  const { books } = (await response.json()) as { books: ShelfBook[] };
  const book = books.find((candidate) => candidate.title === title);
  expect(book, `seed book ${title}`).toBeTruthy();
  return book!;
}

function toast(page: Page, text: string | RegExp) {
  return page.locator(".toasts").getByText(text);
}

function header(page: Page) {
  return page.getByRole("banner");
}

/** Tops up through Profile › Top Up with a custom amount; lands on Payment Records. */
async function topUpBy(page: Page, amount: number) {
  await page.getByLabel(/custom amount/).fill(String(amount));
  await page.getByRole("button", { name: "Confirm Top Up" }).click();
  await expect(
    toast(page, `Top up successful! ${pounds(amount)} has been added to your account`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/profile\?view=PaymentRecords$/);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("borrowing", () => {
  // Each journey starts with a fresh reader, logged in through the form as a reader would.
  test.beforeEach(async ({ page, reader, isMobile }) => {
    if (isMobile) {
      // A phone's header keeps the account in its menu drawer.
      await header(page).getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu.getByText(`Signed in as ${reader.name}`)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    } else {
      await expect(
        header(page).getByRole("button", { name: reader.name, exact: true }),
      ).toBeVisible();
    }
  });

  test("top up, fill the cart from two book pages, borrow it all, pay from the balance", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const first = await bookTitled(page, "The Wind in the Willows");
    const second = await bookTitled(page, "The Story of My Life");

    // Top up £20 from the profile.
    await page.goto("/user/profile?view=TopUp");
    await expect(page.getByRole("heading", { level: 2, name: "Top Up" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm Top Up" })).toBeDisabled();
    await expectAccessible(page);
    await topUpBy(page, 20);
    const records = page.getByRole("table");
    await expect(records.getByRole("row")).toHaveCount(2);
    await expect(records.getByRole("row").nth(1)).toContainText("£20.00");
    await expect(records.getByRole("row").nth(1)).toContainText("Completed");
    await expect(records.getByRole("row").nth(1)).toContainText(
      /\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d/,
    );
    await expectAccessible(page);

    // Two books into the cart from their pages; the header counts them.
    for (const [index, book] of [first, second].entries()) {
      await page.goto(`/book/${book.bookId}`);
      await expect(page.getByRole("heading", { level: 1, name: book.title })).toBeVisible();
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByRole("button", { name: "Added to cart" })).toBeVisible();
      const count = index + 1;
      await expect(
        header(page).getByRole("link", {
          name: `Cart, ${count} ${count === 1 ? "book" : "books"}`,
        }),
      ).toBeVisible();
    }
    expect(
      await page.evaluate(() =>
        (JSON.parse(localStorage.getItem("cartItems") ?? "[]") as { bookId: string }[]).map(
          (item) => item.bookId,
        ),
      ),
    ).toEqual([first.bookId, second.bookId]);

    await header(page).getByRole("link", { name: "Cart, 2 books" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Cart" })).toBeVisible();
    await expect(page.getByRole("link", { name: first.title })).toBeVisible();
    await expect(page.getByRole("link", { name: second.title })).toBeVisible();
    const total = Math.round((first.price + second.price) * 100) / 100;
    await expect(page.locator(".cart__total dd")).toHaveText(pounds(total));
    await expectAccessible(page);

    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    await expect(toast(page, "Successfully borrowed 2 books.")).toBeVisible();
    await expect(page).toHaveURL(/\/user\/books$/);
    await expect(header(page).getByRole("link", { name: "Cart, 0 books" })).toBeVisible();

    // My Books shows both loans.
    const current = page.getByRole("tabpanel");
    await expect(current.getByText(first.title, { exact: true }).first()).toBeVisible();
    await expect(current.getByText(second.title, { exact: true }).first()).toBeVisible();

    // The server lists both loans for this reader.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const listed = await page.request.post("/api/borrow/borrowlist", {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(listed.ok()).toBe(true);
    const { data } = (await listed.json()) as { data: { bookId: string }[] };
    expect(data.map((loan) => loan.bookId).sort()).toEqual([first.bookId, second.bookId].sort());

    // The two prices came off the balance.
    await page.goto("/user/profile");
    await expect(page.locator(".account-details__balance")).toHaveText(
      pounds(Math.round((20 - total) * 100) / 100),
    );
  });

  test("a short balance leads to Top Up and back, then the book is borrowed", async ({ page }) => {
    test.setTimeout(60_000);
    const book = await bookTitled(page, "Trent's Last Case");

    await page.goto(`/book/${book.bookId}`);
    await expect(page.getByRole("heading", { level: 1, name: book.title })).toBeVisible();
    const copies = page.locator(".book-details__facts").getByText(/^\d+\/\d+$/);
    const copiesBefore = await copies.textContent();
    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    const short = page.getByRole("dialog", { name: "Insufficient balance" });
    await expect(short).toContainText(
      `Your account balance is insufficient. You need to top up ${pounds(book.price)} to borrow this book`,
    );
    await expect(short.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await short.getByRole("button", { name: "Top up" }).click();

    await expect(page).toHaveURL(/\/user\/profile\?view=TopUp$/);
    await expect(page.getByRole("heading", { level: 2, name: "Top Up" })).toBeVisible();
    await page.getByRole("button", { name: "£50.00" }).click();
    await expect(page.getByRole("button", { name: "£50.00" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Confirm Top Up" }).click();
    await expect(
      toast(page, "Top up successful! £50.00 has been added to your account"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/user\/profile\?view=PaymentRecords$/);

    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/book/${book.bookId}$`));
    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    const success = page.getByRole("dialog", { name: "Borrow successful" });
    await expect(success).toContainText(`You have borrowed ${book.title}.`);
    // What it cost and what is left of the £50 topped up (issue 45).
    await expect(success).toContainText(
      `${pounds(book.price)} charged, balance ${pounds(Math.round((50 - book.price) * 100) / 100)}`,
    );
    // On a wide screen its three actions share one row: "Read now" is not left on its own line.
    const actions = success.locator(".modal__actions").getByRole("button");
    await expect(actions).toHaveText(["Close", "View My Books", "Read now"]);
    const rows = new Set(
      await actions.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top)),
    );
    expect(rows.size, "rows of the success dialog's actions").toBe(1);
    await expectAccessible(page);
    await expect(page.getByRole("button", { name: "Already Borrowed" })).toBeDisabled();
    // One copy fewer on the shelf.
    const [available, totalCopies] = (copiesBefore ?? "0/0").split("/").map(Number);
    await expect(copies).toHaveText(`${available! - 1}/${totalCopies}`);
    // The success modal closes by itself.
    await expect(success).toBeHidden({ timeout: 5000 });

    // Still borrowed after a reload.
    await page.reload();
    // It is aria-disabled (so it keeps focus), and pressing it only repeats the warning.
    await page.getByRole("button", { name: "Already Borrowed" }).focus();
    await page.keyboard.press("Enter");
    const already = page.getByRole("dialog", { name: "Already borrowed" });
    await expect(already).toContainText("You have already borrowed this book");
    await expectAccessible(page);
    await already.getByRole("button", { name: "View My Books" }).click();
    await expect(page).toHaveURL(/\/user\/books$/);
  });

  test("the wishlist heart, its count and the Wish List view", async ({ page }) => {
    const book = await bookTitled(page, "The Souls of Black Folk");

    await page.goto(`/book/${book.bookId}`);
    const heart = page.getByRole("button", { name: "Wishlist", exact: true });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(header(page).getByRole("link", { name: "Wishlist, 0 books" })).toBeVisible();
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(header(page).getByRole("link", { name: "Wishlist, 1 book" })).toBeVisible();
    await expectAccessible(page);

    await header(page).getByRole("link", { name: "Wishlist, 1 book" }).click();
    await expect(page).toHaveURL(/\/user\/wishlist$/);
    await expect(page.getByRole("heading", { level: 2, name: "Wish List" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: book.title })).toBeVisible();
    await expect(page.getByRole("link", { name: `View details of ${book.title}` })).toHaveAttribute(
      "href",
      `/book/${book.bookId}`,
    );
    await expectAccessible(page);

    await page.getByRole("button", { name: `Remove ${book.title} from wishlist` }).click();
    await expect(toast(page, "Removed from wishlist")).toBeVisible();
    await expect(page.getByText("Your wish list is empty.")).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Wishlist, 0 books" })).toBeVisible();
    await expectAccessible(page);
  });

  test("clearing the cart asks first", async ({ page }) => {
    const book = await bookTitled(page, "The Four Million");
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(header(page).getByRole("link", { name: "Cart, 1 book" })).toBeVisible();

    await page.goto("/cart");
    await page.getByRole("button", { name: "Clear cart" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirm Cart Deletion" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Confirm Delete" }).click();
    await expect(toast(page, "Cart cleared")).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse books" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Cart, 0 books" })).toBeVisible();
    await expectAccessible(page);

    // With nothing in it, the cart says why it will not borrow or clear.
    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    await expect(toast(page, "Cart is empty, cannot borrow")).toBeVisible();
  });

  // What the form offers against what the server takes: the same at any size, so one size.
  test("the top-up form's hint and presets say what the server takes", async ({ page, reader }) => {
    const headers = { Authorization: `Bearer ${reader.token}` };
    const readLimits = async () => {
      const response = await page.request.get("/api/payments/limits", { headers });
      expect(response.ok()).toBe(true);
      return (await response.json()) as {
        maxAmount: number;
        dailyLimit: number;
        leftToday: number;
      };
    };
    const wholePounds = (value: number) => `£${value.toLocaleString("en-GB")}`;
    const presets = page.getByRole("group", { name: "Choose an amount" }).getByRole("button");

    const limits = await readLimits();
    const upTo = Math.floor(Math.min(limits.maxAmount, limits.dailyLimit));
    await page.goto("/user/profile?view=TopUp");
    await expect(page.getByText(`Whole pounds, from £1 to ${wholePounds(upTo)}.`)).toBeVisible();
    // Issue 45: amounts that fit books at £2 to £10, each one the server takes today.
    await expect(presets).toHaveText(["£5.00", "£10.00", "£20.00", "£50.00"]);
    for (const preset of await presets.all()) await expect(preset).toBeEnabled();
    await expect(page.getByLabel(/custom amount/)).toHaveAttribute("max", String(upTo));
    await expectAccessible(page);

    await presets.filter({ hasText: "£50.00" }).click();
    await page.getByRole("button", { name: "Confirm Top Up" }).click();
    await expect(
      toast(page, "Top up successful! £50.00 has been added to your account"),
    ).toBeVisible();

    // What is left today: the form and the server give the same figure.
    const after = await readLimits();
    expect(after.leftToday).toBe(limits.leftToday - 50);
    await page.goto("/user/profile?view=TopUp");
    await expect(page.getByLabel(/custom amount/)).toHaveAttribute(
      "max",
      String(Math.floor(after.leftToday)),
    );
    const over = await page.request.post("/api/payments/topup", {
      data: { amount: after.leftToday + 1 },
      headers,
    });
    expect(over.status()).toBeGreaterThanOrEqual(400);
    expect(over.status()).toBeLessThan(500);
  });

  test("a book's page on a phone: title, price and Borrow above the fold, and what a borrow cost @phone-only", async ({
    page,
    reader,
  }) => {
    const book = await bookTitled(page, "Black Beauty");
    await reader.topUp(20);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/book/${book.bookId}`);
      const title = page.getByRole("heading", { level: 1, name: book.title });
      const price = page.locator(".book-details__price");
      const borrow = page.getByRole("button", { name: "Borrow", exact: true });
      await expect(borrow).toBeVisible();
      const fold = page.viewportSize()!.height;
      for (const [what, part] of [
        ["title", title],
        ["price", price],
        ["Borrow", borrow],
      ] as const) {
        const box = (await part.boundingBox())!;
        expect(box.y + box.height, `${what} above the fold`).toBeLessThanOrEqual(fold);
      }
      // The cover stands beside the title, not a screen-wide picture first.
      const cover = (await page.locator(".book-details__cover").boundingBox())!;
      const heading = (await title.boundingBox())!;
      expect(cover.x + cover.width).toBeLessThanOrEqual(heading.x);
      expect(cover.width).toBeLessThan(page.viewportSize()!.width / 2);
      // Borrow is the main action: it comes first, and Add to cart looks secondary beside it.
      const addToCart = (await page.getByRole("button", { name: "Add to cart" }).boundingBox())!;
      expect((await borrow.boundingBox())!.x).toBeLessThan(addToCart.x);
      await expect(borrow).toHaveClass(/button--primary/);
      await expectAccessible(page);
    }

    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    const success = page.getByRole("dialog", { name: "Borrow successful" });
    // The reader had £20: the dialog names the price and what is left.
    await expect(success).toContainText(
      `${pounds(book.price)} charged, balance ${pounds(Math.round((20 - book.price) * 100) / 100)}`,
    );
    // Its three actions stand one under another, full width: none is left alone on a line.
    const actions = success.locator(".modal__actions").getByRole("button");
    await expect(actions).toHaveText(["Close", "View My Books", "Read now"]);
    const boxes = await Promise.all((await actions.all()).map((button) => button.boundingBox()));
    for (const box of boxes) {
      expect(box!.x).toBe(boxes[0]!.x);
      expect(box!.width).toBe(boxes[0]!.width);
    }
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[1]!.y);
    await expectAccessible(page);
  });

  test("the cart, Top Up and Payment Records fit a phone @phone", async ({ page }) => {
    const book = await bookTitled(page, "The Playboy of the Western World");
    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(header(page).getByRole("link", { name: "Cart, 1 book" })).toBeVisible();

    await page.goto("/cart");
    await expect(page.getByRole("link", { name: book.title })).toBeVisible();
    expect(await horizontalOverflow(page), "horizontal overflow on /cart").toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await page.goto("/user/profile?view=TopUp");
    await expect(page.getByRole("button", { name: "Confirm Top Up" })).toBeVisible();
    expect(await horizontalOverflow(page), "horizontal overflow on Top Up").toBeLessThanOrEqual(0);
    await topUpBy(page, 15);
    await expect(page.getByRole("table")).toBeVisible();
    expect(
      await horizontalOverflow(page),
      "horizontal overflow on Payment Records",
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
