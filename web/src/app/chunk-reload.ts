/**
 * After a deploy, a page opened earlier may ask for a chunk the server no longer has. Loading
 * the page again gets the new build; once only, so a chunk that is really broken still shows
 * the error rather than reloading for ever.
 */
const RELOADED_AT = "folio.chunk-reload-at";
const RELOAD_WINDOW_MS = 10_000;

/** The messages browsers give when a dynamic import or a preload cannot be fetched. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * Reloads the page unless it was reloaded for this reason within the last few seconds.
 * Answers whether it did.
 */
export function reloadOnce(
  storage: Pick<Storage, "getItem" | "setItem"> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(RELOADED_AT));
  if (last && now - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}

/** Wraps a page's import: a missing chunk reloads the page instead of failing it. */
export function reloadingOnChunkFailure<M>(load: () => Promise<M>): () => Promise<M> {
  return () =>
    load().catch((error: unknown) => {
      // The reload is under way: keep showing the page's placeholder until it happens.
      if (isChunkLoadError(error) && reloadOnce()) return new Promise<M>(() => {});
      throw error;
    });
}

/** Vite's own preloads (a page's CSS and shared chunks) report failures as this event. */
export function reloadOnPreloadFailure(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
