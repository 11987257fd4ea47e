import { expect, test } from "@playwright/test";
import { expectAccessible } from "./fixtures";

test.describe("suggestions as you type", () => {
  test("a title picked from the header's suggestions with the keyboard opens its book", async ({
    page,
  }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search books by title" });
    await box.pressSequentially("mobb");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    const moby = list.getByRole("option", { name: "Moby-Dick, Title", exact: true });
    await expect(moby).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: /^\d+ suggestions?$/ })).toHaveCount(1);
    await expectAccessible(page);

    // At most 8 suggestions: the typo-forgiving match may rank another one first.
    for (let presses = 0; (await moby.getAttribute("aria-selected")) !== "true"; presses += 1) {
      expect(presses, "ArrowDown presses").toBeLessThan(8);
      await box.press("ArrowDown");
    }
    await expect(box).toHaveAttribute("aria-activedescendant", (await moby.getAttribute("id"))!);
    await expect(box).toBeFocused();

    await box.press("Enter");
    await expect(page).toHaveURL(/\/book\/\d+$/);
    await expect(page.getByRole("heading", { name: "Moby-Dick", level: 1 })).toBeVisible();
    await expect(list).toBeHidden();
  });

  test("Escape closes the suggestions, and Enter with none active still searches", async ({
    page,
  }) => {
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search books by title" });
    await box.pressSequentially("mobb");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveValue("mobb");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?title=mobb$/);
  });

  test("on a phone the list fits under the box and a tap opens the book @phone-only", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Title search" }).tap();
    const box = page.getByRole("combobox", { name: "Search books by title" });
    await expect(box).toBeFocused();
    await box.pressSequentially("mobb");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    const moby = list.getByRole("option", { name: "Moby-Dick, Title", exact: true });
    await expect(moby).toBeVisible();

    const viewport = page.viewportSize()!;
    const listBox = (await list.boundingBox())!;
    const fieldBox = (await box.boundingBox())!;
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(viewport.width);
    expect(listBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
    for (const option of await list.getByRole("option").all()) {
      expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);

    await moby.tap();
    await expect(page).toHaveURL(/\/book\/\d+$/);
    await expect(page.getByRole("heading", { name: "Moby-Dick", level: 1 })).toBeVisible();
  });
});
