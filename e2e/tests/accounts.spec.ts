import type { Page } from "@playwright/test";
import { expect, expectAccessible, latestMailTo, test, uniqueEmail } from "./fixtures";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

function userMenuButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name, exact: true });
}

function toast(page: Page, text: string) {
  return page.locator(".toasts").getByText(text, { exact: true });
}

test.describe("accounts", () => {
  // Logging in is part of what these journeys look at: each logs its reader in itself.
  test.use({ readerOptions: { logIn: "later" } });

  test("register, log in, change the profile, log out, delete the account", async ({ page }) => {
    // The whole life of an account, with eight accessibility scans along the way.
    test.setTimeout(60_000);
    const email = uniqueEmail("ada");
    const firstPassword = "analytical-1";
    const newPassword = "difference engine 2";

    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
    await expect(page).toHaveTitle("Create an account | Folio");
    await expectAccessible(page);

    // Client-side checks, with the spec's words.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill in all fields");
    await expectAccessible(page);
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(firstPassword);
    await page.getByLabel("Confirm password").fill("something-else");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    await expect(page.getByLabel("Confirm password")).toBeFocused();

    await page.getByLabel("Confirm password").fill(firstPassword);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account created" })).toBeVisible();
    await expect(page.getByText("Registration successful!")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The login form arrives with the email filled in.
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectAccessible(page);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);

    await page.getByLabel("Password").fill(firstPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, "Ada Lovelace")).toBeVisible();
    await expect(page.getByRole("link", { name: "My Books" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("registeredEmail"))).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem("uuid"))).toBeTruthy();

    // Profile › User Details through the user menu.
    await userMenuButton(page, "Ada Lovelace").click();
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    const details = page.locator(".account-details");
    await expect(details).toContainText("Ada Lovelace");
    await expect(details).toContainText(email);
    await expect(details).toContainText("£0.00");
    await expect(details).toContainText(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    await expectAccessible(page);

    // Settings: nothing filled is refused; a new name and password are saved.
    await page
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page).toHaveURL(/\/user\/profile\?view=Settings$/);
    await expect(page.getByRole("heading", { level: 2, name: "Settings" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill at least one field to update");
    await page.getByLabel("Username").fill("Ada King");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Account information updated successfully")).toBeVisible();
    await expect(userMenuButton(page, "Ada King")).toBeVisible();
    await expect(page.getByText("Currently Ada King")).toBeVisible();

    // Logout from the user menu clears everything stored for the person.
    await userMenuButton(page, "Ada King").click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    const leftovers = await page.evaluate(() =>
      ["token", "uuid", "userName", "registeredEmail", "accountBalance"].filter(
        (key) => localStorage.getItem(key) !== null,
      ),
    );
    expect(leftovers).toEqual([]);

    // The old password no longer works; the new one does.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(firstPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(userMenuButton(page, "Ada King")).toBeVisible();

    // Delete Account, after a confirmation that can be cancelled.
    await page.goto("/user/profile");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete account" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Delete Account" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Account deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  });

  test("registering an email twice says so, then goes to the login page", async ({
    page,
    reader,
  }) => {
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Mary Shelley");
    await page.getByLabel("Email").fill(reader.email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill("prometheus unbound 1818");
    await page.getByLabel("Confirm password").fill("prometheus unbound 1818");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email has already been registered");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a forgotten password is reset with the mailed link", async ({ page, reader }) => {
    const { email } = reader;

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
    await expectAccessible(page);

    const mail = await latestMailTo(email, "password_reset");
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, "reset link in the mail").toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("new-engine");
    await page.getByLabel("Confirm new password").fill("new-engin");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    await page.getByLabel("Confirm new password").fill("new-engine");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Password changed" })).toBeVisible();

    // The link works once.
    await page.goto(link!);
    await page.getByLabel("New password", { exact: true }).fill("third-engine");
    await page.getByLabel("Confirm new password").fill("third-engine");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This reset link is invalid or has expired. Please ask for a new one.",
    );

    await logIn(page, email, reader.password);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
    await page.getByLabel("Password").fill("new-engine");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, reader.name)).toBeVisible();
  });

  test("the welcome mail's link proves the address, and the welcome then greets by name", async ({
    page,
    reader,
  }) => {
    const first = await latestMailTo(reader.email, "register");
    expect(first).toContain("Dear reader,");
    expect(first).not.toContain(reader.name);
    const link = /https?:\/\/[^\s"<>]+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(first)?.[0];
    expect(link, "the welcome mail's Confirm your address link").toBeTruthy();

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeFocused();
    await expect(
      page.getByText(`Thank you: ${reader.email} is confirmed as your address.`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/confirm-email$/);
    await expectAccessible(page);
    await expect
      .poll(() => latestMailTo(reader.email, "register"))
      .toContain(`Dear ${reader.name},`);
  });

  test("the navigation guard and the profile's view paths", async ({ page, reader }) => {
    await page.goto("/user/profile");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/user/settings");
    await expect(page).toHaveURL(/\/$/);

    await reader.logIn();
    await expect(page).toHaveURL(/\/$/);

    for (const path of ["/login", "/register", "/forgot-password", "/reset-password?token=x"]) {
      await page.goto(path);
      await expect(page, `${path} sends a logged-in reader home`).toHaveURL(/\/$/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Find your next great read" }),
      ).toBeVisible();
    }

    await page.goto("/user/dashboard");
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByRole("heading", { level: 2, name: "User Details" })).toBeVisible();

    const sidebar = page.getByRole("navigation", { name: "Profile" });
    const views: [string, string, string][] = [
      ["/user/settings", "Settings", "Settings"],
      ["/user/recent-borrows", "Current Borrowings", "Current Borrowings"],
      ["/user/loan-history", "Loan History", "Loan History"],
      ["/user/wishlist", "Wish List", "Wish List"],
      ["/user/reviews", "My Reviews", "Comment Records"],
      ["/user/payment-orders", "Payment Records", "Payment Records"],
      ["/user/profile?view=TopUp", "Top Up", "Top Up"],
    ];
    for (const [path, heading, tab] of views) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      await expect(sidebar.getByRole("link", { name: tab })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }

    // A session ended elsewhere: on the next start the app logs out and asks to log in.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const ended = await page.request.post("/api/auth/logout", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ended.ok()).toBe(true);
    await page.goto("/user/profile");
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("the user menu works from the keyboard", async ({ page, reader }) => {
    await reader.logIn();
    const button = userMenuButton(page, reader.name);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/user\/profile$/);

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1, name: "My Profile" }).click();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test.describe(() => {
    // The journey checks that the header holds this name beside the main links.
    test.use({ readerOptions: { logIn: "later", name: "Emily Brontë" } });

    test("account screens fit a phone @phone", async ({ page, reader, isMobile }) => {
      for (const path of ["/register", "/login", "/forgot-password"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      }

      await reader.logIn();
      await expect(page).toHaveURL(/\/$/);
      if (isMobile) {
        // A phone: the links and the account entries, with the name, are in the menu drawer.
        await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
        const drawer = page.getByRole("dialog", { name: "Menu" });
        await expect(drawer.getByText(`Signed in as ${reader.name}`)).toBeVisible();
        await expect(drawer.getByRole("link", { name: "My Books" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(drawer).toBeHidden();
      } else {
        // A member's header holds one more link and the account menu; nothing may overlap.
        const links = await page.getByRole("navigation", { name: "Main" }).boundingBox();
        const menu = await userMenuButton(page, reader.name).boundingBox();
        expect(links && menu).toBeTruthy();
        const apart =
          links!.x + links!.width <= menu!.x ||
          menu!.x + menu!.width <= links!.x ||
          links!.y + links!.height <= menu!.y ||
          menu!.y + menu!.height <= links!.y;
        expect(apart, "the user menu overlaps the main links").toBe(true);
      }

      await page.goto("/user/settings");
      await expect(page.getByRole("heading", { level: 2, name: "Settings" })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, "horizontal overflow on the profile").toBeLessThanOrEqual(0);
      // The current view's entry shows (on a phone every entry does: layout.spec.ts).
      const current = page.getByRole("navigation", { name: "Profile" }).getByRole("link", {
        name: "Settings",
      });
      await expect(current).toBeInViewport();
      await expectAccessible(page);
    });
  });
});
