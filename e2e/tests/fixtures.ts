import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export { expect };

const RUN = Date.now().toString(36);
let emails = 0;

/** A fresh address per call and per run, so journeys never meet an account from before. */
export function uniqueEmail(label: string): string {
  emails += 1;
  return `${label}-${RUN}-${process.pid}-${emails}@example.com`;
}

/** A loan as the borrow call answers it. */
export interface Loan {
  bookId: string;
  dueDate: string;
}

/** A registered reader with a session token, and the calls that set their account up. */
export interface RegisteredReader {
  name: string;
  email: string;
  password: string;
  /** the bearer token of the reader's API login, not of the page's session */
  token: string;
  topUp(amount: number): Promise<unknown>;
  /** Borrows the book (or books) and fails the test unless every one was lent. */
  borrow(bookIds: string | string[]): Promise<Loan[]>;
  giveBack(bookId: string): Promise<unknown>;
  review(bookId: string, rating: number, comment: string): Promise<unknown>;
}

/**
 * Registers a reader and logs them in over the API. The `reader` fixture makes the one a
 * journey is about; this makes any other the journey needs (someone who reviewed first).
 */
export async function registerReader(
  request: APIRequestContext,
  { name = "Ishmael Reader", password = "lending-1" }: { name?: string; password?: string } = {},
): Promise<RegisteredReader> {
  const email = uniqueEmail("reader");
  const registered = await request.post("/api/users/register", {
    data: { name, email, password },
  });
  expect(registered.ok()).toBe(true);
  const login = await request.post("/api/auth/login", { data: { email, password } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };

  async function call<T>(path: string, data: unknown): Promise<T> {
    const response = await request.post(path, { data, headers });
    expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  }

  return {
    name,
    email,
    password,
    token,
    topUp: (amount) => call("/api/payments/topup", { amount }),
    borrow: async (bookIds) => {
      // Journeys run on two workers against one shop, and a book has few copies (Moby-Dick,
      // which the reading journeys share, has two): a copy another journey holds comes back
      // when that journey ends, so out of stock is waited out, never taken as the answer.
      let result: { state: string; loans: Loan[]; LowStockBookIds?: string[] } | undefined;
      await expect
        .poll(
          async () => {
            const response = await request.post("/api/borrow/borrow", {
              data: { bookId: bookIds },
              headers,
            });
            result = (await response.json()) as typeof result;
            return result?.state === "success" || !result?.LowStockBookIds?.length;
          },
          { timeout: 60_000, intervals: [250, 500, 1_000] },
        )
        .toBe(true);
      expect(result?.state).toBe("success");
      expect(result!.loans).toHaveLength([bookIds].flat().length);
      return result!.loans;
    },
    giveBack: (bookId) => call("/api/borrow/return", { bookId }),
    review: (bookId, rating, comment) => call("/api/reviews/add", { bookId, rating, comment }),
  };
}

/** Gives back every book the reader has on loan; a reader who deleted their account has none. */
export async function returnEverything(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const listed = await request.post("/api/borrow/borrowlist", { headers });
  if (!listed.ok()) return;
  const { data = [] } = (await listed.json()) as { data?: { bookId: string }[] };
  for (const { bookId } of data)
    await request.post("/api/borrow/return", { data: { bookId }, headers });
}

export interface ReaderOptions {
  /** what the reader registers as; the header's user menu shows it once they are logged in */
  name: string;
  /** pounds topped up over the API before the journey starts */
  balance: number;
  /**
   * "form": the page is logged in through the login form, as a person would, before the
   * journey starts. "later": the page is left a visitor; the journey first sets the reader up
   * over the API or looks at the site as a visitor, then calls `reader.logIn()` or
   * `reader.logInWithToken()`.
   */
  logIn: "form" | "later";
}

/** The reader a journey is about: registered and logged in over the API; they log the page in. */
export interface Reader extends RegisteredReader {
  /** Logs the page in through the login form and waits until it has left the form. */
  logIn(): Promise<void>;
  /** Stores the API login's token as the web app keeps its session; the next page load uses it. */
  logInWithToken(): Promise<void>;
}

export const test = base.extend<{ readerOptions: Partial<ReaderOptions>; reader: Reader }>({
  readerOptions: [{}, { option: true }],
  reader: async ({ page, readerOptions }, use) => {
    const { name, balance = 0, logIn = "form" } = readerOptions;
    const registered = await registerReader(page.request, name ? { name } : {});
    if (balance > 0) await registered.topUp(balance);
    const reader: Reader = {
      ...registered,
      logIn: async () => {
        await page.goto("/login");
        await page.getByLabel("Email").fill(registered.email);
        await page.getByLabel("Password").fill(registered.password);
        await page.getByRole("button", { name: "Log in", exact: true }).click();
        await expect(page).not.toHaveURL(/\/login$/);
      },
      logInWithToken: async () => {
        await page.goto("/");
        await page.evaluate((value) => localStorage.setItem("token", value), registered.token);
      },
    };
    if (logIn === "form") await reader.logIn();
    await use(reader);
    // What the journey left on loan goes back, for the journeys on the other worker.
    await returnEverything(page.request, registered.token);
  },
});

/**
 * No serious or critical axe violation on the page as it is now (design.md §6). `exclude`: CSS
 * selectors axe leaves out, such as a frame with `sandbox=""`, where no script (axe's neither)
 * can run and axe would wait for it for ever.
 */
export async function expectAccessible(
  page: Page,
  { exclude = [] }: { exclude?: readonly string[] } = {},
): Promise<void> {
  // Check the settled screen: a toast halfway through its fade has, for that moment, less
  // contrast than the toast a person reads.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners and skeletons loop for ever; only animations that end are waited for.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .every((animation) => animation.playState !== "running"),
    undefined,
    { timeout: 5_000 },
  );
  // Also WCAG 2.2's target size (24 px), which axe leaves out unless asked.
  // Legacy mode runs axe.run in the page, every frame included, as the other mode does in
  // parts; the other mode also opens a blank page to merge the parts, half a second a check.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { "target-size": { enabled: true } } });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The newest mail of a type the server wrote to `to` (an .eml file: e2e runs without SMTP),
 * decoded enough to read its text and links.
 */
export async function latestMailTo(to: string, type: string): Promise<string> {
  const { readdir, readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${type}.eml`))
      .sort()
      .reverse();
    for (const file of files) {
      const text = await readFile(path.join(dir, file), "utf8");
      // Undo quoted-printable soft breaks and escapes so links read whole.
      if (text.includes(`To: ${to}`)) {
        return text
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${type} mail to ${to} arrived`);
}
