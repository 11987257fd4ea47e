/// <reference lib="webworker" />
/**
 * Folio's service worker (docs/decisions/025-offline-reading.md). Online it stays out of the
 * way: pages and assets come from the network as they would without it, so a deploy behaves as
 * decision 017 says. When the network fails it answers from the current build, kept at install,
 * and it serves downloaded books under /offline/books/.
 */
import { clientsClaim } from "workbox-core";
import {
  addPlugins,
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from "workbox-precaching";
import { createPartialResponse } from "workbox-range-requests";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { browserBookCaches } from "./features/reading/offline/offline-books";
import { openOfflineDb } from "./features/reading/offline/offline-db";
import { OFFLINE_BOOKS_PATH } from "./features/reading/offline/offline-urls";
import { answerOfflineBook } from "./features/reading/offline/serve-offline-book";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

// A new build takes over at once: online the old tabs keep fetching their own chunks from the
// server (kept 7 days), and offline the shell answered is always this build's, whole.
void self.skipWaiting();
clientsClaim();

// The install's downloads skip the HTTP cache: the build is kept once, here, and an old tab's
// request for a chunk a later deploy pruned still meets the server's 404 and reloads (017).
addPlugins([
  { requestWillFetch: async ({ request }) => new Request(request, { cache: "no-store" }) },
]);
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const db = openOfflineDb(self.indexedDB);
const bookCaches = browserBookCaches(self.caches);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(OFFLINE_BOOKS_PATH),
  async ({ request, url }) => {
    const answer = await answerOfflineBook(url.pathname, { db, caches: bookCaches });
    // Media inside a book may be asked for in ranges; the kept file is whole.
    return answer.ok && request.headers.has("range")
      ? createPartialResponse(request, answer)
      : answer;
  },
);

/** The network's answer, or this build's copy of `fallbackURL` when there is no network. */
async function networkFirst(request: Request, fallbackURL: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await matchPrecache(fallbackURL);
    if (kept) return kept;
    throw error;
  }
}

// The build's own files (scripts, styles, icons): a 404 from the server stays a 404, so a tab of
// a pruned build still reloads into the new one (chunk-reload.ts).
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.mode !== "navigate" && getCacheKeyForURL(url.pathname) !== undefined,
  ({ request, url }) => networkFirst(request, url.pathname),
);

// Any page of the app offline is its shell; the API, its docs, the metrics and the e-reader
// apps' catalogue (OPDS) never are.
registerRoute(
  new NavigationRoute(({ request }) => networkFirst(request, "/index.html"), {
    denylist: [
      /^\/api(\/|$)/,
      /^\/docs(\/|$)/,
      /^\/metrics(\/|$)/,
      /^\/offline\//,
      /^\/opds(\/|$)/,
    ],
  }),
);
