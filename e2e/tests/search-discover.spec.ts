import { expect, expectAccessible, test } from "./fixtures";

// Search and discovery (design.md §7.5): a misspelt title still finds its book, and a search's
// sort and filters live in the address, so reloading keeps them and Back undoes the last one.
test.describe("search and discovery", () => {
  test("a misspelt title from Home finds the book, and offers the spelling meant", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.getByRole("search", { name: "Search books" });
    const title = form.getByRole("combobox", { name: "Title" });
    await title.fill("pride and prejudise");
    // With no suggestion chosen, Enter sends the search as typed.
    await title.press("Enter");
    await expect(page).toHaveURL(/\/search\?title=pride(\+|%20)and(\+|%20)prejudise$/);

    const didYouMean = page.getByText(/^Did you mean /);
    await expect(didYouMean).toHaveText("Did you mean Pride and Prejudice?");
    await expect(didYouMean.getByRole("link", { name: "Pride and Prejudice" })).toHaveAttribute(
      "href",
      "/search?title=Pride+and+Prejudice",
    );
    const first = page.locator("section.paged-list article").first();
    await expect(first.getByRole("heading")).toHaveText("Pride and Prejudice");
    await expectAccessible(page);

    await first.getByRole("link", { name: "Pride and Prejudice" }).click();
    await expect(page).toHaveURL(/\/book\/\d+$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Pride and Prejudice" }),
    ).toBeVisible();
  });

  test("the header's title box finds an author's books, and corrects a name to the author", async ({
    page,
  }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search books by title" });
    await box.fill("austen");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?title=austen$/);
    await expect(page.getByText("No titles match 'austen'. Books by Jane Austen:")).toBeVisible();
    const results = page.locator("section.paged-list article");
    await expect(results).toHaveCount(3);
    for (const author of await results.locator(".book-card__author").allTextContents()) {
      expect(author).toBe("Jane Austen");
    }
    await expect(page.getByText("No data available")).toHaveCount(0);
    await expectAccessible(page);

    await box.fill("jane austin");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?title=jane(\+|%20)austin$/);
    const didYouMean = page.getByText(/^Did you mean /);
    await expect(didYouMean).toHaveText("Did you mean Jane Austen?");
    await expect(
      page.getByText("No titles match 'jane austin'. Books by Jane Austen:"),
    ).toBeVisible();
    await didYouMean.getByRole("link", { name: "Jane Austen" }).click();
    await expect(page).toHaveURL(/\/search\?author=Jane\+Austen$/);
    await expect(results).toHaveCount(3);
    await expect(page.getByText(/^No titles match/)).toHaveCount(0);

    // A link of another site's kind, /search?q=…, is the same title search.
    await page.goto("/search?q=moby");
    await expect(page).toHaveURL(/\/search\?title=moby$/);
    await expect(results.first().getByRole("heading")).toHaveText("Moby-Dick");
  });

  test("sort and filters stay in the address through a reload, and Back undoes the last", async ({
    page,
  }) => {
    await page.goto("/search?title=the");
    const controls = page.getByRole("group", { name: "Sort and filter" });
    const sort = controls.getByLabel("Sort by");
    const available = controls.getByLabel("Available now");
    const results = page.locator("section.paged-list article");
    await expect(results.first()).toBeVisible();
    await expect(sort).toHaveValue("relevance");

    await sort.selectOption({ label: "Highest rated" });
    await expect(page).toHaveURL(/\/search\?title=the&sort=rating$/);
    await available.check();
    await expect(page).toHaveURL(/\/search\?title=the&sort=rating&available=true$/);
    await expect(results.first()).toBeVisible();
    for (const badge of await results.locator(".availability-badge").allTextContents()) {
      expect(badge).toMatch(/^\d+ available$/);
    }

    await page.reload();
    await expect(sort).toHaveValue("rating");
    await expect(available).toBeChecked();
    await expect(results.first()).toBeVisible();
    await expectAccessible(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?title=the&sort=rating$/);
    await expect(sort).toHaveValue("rating");
    await expect(available).not.toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?title=the$/);
    await expect(sort).toHaveValue("relevance");
  });
});
