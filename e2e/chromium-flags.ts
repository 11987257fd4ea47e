/**
 * What headless Debian Chromium needs here, run as root (the brief's list): the browser tests and
 * the benchmark's Lighthouse runs both start it with these. Playwright adds `--headless` itself.
 */
export const chromiumFlags: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
