import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  latestMailTo,
  registerReader,
  test,
  type RegisteredReader,
} from "./fixtures";

// Holds (issue 21): a book with no copy free gets a queue. Its own seed book, with one copy,
// that no other journey borrows.
const TITLE = "The Moonstone";

interface Hold {
  holdId: string;
  bookId: string;
  status: string;
  position: number | null;
}

async function bookIdOf(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get("/api/books/search", { params: { title } });
  const { books } = (await response.json()) as { books: { bookId: string; title: string }[] };
  const book = books.find((candidate) => candidate.title === title);
  expect(book, `seed book ${title}`).toBeTruthy();
  return book!.bookId;
}

async function holdsOf(request: APIRequestContext, who: RegisteredReader): Promise<Hold[]> {
  const response = await request.get("/api/holds/list", {
    headers: { Authorization: `Bearer ${who.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { holds: Hold[] }).holds;
}

async function openLoans(request: APIRequestContext, who: RegisteredReader): Promise<string[]> {
  const response = await request.post("/api/borrow/borrowlist", {
    data: {},
    headers: { Authorization: `Bearer ${who.token}` },
  });
  return ((await response.json()) as { data: { bookId: string }[] }).data.map((l) => l.bookId);
}

const bookPanel = (page: Page) => page.getByRole("main");

test.describe("holds", () => {
  test.use({ readerOptions: { name: "Rachel Verinder", balance: 20 } });

  test("a reader queues for the last copy, is told when it is ready, and borrows it; an auto-borrow hold is lent without a click", async ({
    page,
    reader,
  }) => {
    const bookId = await bookIdOf(page.request, TITLE);

    // Reader A borrows the only copy.
    const a = await registerReader(page.request, { name: "Franklin Blake" });
    await a.topUp(20);
    await a.borrow(bookId);

    // Reader B (this page) finds no copy free: Place hold, with the queue and the wait.
    await page.goto(`/book/${bookId}`);
    const panel = bookPanel(page);
    await expect(panel.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
    await expect(panel.getByText("No one is waiting yet")).toBeVisible();
    await expect(panel.getByText(/Estimated wait: (about|less than|a day)/)).toBeVisible();
    await expect(panel.getByLabel("Borrow it for me when it's my turn")).not.toBeChecked();
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Place hold" }).click();
    await expect(panel.getByText("You are number 1 in the queue.").first()).toBeVisible();

    // Reader C queues behind B and asks to have it borrowed for them.
    const c = await registerReader(page.request, { name: "Gabriel Betteredge" });
    await c.topUp(20);
    const placed = await page.request.post("/api/holds/place", {
      data: { bookId, autoBorrow: true },
      headers: { Authorization: `Bearer ${c.token}` },
    });
    expect(placed.ok()).toBe(true);
    expect(((await placed.json()) as { hold: Hold }).hold.position).toBe(2);

    // A gives the book back: B's hold is ready at once, B is mailed, the header says so.
    await a.giveBack(bookId);
    await page.reload();
    await expect(panel.getByText("Your hold is ready.")).toBeVisible();
    await expect(panel.getByText(/Kept for you until/)).toBeVisible();
    const mail = await latestMailTo(reader.email, "hold_ready");
    expect(mail).toContain(`Subject: ${TITLE} is ready for you`);
    expect(mail).toContain("/mybooks?tab=holds");

    const readyLink = page.getByRole("banner").getByRole("link", { name: /hold ready/i });
    await expect(readyLink).toBeVisible();
    await readyLink.click();
    await expect(page).toHaveURL(/\/user\/books\?tab=holds/);
    await expect(page.getByRole("tab", { name: "Holds" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
    await page.getByRole("button", { name: `Borrow ${TITLE}` }).click();
    await expect(page.getByText(`“${TITLE}” is yours: enjoy reading.`)).toBeVisible();
    await expect(readyLink).toBeHidden();
    expect(await openLoans(page.request, reader)).toContain(bookId);
    expect((await holdsOf(page.request, reader))[0]).toMatchObject({ status: "borrowed" });

    // B returns it: C's hold is ready and, as C asked, lent at once, without C doing anything.
    await page.request.post("/api/borrow/return", {
      data: { bookId },
      headers: { Authorization: `Bearer ${reader.token}` },
    });
    expect(await openLoans(page.request, c)).toContain(bookId);
    expect((await holdsOf(page.request, c))[0]).toMatchObject({ status: "borrowed" });
    const lent = await latestMailTo(c.email, "borrow");
    expect(lent).toContain(TITLE);
  });
});
