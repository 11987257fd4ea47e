import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, latestMailTo, test, uniqueEmail } from "./fixtures";
import { findBook } from "./reader-helpers";
import { msUntilStepAfter, totpCode, totpStep } from "./totp";

// Account security (design.md §7.4, issue 23): two-factor sign-in, passkeys, sessions, the email
// change by mailed link, and the export of everything held about a reader.

const port = Number(process.env.E2E_PORT ?? 4319);
/**
 * WebAuthn takes no IP address as relying party: a server at a loopback address (PUBLIC_URL
 * http://127.0.0.1:PORT) names "localhost" and takes passkeys from this origin too.
 */
const PASSKEY_ORIGIN = `http://localhost:${port}`;

/** A seeded title (four copies) that no other journey borrows or reviews. */
const EXPORT_BOOK_TITLE = "Flatland";

const WRONG_CODE = "That code is not right. Please try again.";

function userMenuButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name, exact: true });
}

/** The login form, on the configured origin or on `origin`; does not wait for what follows. */
async function submitLogin(page: Page, email: string, password: string, origin = "") {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logOut(page: Page, name: string) {
  await userMenuButton(page, name).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
}

/** Settings' sections, each a region named by its heading. */
function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test.describe("account security", () => {
  test("two-factor sign-in: turned on in Settings, then asked for at each login", async ({
    page,
    reader,
  }) => {
    // Up to 30 s of it waits for the authenticator's next code.
    test.setTimeout(90_000);

    // Profile › Settings, as a person gets there.
    await userMenuButton(page, reader.name).click();
    await page.getByRole("link", { name: "Profile" }).click();
    await page
      .getByRole("navigation", { name: "Profile" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page).toHaveURL(/\/user\/profile\?view=Settings$/);
    const twoFactor = section(page, "Two-factor sign-in");
    await expect(twoFactor.getByRole("heading", { level: 3 })).toHaveText("Two-factor sign-in");
    await expect(twoFactor).toContainText("Off. You sign in with your password only.");

    await twoFactor.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(
      twoFactor.getByRole("heading", { name: "Set up your authenticator app" }),
    ).toBeFocused();
    await expect(
      twoFactor.getByRole("img", { name: /QR code for two-factor sign-in/ }),
    ).toHaveAttribute("src", /^data:image\/png;base64,/);
    const secret = (await twoFactor.getByLabel("Secret key").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(
      twoFactor.getByRole("link", { name: "open it in your authenticator app" }),
    ).toHaveAttribute("href", new RegExp(`^otpauth://totp/.*[?&]secret=${secret}(&|$)`));
    await expectAccessible(page);

    // A code from the app, as the app computes it, turns it on.
    const setupStep = totpStep();
    await twoFactor.getByLabel("Authentication code").fill(totpCode(secret, setupStep));
    await twoFactor.getByRole("button", { name: "Verify and turn on" }).click();
    await expect(
      twoFactor.getByRole("heading", { name: "Save your recovery codes" }),
    ).toBeFocused();
    await expect(twoFactor.getByText("Two-factor sign-in is on.")).toBeVisible();
    const codeItems = twoFactor.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codeItems).toHaveCount(10);
    const recoveryCodes = (await codeItems.allInnerTexts()).map((code) => code.trim());
    expect(new Set(recoveryCodes).size).toBe(10);
    await twoFactor.getByRole("button", { name: "I have saved them" }).click();
    await expect(twoFactor.getByRole("list", { name: "Recovery codes" })).toBeHidden();
    await expect(twoFactor).toContainText("On. 10 recovery codes left.");
    await expect(
      twoFactor.getByRole("button", { name: "Turn off two-factor sign-in" }),
    ).toBeVisible();

    // The password alone no longer signs in: the login asks for the code.
    await logOut(page, reader.name);
    await submitLogin(page, reader.email, reader.password);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByLabel("Authentication code")).toBeVisible();
    await expectAccessible(page);

    // The code that turned it on was taken once; it does not sign in.
    await page.getByLabel("Authentication code").fill(totpCode(secret, setupStep));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
    await expect(page).toHaveURL(/\/login$/);

    // A recovery code does, once.
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect(page.getByLabel("Recovery code")).toBeFocused();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, reader.name)).toBeVisible();
    await page.goto("/user/settings");
    await expect(section(page, "Two-factor sign-in")).toContainText("On. 9 recovery codes left.");

    await logOut(page, reader.name);
    await submitLogin(page, reader.email, reader.password);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);

    // Back to the app: its code of a later step than the one already taken signs in.
    await page.getByRole("button", { name: "Use the code from your app" }).click();
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    const wait = msUntilStepAfter(setupStep);
    // The one fixed wait: until the authenticator shows the next step's code (at most 30 s).
    if (wait > 0) await page.waitForTimeout(wait + 250);
    await page.getByLabel("Authentication code").fill(totpCode(secret, totpStep()));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenuButton(page, reader.name)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
  });

  test.describe(() => {
    // The journey browses http://localhost: the page logs in there itself.
    test.use({ readerOptions: { logIn: "later" } });

    test("a passkey added in Settings signs the reader in without a password", async ({
      page,
      reader,
    }) => {
      test.setTimeout(60_000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await submitLogin(page, reader.email, reader.password, PASSKEY_ORIGIN);
      await expect(page).toHaveURL(`${PASSKEY_ORIGIN}/`);
      await page.goto(`${PASSKEY_ORIGIN}/user/settings`);
      const passkeys = section(page, "Passkeys");
      await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
      await passkeys.getByLabel("Passkey name (optional)").fill("Reading tablet");
      await passkeys.getByRole("button", { name: "Add a passkey" }).click();
      await expect(passkeys.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
      const items = passkeys.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
      await expect(items).toHaveCount(1);
      await expect(items).toContainText("Reading tablet");
      await expect(items).toContainText("Never used");
      await expect(passkeys.getByLabel("Passkey name (optional)")).toHaveValue("");
      // The device holds it as a discoverable credential for the shop.
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });

      // No email, no password: the device's passkey signs in.
      await logOut(page, reader.name);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(`${PASSKEY_ORIGIN}/`);
      await expect(userMenuButton(page, reader.name)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();

      await page.goto(`${PASSKEY_ORIGIN}/user/settings`);
      await expect(items).toHaveCount(1);
      await expect(items).toContainText("Last used");
      await passkeys.getByRole("button", { name: "Remove passkey Reading tablet" }).click();
      await expect(passkeys.getByText("The passkey has been removed.")).toBeVisible();
      await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
      await expect(items).toHaveCount(0);

      // The device still offers the passkey; the shop no longer takes it.
      await logOut(page, reader.name);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(
        page.getByText("The passkey could not be checked. Please try again."),
      ).toBeVisible();
      await expect(page).toHaveURL(`${PASSKEY_ORIGIN}/login`);
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    });

    test("a session signed out in Settings is refused at its next request", async ({
      browser,
      baseURL,
      page,
      reader,
    }) => {
      test.setTimeout(60_000);
      // This browser uses the reader's API login; a second browser logs in with the form.
      await reader.logInWithToken();
      const otherBrowser = await browser.newContext({ baseURL });
      const elsewhere = await otherBrowser.newPage();
      await submitLogin(elsewhere, reader.email, reader.password);
      await expect(userMenuButton(elsewhere, reader.name)).toBeVisible();
      const otherToken = await elsewhere.evaluate(() => localStorage.getItem("token"));
      expect(otherToken).toBeTruthy();

      await page.goto("/user/settings");
      const sessions = section(page, "Sessions");
      const items = sessions.getByRole("list", { name: "Your sessions" }).getByRole("listitem");
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText("This device");
      await expect(items.filter({ hasText: "This device" })).toHaveCount(1);
      await items
        .filter({ hasNotText: "This device" })
        .getByRole("button", { name: "Sign out", exact: true })
        .click();
      await expect(sessions.getByText("The session has been signed out.")).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(items).toContainText("This device");
      await expect(
        sessions.getByRole("button", { name: "Sign out all other sessions" }),
      ).toBeHidden();

      // The other browser's next request is refused, and it asks to log in.
      await elsewhere.getByRole("banner").getByRole("link", { name: "My Books" }).click();
      await expect(elsewhere).toHaveURL(/\/login$/);
      await expect(elsewhere.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
      expect(await elsewhere.evaluate(() => localStorage.getItem("token"))).toBeNull();
      const refused = await elsewhere.request.get("/api/users/info", {
        headers: { Authorization: `Bearer ${otherToken}` },
      });
      expect(refused.status()).toBe(401);

      // Signed in there again, then out with "Sign out all other sessions".
      await elsewhere.getByLabel("Email").fill(reader.email);
      await elsewhere.getByLabel("Password").fill(reader.password);
      await elsewhere.getByRole("button", { name: "Log in", exact: true }).click();
      await expect(elsewhere).toHaveURL(/\/user\/books$/);
      const secondToken = await elsewhere.evaluate(() => localStorage.getItem("token"));
      await page.reload();
      await expect(items).toHaveCount(2);
      await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
      await expect(sessions.getByText("1 other session has been signed out.")).toBeVisible();
      await expect(items).toHaveCount(1);
      await elsewhere.reload();
      await expect(elsewhere).toHaveURL(/\/login$/);
      const refusedAgain = await elsewhere.request.get("/api/users/info", {
        headers: { Authorization: `Bearer ${secondToken}` },
      });
      expect(refusedAgain.status()).toBe(401);

      // This browser's own session goes on.
      const stillIn = await page.request.get("/api/users/info", {
        headers: { Authorization: `Bearer ${reader.token}` },
      });
      expect(stillIn.ok()).toBe(true);
      await otherBrowser.close();
    });
  });

  test("a new email takes effect through the link mailed to it, and can be undone", async ({
    page,
    reader,
  }) => {
    test.setTimeout(60_000);
    const oldEmail = reader.email;
    const newEmail = uniqueEmail("moved");

    await page.goto("/user/settings");
    await page.getByLabel("Email", { exact: true }).fill(newEmail);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByText(`We have sent a link to ${newEmail}. Your email changes when you open it.`),
    ).toBeVisible();
    await expect(
      page.getByText(`Currently ${oldEmail}. Waiting for you to confirm ${newEmail}.`),
    ).toBeVisible();
    await page.goto("/user/profile");
    const details = page.locator(".account-details");
    await expect(details).toContainText(oldEmail);
    await expect(details).not.toContainText(newEmail);

    const confirmMail = await latestMailTo(newEmail, "email_change_confirm");
    const confirmLink = /https?:\/\/[^\s"<>]+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(
      confirmMail,
    )?.[0];
    expect(confirmLink, "confirm link in the mail").toBeTruthy();
    await page.goto(confirmLink!);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
    await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
    // The token leaves the address bar.
    await expect(page).toHaveURL(/\/confirm-email$/);
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await expect(page.getByText(`Currently ${newEmail}`, { exact: true })).toBeVisible();
    await page.goto("/user/profile");
    await expect(details).toContainText(newEmail);

    // The old address is told, with a link that puts it back and signs every session out.
    const changedMail = await latestMailTo(oldEmail, "email_changed");
    const undoLink = /https?:\/\/[^\s"<>]+\/undo-email\?token=[A-Za-z0-9_-]+/.exec(
      changedMail,
    )?.[0];
    expect(undoLink, "undo link in the mail").toBeTruthy();
    await page.goto(undoLink!);
    await expect(
      page.getByRole("heading", { level: 1, name: "Email change undone" }),
    ).toBeVisible();
    await expect(
      page.getByText(`Your email address is ${oldEmail} again, and every session has been`),
    ).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    const apiSession = await page.request.get("/api/users/info", {
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    expect(apiSession.status()).toBe(401);

    // The new address no longer signs in; the old one does.
    await submitLogin(page, newEmail, reader.password);
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
    await submitLogin(page, oldEmail, reader.password);
    await expect(userMenuButton(page, reader.name)).toBeVisible();
    await page.goto("/user/profile");
    await expect(details).toContainText(oldEmail);
  });

  test.describe(() => {
    test.use({ readerOptions: { logIn: "later", balance: 20 } });

    test("the data export holds the reader's loans and reviews", async ({ page, reader }) => {
      const book = await findBook(page.request, EXPORT_BOOK_TITLE);
      const comment = `Squares and circles, ${uniqueEmail("note")}: a geometry of manners.`;
      await reader.borrow(book.bookId);
      await reader.review(book.bookId, 4, comment);
      await reader.logInWithToken();

      await page.goto("/user/settings");
      const yourData = section(page, "Your data");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        yourData.getByRole("button", { name: "Download my data" }).click(),
      ]);
      await expect(yourData.getByText("Your data is downloading.")).toBeVisible();
      expect(download.suggestedFilename()).toMatch(/^folio-data-\d{4}-\d{2}-\d{2}\.json$/);
      const text = await readFile(await download.path(), "utf8");
      const exported = JSON.parse(text) as {
        profile: { email: string; name: string };
        loans: Record<string, unknown>[];
        reviews: Record<string, unknown>[];
        sessions: unknown[];
      };

      expect(exported.profile).toMatchObject({ email: reader.email, name: reader.name });
      expect(exported.loans).toEqual([
        expect.objectContaining({
          bookId: book.bookId,
          bookTitle: EXPORT_BOOK_TITLE,
          returnDate: null,
        }),
      ]);
      expect(exported.reviews).toEqual([
        expect.objectContaining({ bookId: book.bookId, rating: 4, content: comment }),
      ]);
      expect(exported.sessions.length).toBeGreaterThanOrEqual(1);
      // Never a secret: neither the session's token nor the password.
      expect(text).not.toContain(reader.token);
      expect(text).not.toContain(reader.password);
    });
  });
});
