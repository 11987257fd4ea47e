import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, registerReader, test } from "./fixtures";

/** A seeded title with five copies that no other journey reviews. */
const BOOK_TITLE = "The Lost World";
const OTHER_BOOK_TITLE = "Captain Blood";

const longDate = (value: string | number) =>
  new Intl.DateTimeFormat("en-GB", { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(value),
  );

interface SeedBook {
  bookId: string;
  title: string;
  availableCopies: number;
}

async function findBook(request: APIRequestContext, title: string): Promise<SeedBook> {
  const response = await request.get(`/api/books/search?title=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const { books } = (await response.json()) as { books: SeedBook[] };
  const book = books.find((candidate) => candidate.title === title);
  expect(book, `the seed has ${title}`).toBeDefined();
  return book!;
}

function toast(page: Page, text: string) {
  return page.locator(".toasts").getByText(text, { exact: true });
}

function reviewsSection(page: Page) {
  return page.getByRole("region", { name: "Reviews", exact: true });
}

test.describe("reviews", () => {
  // Each journey sets its reader up over the API, then logs the page in with their token.
  test.use({ readerOptions: { logIn: "later" } });

  test("a reader reviews a borrowed book, finds it in My Reviews and deletes it", async ({
    page,
    reader,
  }) => {
    test.setTimeout(60_000);
    const book = await findBook(page.request, BOOK_TITLE);
    await reader.topUp(20);
    await reader.borrow(book.bookId);
    await reader.logInWithToken();

    await page.goto(`/book/${book.bookId}`);
    await expect(page.getByRole("heading", { level: 1, name: BOOK_TITLE })).toBeVisible();
    const reviews = reviewsSection(page);
    await expect(reviews.getByText("No reviews yet. Be the first to review!")).toBeVisible();
    await expect(page.locator(".book-details").getByText("No ratings yet")).toBeVisible();
    const post = reviews.getByRole("button", { name: "Post review" });
    await expect(post).toBeDisabled();
    await expectAccessible(page);

    // The stars answer the keyboard: choose 3, then one step right makes 4.
    await reviews.getByRole("radio", { name: "3 stars" }).check();
    await page.keyboard.press("ArrowRight");
    await expect(reviews.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(reviews.getByRole("radio", { name: "4 stars" })).toBeFocused();
    await expect(post).toBeDisabled();
    const text = "A plateau of dinosaurs, told with\nboyish delight. <b>Recommended</b>.";
    await reviews.getByRole("textbox", { name: "Your review" }).fill(text);
    await expect(reviews.getByText(`${text.length}/2000 characters`)).toBeVisible();
    await expect(post).toBeEnabled();
    await post.click();

    await expect(toast(page, "Thank you for your review")).toBeVisible();
    const list = reviews.getByRole("list", { name: "Reviews of this book" });
    const mine = list.getByRole("listitem");
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(reader.name);
    await expect(mine).toContainText("Your review");
    await expect(mine).toContainText(longDate(Date.now()));
    // Typed markup stays text.
    await expect(mine.getByText("<b>Recommended</b>", { exact: false })).toBeVisible();
    await expect(mine.locator("b")).toHaveCount(0);
    await expect(mine.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
    // The book's own rating follows without a reload.
    await expect(page.locator(".book-details__rating")).toContainText("4.0");
    await expect(page.locator(".book-details__rating")).toContainText("(1 review)");
    await expect(reviews.getByText("You have already reviewed this book.")).toBeVisible();
    await expect(post).toHaveCount(0);
    await expectAccessible(page);

    // The reader edits it where it shows (issue 45): the form comes filled in, light and dark.
    await mine.getByRole("button", { name: "Edit your review" }).click();
    const editForm = reviews.getByRole("form", { name: "Edit your review" });
    await expect(editForm.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await expect(editForm.getByRole("textbox", { name: "Your review" })).toHaveValue(text);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });
    await editForm.getByRole("radio", { name: "5 stars" }).check();
    await editForm.getByRole("textbox", { name: "Your review" }).fill("A plateau of dinosaurs.");
    await editForm.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Your review is updated")).toBeVisible();
    await expect(editForm).toBeHidden();
    await expect(mine.getByRole("img", { name: "Rated 5.0 out of 5" })).toBeVisible();
    await expect(mine).toContainText("Edited");
    await expect(page.locator(".book-details__rating")).toContainText("5.0");
    await expect(mine.getByRole("button", { name: "Edit your review" })).toBeFocused();

    // Profile › Comment Records lists it.
    await page.goto("/user/profile");
    await page
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Comment Records" })
      .click();
    await expect(page).toHaveURL(/\/user\/profile\?view=Reviews$/);
    await expect(page.getByRole("heading", { level: 2, name: "My Reviews" })).toBeVisible();
    const entry = page.getByRole("list", { name: "Your reviews" }).getByRole("listitem");
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole("link", { name: BOOK_TITLE })).toHaveAttribute(
      "href",
      `/book/${book.bookId}`,
    );
    await expect(entry.getByRole("img", { name: "Rated 5.0 out of 5" })).toBeVisible();
    await expect(entry).toContainText("A plateau of dinosaurs");
    await expectAccessible(page);

    // Edited there too.
    await entry.getByRole("button", { name: `Edit your review of ${BOOK_TITLE}` }).click();
    const profileForm = entry.getByRole("form", { name: "Edit your review" });
    await expect(profileForm.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await expectAccessible(page);
    await profileForm.getByRole("radio", { name: "3 stars" }).check();
    await profileForm.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Your review is updated")).toBeVisible();
    await expect(entry.getByRole("img", { name: "Rated 3.0 out of 5" })).toBeVisible();

    // Delete, after a confirmation that can be cancelled.
    const remove = entry.getByRole("button", { name: `Delete your review of ${BOOK_TITLE}` });
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete review" });
    await expect(dialog).toContainText("Are you sure you want to delete this comment?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(entry).toHaveCount(1);

    await remove.click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Review deleted")).toBeVisible();
    await expect(entry).toHaveCount(0);
    await expect(page.getByText("You have not reviewed any books yet.")).toBeVisible();

    // Gone from the book too, and its rating with it; the form is offered again.
    await page.goto(`/book/${book.bookId}`);
    await expect(reviews.getByText("No reviews yet. Be the first to review!")).toBeVisible();
    await expect(page.locator(".book-details").getByText("No ratings yet")).toBeVisible();
    await expect(reviews.getByRole("button", { name: "Post review" })).toBeVisible();
  });

  test("a visitor is asked to log in before reviewing", async ({ page }) => {
    const book = await findBook(page.request, BOOK_TITLE);
    await page.goto(`/book/${book.bookId}`);
    const reviews = reviewsSection(page);
    await expect(reviews.getByText("Please login to post a review")).toBeVisible();
    await expect(reviews.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);
    await reviews.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a reader who never borrowed the book is told why they cannot review it", async ({
    page,
    reader,
  }) => {
    // Another book, which a borrower has already reviewed, so the page shows a list and a form.
    const book = await findBook(page.request, OTHER_BOOK_TITLE);
    const borrower = await registerReader(page.request, { name: "Peter Blood" });
    await borrower.topUp(20);
    await borrower.borrow(book.bookId);
    await borrower.review(book.bookId, 5, "Swashbuckling from the first page.");

    await reader.logInWithToken();
    await page.goto(`/book/${book.bookId}`);
    const reviews = reviewsSection(page);
    const list = reviews.getByRole("list", { name: "Reviews of this book" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("Swashbuckling from the first page.");
    await expect(list).not.toContainText("Your review");
    await reviews.getByRole("radio", { name: "2 stars" }).check();
    await reviews.getByRole("textbox", { name: "Your review" }).fill("I have only heard of it.");
    await expectAccessible(page);

    await reviews.getByRole("button", { name: "Post review" }).click();
    await expect(reviews.getByRole("alert")).toHaveText(
      "You can review a book once you have borrowed it.",
    );
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);
  });

  test("the reviews and the form fit a phone @phone", async ({ page, reader }) => {
    const book = await findBook(page.request, BOOK_TITLE);
    await reader.logInWithToken();
    await page.goto(`/book/${book.bookId}`);
    const reviews = reviewsSection(page);
    await expect(reviews.getByRole("button", { name: "Post review" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "horizontal overflow on the book page").toBeLessThanOrEqual(0);
  });
});
