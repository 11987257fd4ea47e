import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { buildEpub } from "../../server/src/features/reading/epub";
import {
  expect,
  expectAccessible,
  registerReader,
  test,
  uniqueEmail,
  type RegisteredReader,
} from "./fixtures";
import { SHOWN_FRAME, shownChapter, showControls, waitForBook } from "./reader-helpers";

// Issue 20, the staff side, end to end: an admin made by the real command (`npm run admin`)
// uploads a book a reader then borrows and reads; the admin refunds the loan and retires the
// book, and the audit log shows it all. The embedded database serves one process and the
// command refuses while a server holds it, so this journey runs its own server on its own,
// empty, database (design.md §7.1, decision 021).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const webDist = process.env.WEB_DIST ?? path.join(root, "web/dist");
const port = Number(process.env.E2E_PORT ?? 4319) + 8;
const base = `http://127.0.0.1:${port}`;

const RUN = Date.now().toString(36);
const TITLE = `The Quiet Shelf ${RUN}`;
const SCRIPTED_TITLE = `The Margin Notes ${RUN}`;
const AUTHOR = "Winifred Marsh";
const CHAPTER_ONE = "The lamps in the reading room were lit at four";

interface Admin {
  name: string;
  email: string;
  password: string;
}

let dataDir = "";
let server: ChildProcess | undefined;
let admin: Admin;
let reader: RegisteredReader;
/** The reader's API calls go through this; it lives as long as the server. */
let api: APIRequestContext | undefined;

async function isUp(): Promise<boolean> {
  return fetch(`${base}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WEB_DIST: webDist,
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      // An empty shop starts at once; the admin makes its first category in the console.
      SEED_ON_START: "false",
      // The journey logs in several times from one address.
      AUTH_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (child.exitCode !== null) break;
    if (await isUp()) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopServer(child);
  throw new Error("the staff journey's server did not start");
}

/** SIGTERM to the server's PID, then wait until it has exited (and let go of DATA_DIR). */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, "SIGKILL");
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** The real command, as a person types it in the repository: `npm run admin -- grant …`. */
function grant(email: string, role: string) {
  return spawnSync("npm", ["run", "admin", "--", "grant", email, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** Registers an account over the API. */
async function register(api: APIRequestContext, account: Admin): Promise<void> {
  const response = await api.post("/api/users/register", { data: account });
  expect(response.ok(), `register answered ${response.status()}`).toBe(true);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

const consoleNav = (page: Page) => page.getByRole("navigation", { name: "Staff console" });

/** Opens a console screen from the console's own navigation and waits for its heading. */
async function openScreen(page: Page, link: string, heading = link): Promise<void> {
  await consoleNav(page).getByRole("link", { name: link, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(consoleNav(page).getByRole("link", { name: link, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
}

const toast = (page: Page, text: string) => page.locator(".toasts").getByText(text);

/** A row of the table in the named region (TableRegion) that has all the texts. */
function rowWith(page: Page, region: string, ...texts: string[]): Locator {
  let rows = page.getByRole("region", { name: region }).getByRole("row");
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/** A fact of a reader's page (Balance, Open loans…). */
const fact = (page: Page, name: string) =>
  page.locator(".console-facts > div").filter({ has: page.getByText(name, { exact: true }) });

/** The page does not scroll sideways: wide tables scroll inside their own region. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `the page is wider than the window on ${page.url()}`).toBeLessThanOrEqual(
    widths.window,
  );
}

/** Opens a row's actions menu (`row`: its row) and chooses one of its items. */
async function chooseRowAction(row: Locator, item: string): Promise<void> {
  await row.getByRole("button", { name: /^Actions for / }).click();
  await row.page().getByRole("menuitem", { name: item, exact: true }).click();
}

/**
 * No column of the table in `region` is cut (issue 45): the first row's title, pinned at the
 * left, is in view and on top; every other column scrolls wholly into the room between the
 * pinned title and the pinned actions, so nothing is ever only under them.
 */
async function expectNoColumnCut(page: Page, region: string): Promise<void> {
  const problems = await page.getByRole("region", { name: region }).evaluate((box) => {
    const found: string[] = [];
    const heads = Array.from(box.querySelectorAll<HTMLElement>("thead th"));
    const title = box.querySelector<HTMLElement>("tbody th")!;
    const actions = heads.at(-1)!;
    box.scrollLeft = 0;
    const view = box.getBoundingClientRect();
    const inner = {
      left: view.left + box.clientLeft,
      right: view.left + box.clientLeft + box.clientWidth,
    };
    const seen = title.getBoundingClientRect();
    if (seen.left < inner.left - 1 || seen.right > inner.right + 1)
      found.push(
        `the title spans ${seen.left}–${seen.right}, outside ${inner.left}–${inner.right}`,
      );
    const onTop = document.elementFromPoint(seen.left + seen.width / 2, seen.top + seen.height / 2);
    if (!onTop || !title.contains(onTop)) found.push("something covers the first row's title");
    const room = {
      left: inner.left + title.getBoundingClientRect().width,
      right: inner.right - actions.getBoundingClientRect().width,
    };
    for (const head of heads.slice(1, -1)) {
      box.scrollLeft = head.offsetLeft - title.getBoundingClientRect().width;
      const cell = head.getBoundingClientRect();
      if (cell.left < room.left - 1 || cell.right > room.right + 1)
        found.push(
          `${head.textContent} shows ${cell.left}–${cell.right} of ${room.left}–${room.right}`,
        );
    }
    box.scrollLeft = 0;
    return found;
  });
  expect(problems, `columns cut in ${region}`).toEqual([]);
}

/**
 * The admin adds a book over the console's API, as the upload dialog does, in a new category;
 * answers its id.
 */
async function addBookOverApi(
  file: Uint8Array,
  title: string,
  categoryName: string,
  description: string,
): Promise<string> {
  const login = await api!.post("/api/auth/login", {
    data: { email: admin.email, password: admin.password },
  });
  expect(login.ok()).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
  };
  const category = await api!.post("/api/admin/categories/create", {
    headers,
    data: { name: categoryName, description: "Books that misbehave." },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const upload = await api!.post("/api/admin/books/upload", {
    headers: { ...headers, "Content-Type": "application/epub+zip" },
    data: Buffer.from(file),
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const uploaded = (await upload.json()) as { uploadId: string };
  const created = await api!.post("/api/admin/books/create", {
    headers,
    data: {
      uploadId: uploaded.uploadId,
      title,
      author: AUTHOR,
      description,
      categoryId: ((await category.json()) as { category: { categoryId: string } }).category
        .categoryId,
      price: 1,
      copies: 2,
      lendsLeft: 10,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { book: { bookId: string } }).book.bookId;
}

function epubFile(): Uint8Array {
  return buildEpub({
    identifier: `urn:uuid:folio-e2e-${RUN}`,
    title: TITLE,
    author: AUTHOR,
    language: "en",
    description: "A short novel of a lending library after hours, made for the staff journey.",
    year: 2026,
    publisher: "Folio End-to-End Press",
    modified: "2026-01-01T00:00:00Z",
    coverSvg:
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">' +
      '<rect width="600" height="900" fill="#284b63"/>' +
      '<text x="300" y="450" font-size="48" text-anchor="middle" fill="#ffffff">The Quiet Shelf</text>' +
      "</svg>",
    chapters: [
      {
        title: "Chapter 1. After Closing",
        paragraphs: [
          `${CHAPTER_ONE}, and by five the last borrower had gone home with a book under each arm.`,
          "Miss Abernethy counted the returns twice, as she always did, and found one too many.",
          "It was a slim volume with no stamp in it at all, and it was warm, as if someone had just been reading it.",
        ],
      },
      {
        title: "Chapter 2. The Extra Copy",
        paragraphs: [
          "In the morning the slim volume was back on the shelf, in its proper place between two others.",
          "Nobody had catalogued it. Nobody admitted to having put it there.",
        ],
      },
    ],
  });
}

/**
 * A book that carries scripts (inline, external, in handlers and in an SVG) and a link to
 * another site, as a hostile or careless publisher might send one (issue 22, "Safe").
 */
function scriptedEpubFile(): Uint8Array {
  const files = unzipSync(
    buildEpub({
      identifier: `urn:uuid:folio-e2e-scripted-${RUN}`,
      title: SCRIPTED_TITLE,
      author: AUTHOR,
      language: "en",
      description: "A book with scripts in it, which no reader's browser may run.",
      year: 2026,
      publisher: "Folio End-to-End Press",
      modified: "2026-01-01T00:00:00Z",
      coverSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">' +
        '<rect width="600" height="900" fill="#6b2737"/></svg>',
      chapters: [
        {
          title: "Chapter 1. The Visitor",
          paragraphs: [
            "Someone had written in the margins of the ledger, in a hand nobody knew.",
            "The notes pointed to a place elsewhere.",
          ],
        },
      ],
    }),
  ) as Zippable;
  const chapter = strFromU8(files["OEBPS/chapter-001.xhtml"] as Uint8Array)
    .replace(
      "<head>",
      '<head>\n<script type="text/javascript">window.parent.bookScriptRan = "inline"; window.bookScriptRan = "inline";</script>',
    )
    .replace("</head>", '<script src="evil.js"></script>\n</head>')
    .replace("<body>", "<body onload=\"window.bookScriptRan = 'onload'\">")
    .replace(
      "a place elsewhere.",
      'a place <a href="https://example.org/elsewhere">elsewhere</a>.' +
        '<img src="pic.svg" alt="" width="10" height="10"/>',
    );
  expect(chapter).toContain('href="https://example.org/elsewhere"');
  const opf = strFromU8(files["OEBPS/content.opf"] as Uint8Array).replace(
    "</manifest>",
    '<item id="evil" href="evil.js" media-type="application/javascript"/>\n' +
      '<item id="pic" href="pic.svg" media-type="image/svg+xml"/>\n</manifest>',
  );
  return zipSync({
    ...files,
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "OEBPS/content.opf": strToU8(opf),
    "OEBPS/chapter-001.xhtml": strToU8(chapter),
    "OEBPS/evil.js": strToU8(
      'window.parent.bookScriptRan = "external"; window.bookScriptRan = "external";',
    ),
    "OEBPS/pic.svg": strToU8(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="window.parent.bookScriptRan = \'svg\'">' +
        '<script>window.parent.bookScriptRan = "svg script"</script><rect width="1" height="1"/></svg>',
    ),
  });
}

test.describe("the staff console", () => {
  test.use({ baseURL: base });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    dataDir = await mkdtemp(path.join(tmpdir(), "folio-staff-"));
    server = await startServer();
    api = await playwright.request.newContext({ baseURL: base });
    admin = { name: "Agatha Stacks", email: uniqueEmail("admin"), password: "cataloguer-1" };
    await register(api, admin);
    reader = await registerReader(api, { name: "Rosalind Reader" });
    await reader.topUp(10);

    // While the shop holds the embedded database, the command refuses (exit 3) and says why.
    const refused = grant(admin.email, "admin");
    expect(refused.status, refused.stdout + refused.stderr).toBe(3);

    await stopServer(server);
    const granted = grant(admin.email, "admin");
    expect(granted.status, granted.stdout + granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${admin.email} is now admin (was reader).`);
    server = await startServer();
  });

  test.afterAll(async () => {
    await api?.dispose();
    api = undefined;
    if (server) await stopServer(server);
    server = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("an admin uploads a book a reader borrows; the admin refunds it, retires it, and the audit log shows it", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const epubPath = testInfo.outputPath("the-quiet-shelf.epub");
    await writeFile(epubPath, epubFile());

    // The admin logs in through the form; the user menu leads to the console.
    await logIn(page, admin.email, admin.password);
    const userMenu = page.getByRole("banner").getByRole("button", { name: admin.name });
    await userMenu.click();
    await page.getByRole("link", { name: "Staff console" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    // The reader; the admin is staff now.
    await expect(
      page.locator(".stat-card").filter({ hasText: "Readers" }).locator(".stat-card__value"),
    ).toHaveText("1");
    await expectAccessible(page);

    // Categories: the empty shop's first one.
    await openScreen(page, "Categories");
    await expect(page.getByText("No categories yet.")).toBeVisible();
    await page.getByRole("button", { name: "Add a category" }).click();
    const categoryDialog = page.getByRole("dialog", { name: "Add a category" });
    await categoryDialog.getByLabel("Name").fill("Library Mysteries");
    await categoryDialog
      .getByLabel("Description")
      .fill("Puzzles set among the shelves, and the people who keep them.");
    await expectAccessible(page);
    await categoryDialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Added the category “Library Mysteries”.")).toBeVisible();
    await expect(rowWith(page, "Categories", "Library Mysteries")).toHaveCount(1);

    // Catalogue: add a book from its EPUB; the review form shows what the file says.
    await openScreen(page, "Catalogue");
    await expect(page.getByText("No books match.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add a book" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add a book" });
    await addDialog.getByLabel("EPUB file").setInputFiles(epubPath);
    await addDialog.getByRole("button", { name: "Upload" }).click();
    await expect(addDialog.getByLabel("Title")).toHaveValue(TITLE, { timeout: 20_000 });
    await expect(addDialog.getByLabel("Author")).toHaveValue(AUTHOR);
    await expect(addDialog.getByText("the-quiet-shelf.epub")).toBeVisible();
    await expectAccessible(page);
    await addDialog.getByLabel("Category").selectOption({ label: "Library Mysteries" });
    await addDialog.getByLabel("Price (£)").fill("3.50");
    await addDialog.getByLabel("Copies").fill("2");
    await addDialog.getByLabel("Lends left").fill("20");
    await addDialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, `“${TITLE}” is in the catalogue.`)).toBeVisible();
    await expect(addDialog).toBeHidden();
    const bookRow = rowWith(page, "Books", TITLE);
    await expect(bookRow).toHaveCount(1);
    await expect(bookRow).toContainText(AUTHOR);
    await expect(bookRow).toContainText("Library Mysteries");
    await expect(bookRow).toContainText("£3.50");
    await expect(bookRow).toContainText("In catalogue");

    // The reader, in a browser of their own, finds the book, borrows it and reads it.
    const readerContext = await browser.newContext({ baseURL: base });
    const readerPage = await readerContext.newPage();
    await logIn(readerPage, reader.email, reader.password);
    const search = readerPage.getByRole("combobox", { name: "Search books by title" });
    await search.fill(TITLE);
    await search.press("Enter");
    await expect(readerPage).toHaveURL(/\/search\?title=/);
    await readerPage.getByRole("link", { name: TITLE }).first().click();
    await expect(readerPage.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    const bookId = new URL(readerPage.url()).pathname.split("/").pop() ?? "";
    await readerPage.getByRole("button", { name: "Borrow", exact: true }).click();
    const borrowed = readerPage.getByRole("dialog", { name: "Borrow successful" });
    await expect(borrowed).toContainText(`You have borrowed ${TITLE}.`);
    await expect(borrowed).toBeHidden({ timeout: 10_000 });
    await readerPage.getByRole("button", { name: `Read ${TITLE}` }).click();
    await expect(readerPage).toHaveURL(/\/reader\?url=/);
    await expect(readerPage.getByRole("heading", { level: 1, name: TITLE })).toBeVisible({
      timeout: 20_000,
    });
    await showControls(readerPage);
    await readerPage.getByRole("button", { name: "Contents" }).click();
    await readerPage
      .getByRole("navigation", { name: "Table of contents" })
      .getByRole("button", { name: /^Chapter 1\./ })
      .click();
    await expect(shownChapter(readerPage).locator("body")).toContainText(CHAPTER_ONE);
    // A review, so the moderation screen has one.
    await reader.review(bookId, 4, "A quiet, clever little mystery. The librarian is the best.");

    // The admin sees the loan among the open ones, where the Loans screen opens.
    await openScreen(page, "Loans");
    await expect(page.getByLabel("Show")).toHaveValue("open");
    await expect(page).toHaveURL(/\/admin\/loans$/);
    await expect(rowWith(page, "Loans", reader.name, TITLE)).toHaveCount(1);
    await expect(rowWith(page, "Loans", reader.name, TITLE)).toContainText(reader.email);
    await expectAccessible(page);

    // Readers: find the reader; their page shows the charge, which the admin refunds.
    await openScreen(page, "Readers");
    await page.getByRole("searchbox", { name: "Search name or email" }).fill(reader.email);
    await expect(page.getByText("Showing 1–1 of 1 reader")).toBeVisible();
    await expectAccessible(page);
    await rowWith(page, "Readers", reader.email).getByRole("link", { name: reader.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: reader.name })).toBeVisible();
    await expect(fact(page, "Balance")).toContainText("£6.50");
    await expect(fact(page, "Open loans")).toContainText("1");
    const charge = rowWith(page, "Payments and charges", "Loan", TITLE);
    await expect(charge).toContainText("£3.50");
    await expect(rowWith(page, "Loans", TITLE)).toContainText("Open");
    await expect(page.getByText("A quiet, clever little mystery.")).toBeVisible();
    await expectAccessible(page);
    await charge.getByRole("button", { name: /^Refund Loan of / }).click();
    const refund = page.getByRole("dialog", { name: "Refund a charge" });
    await expect(refund.getByLabel("Amount (£)")).toHaveValue("3.50");
    await refund.getByLabel("Reason").fill("The file would not open on the reader's e-reader.");
    await expectAccessible(page);
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(toast(page, "Refunded £3.50. The balance is now £10.00.")).toBeVisible();
    await expect(refund).toBeHidden();
    await expect(fact(page, "Balance")).toContainText("£10.00");
    await expect(rowWith(page, "Payments and charges", "Refund")).toContainText(
      "The file would not open",
    );
    // Nothing left of the charge to refund.
    await expect(charge.getByRole("button", { name: /^Refund / })).toHaveCount(0);

    // Catalogue: retire the book.
    await openScreen(page, "Catalogue");
    await chooseRowAction(bookRow, "Retire");
    const retire = page.getByRole("dialog", { name: `Retire “${TITLE}”?` });
    await retire.getByLabel("Reason (optional)").fill("The licence was withdrawn.");
    await retire.getByRole("button", { name: "Retire" }).click();
    await expect(toast(page, `“${TITLE}” is retired: readers no longer see it.`)).toBeVisible();
    await expect(bookRow).toContainText("Retired");
    await bookRow.getByRole("button", { name: `Actions for ${TITLE}` }).click();
    await expect(page.getByRole("menuitem", { name: "Restore" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The reader no longer finds it (the spec's message for no results).
    await readerPage.goto(`/search?title=${encodeURIComponent(TITLE)}`);
    await expect(readerPage.getByText("No data available")).toBeVisible();
    await expect(readerPage.getByRole("link", { name: TITLE })).toHaveCount(0);
    await readerContext.close();

    // Mail and reviews: the shop's outbox and the reader's review.
    await openScreen(page, "Mail");
    await expect(page.getByRole("region", { name: "Outbox" })).toBeVisible();
    await expectAccessible(page);
    await chooseRowAction(
      page.getByRole("region", { name: "Outbox" }).getByRole("row").nth(1),
      "View",
    );
    const mail = page.getByRole("dialog", { name: "Mail as sent" });
    await expect(mail.getByText("Subject", { exact: true })).toBeVisible();
    // The HTML body is in a frame with sandbox="": nothing runs in it, axe neither.
    const htmlBody = mail.locator("iframe.mail-view__html");
    await expect(htmlBody).toHaveAttribute("sandbox", "");
    await expectAccessible(page, { exclude: [".mail-view__html"] });
    await mail.getByText("Close", { exact: true }).click();
    await expect(mail).toBeHidden();
    await openScreen(page, "Reviews");
    await expect(rowWith(page, "Reviews", TITLE, reader.name)).toContainText("4 of 5");
    await expectAccessible(page);

    // The audit log: each step, by the admin; the grant by the command line.
    await openScreen(page, "Audit log");
    for (const action of ["category.create", "book.create", "reader.refund", "book.retire"]) {
      await expect(rowWith(page, "Audit log", action), action).toHaveCount(1);
      await expect(rowWith(page, "Audit log", action)).toContainText(admin.email);
    }
    await expect(rowWith(page, "Audit log", "reader.refund")).toContainText(
      "The file would not open",
    );
    await expect(rowWith(page, "Audit log", "book.retire")).toContainText(
      "The licence was withdrawn.",
    );
    await expect(rowWith(page, "Audit log", "reader.role")).toContainText("command line");
    await expectAccessible(page);
    // What the book was made with, behind its disclosure.
    const created = rowWith(page, "Audit log", "book.create");
    await created.getByText("Before and after").click();
    await expect(created.locator(".audit-details__json").last()).toContainText(TITLE);
    // What is visually hidden in the table stays inside its scrolling box, not past the page.
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("the console on a phone: overview, catalogue and a reader @phone", async ({ page }) => {
    test.setTimeout(90_000);
    // A book of the catalogue, its title long enough to wrap (this project's shop may have none).
    const wide = page.viewportSize()?.width ?? 1280;
    const title = `A Catalogue of Every Shelf in the Long Gallery ${RUN}-${wide}`;
    await addBookOverApi(
      buildEpub({
        identifier: `urn:uuid:folio-e2e-gallery-${RUN}-${wide}`,
        title,
        author: AUTHOR,
        language: "en",
        description: "A list of shelves.",
        year: 2026,
        publisher: "Folio End-to-End Press",
        modified: "2026-01-01T00:00:00Z",
        coverSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">' +
          '<rect width="600" height="900" fill="#3d5a40"/></svg>',
        chapters: [{ title: "Shelf one", paragraphs: ["Atlases, mostly."] }],
      }),
      title,
      `Gazetteers ${RUN}-${wide}`,
      "A list of shelves.",
    );
    await logIn(page, admin.email, admin.password);
    const phone = (page.viewportSize()?.width ?? 1280) < 700;
    if (phone) {
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      await page
        .getByRole("dialog", { name: "Menu" })
        .getByRole("link", { name: "Staff console" })
        .click();
    } else {
      await page.getByRole("banner").getByRole("button", { name: admin.name }).click();
      await page.getByRole("link", { name: "Staff console" }).click();
    }
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.locator(".stat-card").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // The catalogue (issue 45): the title shows and no column is cut; a row's actions are one
    // menu, fully in view, in light and dark.
    await openScreen(page, "Catalogue");
    await expect(page.getByRole("button", { name: "Add a book" })).toBeVisible();
    const row = rowWith(page, "Books", title);
    await expect(row.getByRole("rowheader")).toBeVisible();
    await expectNoColumnCut(page, "Books");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    const actions = row.getByRole("button", { name: `Actions for ${title}` });
    await actions.click();
    const menu = page.getByRole("menu", { name: `Actions for ${title}` });
    await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeFocused();
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(wide);
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Edit",
      "Holds",
      "Replace file",
      "Retire",
    ]);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(actions).toBeFocused();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });

    // Readers, loaded on its own: its search field is styled (and a 44 px target) without
    // another screen having brought the form styles first.
    await page.goto("/admin/readers");
    const search = page.getByRole("searchbox", { name: "Search name or email" });
    await expect(search).toBeVisible();
    expect((await search.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
    await rowWith(page, "Readers", reader.email).getByRole("link", { name: reader.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: reader.name })).toBeVisible();
    await expect(fact(page, "Email")).toContainText(reader.email);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("a book's own scripts never run in the reader, and its links to other sites open outside it", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const bookId = await addBookOverApi(
      scriptedEpubFile(),
      SCRIPTED_TITLE,
      `Curiosities ${RUN}`,
      "A book with scripts in it.",
    );
    await reader.borrow(bookId);

    const context = await browser.newContext({ baseURL: base });
    try {
      // The other site is answered here: the test reaches no network.
      await context.route("https://example.org/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: "<title>Elsewhere</title><p>Elsewhere</p>",
        }),
      );
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto("/");
      await page.evaluate((token) => localStorage.setItem("token", token), reader.token);
      await page.goto(`/reader?bookId=${bookId}`);
      await waitForBook(page, SCRIPTED_TITLE);
      await showControls(page);
      await page.getByRole("button", { name: "Contents" }).click();
      await page
        .getByRole("navigation", { name: "Table of contents" })
        .getByRole("button", { name: "Chapter 1. The Visitor" })
        .click();
      const chapter = shownChapter(page);
      await expect(chapter.locator("body")).toContainText("in a hand nobody knew");
      await expect(chapter.getByRole("link", { name: "elsewhere" })).toBeVisible();
      // Readium shows a chapter after its frame's load event, by when any script in it would
      // have run: none has.
      const ran = await page.locator(SHOWN_FRAME).evaluate((frame: HTMLIFrameElement) => {
        const mark = (w: Window | null) =>
          w && "bookScriptRan" in w ? String(Reflect.get(w, "bookScriptRan")) : null;
        return {
          page: mark(window),
          frame: mark(frame.contentWindow),
          onload: frame.contentDocument?.body.getAttribute("onload") ?? null,
        };
      });
      expect(ran).toEqual({ page: null, frame: null, onload: null });
      expect(dialogs).toEqual([]);

      // The link to another site opens outside the reader, which stays where it was.
      const readerUrl = page.url();
      const opened = context.waitForEvent("page");
      await chapter.getByRole("link", { name: "elsewhere" }).click();
      const outside = await opened;
      await outside.waitForLoadState();
      expect(outside.url()).toBe("https://example.org/elsewhere");
      expect(page.url()).toBe(readerUrl);
      await expect(chapter.locator("body")).toContainText("in a hand nobody knew");
    } finally {
      await context.close();
    }
  });
});
