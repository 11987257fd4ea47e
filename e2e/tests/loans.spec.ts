import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { pageLabel } from "./reader-helpers";

interface ShelfBook {
  bookId: string;
  title: string;
  author: string;
  price: number;
  availableCopies: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const longDate = (iso: string | number) =>
  new Intl.DateTimeFormat("en-GB", { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(iso),
  );
const pounds = (amount: number) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amount);

/** Each journey borrows books no other journey has touched, so no licence or copy runs out. */
const usedBookIds = new Set<string>();

async function freshBooks(request: APIRequestContext, count: number): Promise<ShelfBook[]> {
  const found: ShelfBook[] = [];
  for (let page = 1; page <= 4 && found.length < count; page += 1) {
    const response = await request.get(`/api/books/popular?page=${page}&pageSize=50`);
    expect(response.ok()).toBe(true);
    const { books } = (await response.json()) as { books: ShelfBook[] };
    for (const book of books) {
      if (found.length < count && book.availableCopies > 0 && !usedBookIds.has(book.bookId)) {
        usedBookIds.add(book.bookId);
        found.push(book);
      }
    }
  }
  expect(found, "enough books with a free copy").toHaveLength(count);
  return found;
}

function toast(page: Page, text: string | RegExp) {
  return page.locator(".toasts").getByText(text);
}

function loanCard(page: Page, title: string) {
  return page
    .getByRole("tabpanel")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test.describe("loans", () => {
  // Each journey sets its reader's loans up over the API first, then logs the page in.
  test.use({ readerOptions: { logIn: "later" } });

  test("renew and return a borrowed book from My Books", async ({ page, reader }) => {
    test.setTimeout(60_000);
    await reader.topUp(50);
    const [book] = await freshBooks(page.request, 1);
    const [loan] = await reader.borrow([book!.bookId]);
    const dueDate = loan!.dueDate;

    await reader.logIn();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "My Books" })
      .click();
    await expect(page).toHaveURL(/\/user\/books$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Currently Borrowed" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const card = loanCard(page, book!.title);
    await expect(card).toContainText(book!.author);
    await expect(card).toContainText(`Due date${longDate(dueDate)}`);
    await expect(card).toContainText("Borrowed");
    await expect(card.getByRole("button", { name: `Read ${book!.title}` })).toBeVisible();
    await expect(card).toContainText("Time left30 days left");
    await expect(card).toContainText("Not started");
    await expectAccessible(page);

    // The renewal modal: fee = the book's price, the balance after the borrow, the new date.
    const renewedDue = longDate(new Date(dueDate).getTime() + 30 * DAY_MS);
    await card.getByRole("button", { name: `Renew ${book!.title}`, exact: true }).click();
    const renewal = page.getByRole("dialog", { name: "Renew book" });
    await expect(renewal).toContainText(`Renewal fee${pounds(book!.price)}`);
    await expect(renewal).toContainText(`Your balance${pounds(50 - book!.price)}`);
    await expect(renewal).toContainText(`Current due date${longDate(dueDate)}`);
    await expect(renewal).toContainText(`New due date${renewedDue}`);
    await expectAccessible(page);
    await renewal.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, `It is now due on ${renewedDue}.`)).toBeVisible();
    await expect(renewal).toBeHidden();
    await expect(card).toContainText(`Due date${renewedDue}`);

    // The balance dropped by the price, on the modal and on the profile.
    const balanceNow = pounds(50 - 2 * book!.price);
    await card.getByRole("button", { name: `Renew ${book!.title}`, exact: true }).click();
    await expect(renewal).toContainText(`Your balance${balanceNow}`);
    await renewal.getByRole("button", { name: "Cancel" }).click();

    // Return, after a confirmation.
    await card.getByRole("button", { name: `Return ${book!.title}`, exact: true }).click();
    const giveBack = page.getByRole("dialog", { name: "Return book" });
    await expect(giveBack).toContainText(`Return “${book!.title}”`);
    await expectAccessible(page);
    await giveBack.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, `“${book!.title}” has been returned.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText("You have no books on loan at the moment.")).toBeVisible();

    await page.getByRole("tab", { name: "Borrowing History" }).click();
    await expect(page).toHaveURL(/\/user\/books\?tab=history$/);
    const past = loanCard(page, book!.title);
    await expect(past).toContainText("Returned");
    await expect(past).toContainText(`Return date${longDate(Date.now())}`);
    await expectAccessible(page);

    await page.goto("/user/profile");
    await expect(page.locator(".account-details")).toContainText(balanceNow);
  });

  test("borrow, Read now, then My Books shows the progress and opens the reader @phone", async ({
    page,
    reader,
  }) => {
    test.setTimeout(90_000);
    await reader.topUp(20);
    const [book] = (await freshBooks(page.request, 3)).filter((b) => b.title !== "Moby-Dick");
    await reader.logIn();

    await page.goto(`/book/${book!.bookId}`);
    await page.getByRole("button", { name: "Borrow", exact: true }).click();
    const success = page.getByRole("dialog", { name: "Borrow successful" });
    await success.getByRole("button", { name: "Read now" }).click();
    await expect(page).toHaveURL(/\/reader\?url=/);
    await expect(page.getByRole("heading", { level: 1, name: book!.title })).toBeVisible({
      timeout: 20_000,
    });
    // The place is known as the text shows; the next page moves it on.
    await expect(pageLabel(page)).toHaveText(/^Page [\d,]+ of [\d,]+ · \d+%$/, {
      timeout: 30_000,
    });
    const opened = await pageLabel(page).innerText();
    const openedIn = await page.locator(".reader-progress__chapter").innerText();
    // On a busy machine the label can show before the reader takes keys: a key that went
    // nowhere is pressed again once the last one has had its time, until the page has turned
    // (to the chapter's next screen, or the next chapter's first).
    await expect(async () => {
      await page.keyboard.press("ArrowRight");
      await expect
        .poll(
          async () =>
            (await pageLabel(page).innerText()) !== opened ||
            (await page.locator(".reader-progress__chapter").innerText()) !== openedIn,
          { timeout: 3_000 },
        )
        .toBe(true);
    }).toPass({ timeout: 20_000 });
    // The place reaches the server a second after the last turn.
    await page.waitForTimeout(1500);

    await page.goto("/user/books");
    const card = loanCard(page, book!.title);
    await expect(card).toContainText("Time left30 days left");
    await expect(card.getByRole("progressbar", { name: /^\d+% read$/ })).toBeVisible();
    await expectAccessible(page);
    // Read goes straight to the book, not to its page.
    await card.getByRole("button", { name: `Read ${book!.title}` }).click();
    await expect(page).toHaveURL(/\/reader\?url=/);
    await expect(page.getByRole("heading", { level: 1, name: book!.title })).toBeVisible({
      timeout: 20_000,
    });
    await page.goBack();

    // After the return, focus is on what is left of the list, not lost to the page.
    await card.getByRole("button", { name: `Return ${book!.title}`, exact: true }).click();
    await page
      .getByRole("dialog", { name: "Return book" })
      .getByRole("button", { name: "Confirm" })
      .click();
    const empty = page.getByText("You have no books on loan at the moment.");
    await expect(empty).toBeVisible();
    await expect(empty).toBeFocused();
    await expectAccessible(page);
  });

  test("Loan History pages, filters and searches twelve loans", async ({ page, reader }) => {
    test.setTimeout(60_000);
    await reader.topUp(500);
    const books = await freshBooks(page.request, 12);
    await reader.borrow(books.slice(0, 10).map((book) => book.bookId));
    const returned = books.slice(0, 2);
    for (const book of returned) await reader.giveBack(book.bookId);
    await reader.borrow(books.slice(10).map((book) => book.bookId));

    await reader.logIn();
    await page.goto("/user/loan-history");
    await expect(page.getByRole("heading", { level: 2, name: "Loan History" })).toBeVisible();
    const table = page.getByRole("table", { name: "Loan history, page 1 of 3" });
    await expect(table.getByRole("row")).toHaveCount(6);
    await expect(table.getByRole("columnheader")).toHaveText([
      "Book Info",
      "Borrow Date",
      "Due Date",
      "Status",
      "Actions",
    ]);
    await expect(page.getByText("Showing 1–5 of 12 loans")).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Loan history pages" });
    await expect(pages.getByRole("button", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3"]);
    await expectAccessible(page);

    await pages.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("table", { name: "Loan history, page 2 of 3" })).toBeVisible();
    await pages.getByRole("button", { name: "Page 3" }).click();
    await expect(page.getByText("Showing 11–12 of 12 loans")).toBeVisible();
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(3);

    // Filtering goes back to page 1.
    await page.getByLabel("Status").selectOption("Returned");
    await expect(page.getByText("Showing 1–2 of 2 loans")).toBeVisible();
    const rows = page.getByRole("table", { name: "Loan history, page 1 of 1" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    for (const book of returned) {
      await expect(rows.filter({ hasText: book.title }).first()).toContainText("Returned");
    }
    await page.getByLabel("Status").selectOption("Borrowed");
    await expect(page.getByText("Showing 1–5 of 10 loans")).toBeVisible();

    await page.getByLabel("Status").selectOption("All");
    const wanted = books[7]!;
    await page.getByRole("searchbox", { name: "Search by title or author" }).fill(wanted.title);
    const found = page.getByRole("table").getByRole("row").filter({ hasText: wanted.title });
    await expect(found.first()).toBeVisible();
    await expect(
      found.first().getByRole("link", { name: `View Details of ${wanted.title}`, exact: true }),
    ).toHaveAttribute("href", `/book/${wanted.bookId}`);
    await page.getByRole("searchbox", { name: "Search by title or author" }).fill("zzzz-no-such");
    await expect(page.getByText("No loans match your search.")).toBeVisible();

    // Current Borrowings lists the ten books still out.
    await page
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Current Borrowings" })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Current Borrowings" })).toBeVisible();
    const current = page.locator(".profile__view").getByRole("listitem");
    await expect(current).toHaveCount(10);
    await expect(current.first()).toContainText("Borrow date");
    await expect(current.first()).toContainText("Due date");
    await expectAccessible(page);
    const open = books[10]!;
    await page.getByRole("link", { name: `View Details of ${open.title}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/book/${open.bookId}$`));
  });

  test("the mail link /mybooks asks a visitor to log in, then opens My Books", async ({
    page,
    reader,
  }) => {
    await page.goto("/mybooks");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(reader.email);
    await page.getByLabel("Password").fill(reader.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/books$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
    await expect(page.getByText("You have no books on loan at the moment.")).toBeVisible();
  });

  test("a renewal the balance cannot pay offers Top Up instead", async ({ page, reader }) => {
    const [book] = await freshBooks(page.request, 1);
    // Exactly the price: after borrowing, nothing is left for the renewal.
    await reader.topUp(book!.price);
    await reader.borrow([book!.bookId]);

    await reader.logIn();
    await page.goto("/user/books");
    await loanCard(page, book!.title)
      .getByRole("button", { name: `Renew ${book!.title}`, exact: true })
      .click();
    const renewal = page.getByRole("dialog", { name: "Renew book" });
    await expect(renewal.getByRole("alert")).toHaveText(
      `Insufficient balance, you need ${pounds(book!.price)}`,
    );
    await expect(renewal.getByRole("button", { name: "Confirm" })).toHaveCount(0);
    await expectAccessible(page);
    await renewal.getByRole("link", { name: "Top Up" }).click();
    await expect(page).toHaveURL(/\/user\/profile\?view=TopUp$/);
  });

  test("My Books and Loan History fit a phone @phone", async ({ page, reader }) => {
    await reader.topUp(100);
    const books = await freshBooks(page.request, 2);
    await reader.borrow(books.map((book) => book.bookId));
    await reader.giveBack(books[0]!.bookId);

    await reader.logIn();
    for (const path of ["/user/books", "/user/books?tab=history", "/user/loan-history"]) {
      await page.goto(path);
      await expect(page.getByText(books[1]!.title).first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
    await loanCardOnPhone(page, books[1]!.title);
  });
});

/** A Loan History row (a card on a phone) stays inside the screen. */
async function loanCardOnPhone(page: Page, title: string) {
  const row = page.getByRole("table").getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  const box = await row.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
