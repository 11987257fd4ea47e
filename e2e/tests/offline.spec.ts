import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  expectNextScreen,
  findBook,
  screenPlace,
  shownChapter,
  showControls,
  waitForBook,
} from "./reader-helpers";

// Issue 22 item 6: the app installs as a PWA; a borrowed book downloads for offline reading,
// opens with the network off, its offline progress and bookmarks reach the server when the
// network is back, and the copy goes once the loan has ended.

/** What the browser keeps for offline reading: the books' caches and their records. */
function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const cacheNames = (await caches.keys()).filter((name) => name.startsWith("folio-book-"));
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const open = indexedDB.open("folio-offline");
      open.onerror = () => reject(new Error(open.error?.message ?? "IndexedDB failed"));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("books")) return resolve([]);
        const all = db.transaction("books").objectStore("books").getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(new Error(all.error?.message ?? "IndexedDB failed"));
      };
    });
    return { cacheNames, records };
  });
}

/** Reading writes waiting in the page's queue for the network. */
function queuedWrites(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("folio-offline");
        open.onerror = () => reject(new Error(open.error?.message ?? "IndexedDB failed"));
        open.onsuccess = () => {
          const count = open.result.transaction("queue").objectStore("queue").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error(count.error?.message ?? "IndexedDB failed"));
        };
      }),
  );
}

/** The reader's state on the server, over the API (not through the page, which is offline). */
function serverState(request: APIRequestContext, token: string, bookId: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    progress: async () => {
      const response = await request.get(`/api/reading/progress?bookId=${bookId}`, { headers });
      expect(response.ok()).toBe(true);
      return (await response.json()) as { locator: string | null; percentage: number | null };
    },
    annotations: async () => {
      const response = await request.get(`/api/reading/annotations?bookId=${bookId}`, { headers });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { annotations: { kind: string }[] }).annotations;
    },
  };
}

test.describe("offline reading", () => {
  // The one journey about the service worker: the others block it (playwright.config.ts).
  test.use({ readerOptions: { balance: 20, logIn: "later" }, serviceWorkers: "allow" });

  test("installs as an app, and offline serves its own pages only", async ({ page, context }) => {
    await page.goto("/");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await page.request.get(manifestHref!);
    expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(body).toMatchObject({ name: "Folio", display: "standalone" });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of ["/icon-192.png", "/icon-512.png"]) {
      const answer = await page.request.get(icon);
      expect(answer.headers()["content-type"]).toBe("image/png");
    }
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    // The worker takes charge of the page without a reload.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });

    // Offline, any page of the app is its shell, kept by the worker; the API, its
    // documentation and the metrics never are.
    await context.setOffline(true);
    const shell = await page.goto("/categories");
    expect(shell?.fromServiceWorker()).toBe(true);
    await expect(page.locator("header").first()).toBeVisible();
    for (const path of ["/api/docs", "/docs", "/metrics"]) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    }
    await context.setOffline(false);
  });

  test("reads a downloaded book offline, syncs what was done, and loses it once returned", async ({
    page,
    context,
    reader,
  }) => {
    test.setTimeout(120_000);
    await reader.logInWithToken();
    const book = await findBook(page.request, "Moby-Dick");
    await reader.borrow(book.bookId);
    const server = serverState(page.request, reader.token, book.bookId);

    await page.goto(`/book/${book.bookId}`);
    await page.getByRole("button", { name: `Read ${book.title}` }).click();
    await waitForBook(page, "Moby-Dick");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    const readerURL = page.url();

    // Download: the progress, then the copy is kept.
    await page.getByRole("button", { name: "Download for offline reading" }).click();
    await expect(page.getByRole("button", { name: "Remove download" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator(".offline-control__kept")).toHaveText("Available offline");
    await expect(page.getByRole("status").filter({ hasText: "Available offline" })).toBeAttached();
    const kept = await keptOnDevice(page);
    expect(kept.cacheNames).toEqual([`folio-book-${book.bookId}`]);
    expect(kept.records).toEqual([
      expect.objectContaining({ bookId: book.bookId, title: "Moby-Dick" }),
    ]);

    // The place the server knows before the network goes.
    const placeOf = (saved: { locator: string | null }) =>
      saved.locator === null
        ? 0
        : ((JSON.parse(saved.locator) as { locations?: { position?: number } }).locations
            ?.position ?? 0);
    const placeBefore = placeOf(await server.progress());

    // No network at all: the page loads from the worker and the book from the kept copy.
    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await waitForBook(page, "Moby-Dick");
    expect(page.url()).toBe(readerURL);
    await expect(shownChapter(page).locator("body")).not.toBeEmpty();
    expect(
      await page.evaluate(() =>
        fetch("/api/health").then(
          () => "reached",
          () => "offline",
        ),
      ),
    ).toBe("offline");

    // A page turn and a bookmark, offline.
    const start = await screenPlace(page);
    await page.keyboard.press("ArrowRight");
    await expectNextScreen(page, start);
    // The page label counts screens; the place kept is the position this device saved.
    const turnedTo = await page.evaluate((bookId) => {
      const key = Object.keys(localStorage).find(
        (name) => name.startsWith("readingPosition:") && name.endsWith(`:${bookId}`),
      );
      const saved = key ? (JSON.parse(localStorage.getItem(key)!) as { locator: string }) : null;
      return saved?.locator ?? null;
    }, book.bookId);
    expect(placeOf({ locator: turnedTo })).not.toBe(placeBefore);
    await showControls(page);
    await page.getByRole("button", { name: "Bookmark this page" }).click();
    await expect(page.getByRole("button", { name: "Bookmark this page" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Both wait on the device (the progress after its debounce); the server has neither yet.
    await expect.poll(() => queuedWrites(page), { timeout: 10_000 }).toBe(2);
    expect(placeOf(await server.progress())).toBe(placeBefore);
    expect(await server.annotations()).toEqual([]);

    // Back online: they reach the server without the reader doing anything.
    await context.setOffline(false);
    await expect.poll(() => queuedWrites(page), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(async () => (await server.annotations()).map((a) => a.kind))
      .toEqual(["bookmark"]);
    // The page turned to offline is the place the server keeps now.
    await expect
      .poll(async () => placeOf(await server.progress()))
      .toBe(placeOf({ locator: turnedTo }));

    // The loan ends; the next start online deletes the copy, and it no longer opens.
    await reader.giveBack(book.bookId);
    await page.goto("/");
    await expect
      .poll(() => keptOnDevice(page), { timeout: 15_000 })
      .toEqual({ cacheNames: [], records: [] });
    const gone = await page.evaluate(
      (bookId) => fetch(`/offline/books/${bookId}/manifest.json`).then((r) => r.status),
      book.bookId,
    );
    expect(gone).toBe(404);
  });
});
