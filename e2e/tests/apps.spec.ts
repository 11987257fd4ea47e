import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { findBook } from "./reader-helpers";

// Reading in e-reader apps (issue 26): the catalogue's address on Read in Apps, an app password
// made in Settings, the OPDS catalogue signing an app in with it, and its revocation.

/** A seeded title (three copies) that no other journey borrows. */
const SHELF_BOOK_TITLE = "Erewhon";

/** An app password as the server makes them: five groups of four lower-case letters. */
const APP_PASSWORD = /^[a-z]{4}(-[a-z]{4}){4}$/;

function userMenuButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name, exact: true });
}

/** Settings' sections, each a region named by its heading. */
function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

/** The reader's shelf, as an e-reader app asks for it: HTTP Basic, email and password. */
function shelfAsAnApp(request: APIRequestContext, email: string, password: string) {
  const basic = Buffer.from(`${email}:${password}`).toString("base64");
  return request.get("/opds/1.2/shelf", { headers: { Authorization: `Basic ${basic}` } });
}

test.describe("reading in apps", () => {
  test.use({ readerOptions: { balance: 20 } });

  test("Read in Apps gives the address; an app password signs an app in until revoked", async ({
    page,
    reader,
    request,
    baseURL,
  }) => {
    // Two pages checked for accessibility, and an app's requests beside the browser's.
    test.setTimeout(60_000);
    const book = await findBook(page.request, SHELF_BOOK_TITLE);
    await reader.borrow(book.bookId);

    // Profile › Read in Apps, as a person gets there.
    await userMenuButton(page, reader.name).click();
    await page.getByRole("link", { name: "Profile" }).click();
    await page
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Read in Apps" })
      .click();
    await expect(page).toHaveURL(/\/user\/profile\?view=ReadInApps$/);
    await expect(page.getByRole("heading", { level: 2, name: "Read in Apps" })).toBeFocused();
    const v1 = `${baseURL}/opds/1.2`;
    await expect(page.locator(".read-in-apps__url").first()).toHaveText(v1);
    await expect(page.locator(".read-in-apps__url").nth(1)).toHaveText(`${baseURL}/opds/2.0`);
    await expect(page.getByText(reader.email)).toBeVisible();
    await expect(page.getByRole("list", { name: "Steps for KOReader" })).toContainText(v1);
    await expectAccessible(page);

    // Copy, by keyboard.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: baseURL!,
    });
    await page.getByRole("button", { name: "Copy OPDS 1.2 address" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(v1);

    // The page's own link to App passwords, where one is made.
    await page.getByRole("link", { name: "Create an app password in Settings" }).click();
    await expect(page).toHaveURL(/\/user\/profile\?view=Settings#app-passwords$/);
    const appPasswords = section(page, "App passwords");
    await expect(appPasswords.getByRole("heading", { level: 3 })).toBeFocused();
    await expect(appPasswords.getByText("You have no app passwords yet.")).toBeVisible();
    await appPasswords.getByLabel("App password name").fill("KOReader on my Kobo");
    await appPasswords.getByRole("button", { name: "Create app password" }).click();
    await expect(
      appPasswords.getByRole("heading", { name: "Your app password for “KOReader on my Kobo”" }),
    ).toBeFocused();
    await expect(appPasswords.getByText("you will not see it again")).toBeVisible();
    const secret = appPasswords.getByText(APP_PASSWORD);
    await expect(secret).toBeVisible();
    const appPassword = (await secret.innerText()).trim();
    const list = appPasswords.getByRole("list", { name: "Your app passwords" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("KOReader on my Kobo");
    await expect(list).toContainText("Never used");
    await expectAccessible(page);

    // Once the reader is done with it, the page no longer holds it.
    await appPasswords.getByRole("button", { name: "Done" }).click();
    await expect(appPasswords.getByText(APP_PASSWORD)).toBeHidden();

    // An app signs in with the email and the app password, and finds the loan on its shelf.
    const shelf = await shelfAsAnApp(request, reader.email, appPassword);
    expect(shelf.status()).toBe(200);
    expect(shelf.headers()["content-type"]).toContain("application/atom+xml");
    const feed = await shelf.text();
    expect(feed).toContain("<feed");
    expect(feed).toContain(SHELF_BOOK_TITLE);
    // And a wrong one is refused.
    expect((await shelfAsAnApp(request, reader.email, "aaaa-bbbb-cccc-dddd-eeee")).status()).toBe(
      401,
    );

    // Revoked in Settings, after asking: the app is refused from then on.
    await list.getByRole("button", { name: "Revoke app password KOReader on my Kobo" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke app password?" });
    await expect(dialog).toContainText("Revoke “KOReader on my Kobo”?");
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      appPasswords.getByText(
        "The app password has been revoked. Apps that used it can no longer sign in.",
      ),
    ).toBeVisible();
    await expect(appPasswords.getByText("You have no app passwords yet.")).toBeVisible();
    expect((await shelfAsAnApp(request, reader.email, appPassword)).status()).toBe(401);
  });
});
