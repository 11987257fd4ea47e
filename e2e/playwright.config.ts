import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags } from "./chromium-flags";

const port = Number(process.env.E2E_PORT ?? 4319);
// A fresh embedded database for every run: the server seeds it on start.
// Journeys read the server's mail from DATA_DIR/mail (the .eml fallback). Workers load this file
// again but inherit the variable, so they see the folder the server was started with.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "folio-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  // Two browsers on one shop: a journey is mostly waiting (for the page, the server, an
  // animation), which the other worker's journey fills. Journeys that share a book wait for a
  // free copy and give theirs back when they end (fixtures.ts).
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every journey a quarter of its time, pass or fail; to see one,
    // run `npx playwright test --trace on`.
    trace: "off",
    // The app's service worker precaches its 111 files in every new context, which no journey
    // but offline reading (offline.spec.ts, which lets it run) is about; the pages come from the
    // server as they do on a first visit.
    serviceWorkers: "block",
    launchOptions: {
      // Debian's headless build of Chromium (chromium-headless-shell), what Playwright itself
      // runs headless: the same Blink and V8 as /usr/bin/chromium without the desktop
      // browser's compositor, a sixth less CPU per journey.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [...chromiumFlags],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      // Journeys about the phone's own layout; "@phone" ones run in both projects.
      grepInvert: /@phone-only/,
    },
    {
      name: "phone",
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: "node ../server/dist/main.js",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Journeys register and log in many times from one address.
      AUTH_RATE_LIMIT: "0",
      // Every journey makes accounts; scrypt at the shop's cost is CPU the browser needs.
      PASSWORD_HASH_COST: "10",
      // A web build elsewhere than web/dist, when given (parallel runs on one machine).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
