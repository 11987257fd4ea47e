import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";

// A deploy rebuilds the web app under pages people have open. This journey runs its own
// server on a copy of the build, so rebuilding it leaves the other journeys' build alone.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const builtWeb = process.env.WEB_DIST ?? path.join(root, "web/dist");
const port = Number(process.env.E2E_PORT ?? 4319) + 7;
const base = `http://127.0.0.1:${port}`;

async function startServer(webDist: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, "server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: "warn",
      // The pages' code is what this journey is about; an empty shop starts at once.
      SEED_ON_START: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error("the deploy journey's server did not start");
}

/** Stops the server and waits for it to be gone: it writes its data folder until it exits. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill();
  await exited;
}

/** `vite build` into the served folder, as a deploy does, naming the build. */
function rebuild(webDist: string, buildId: string): void {
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", webDist],
    {
      cwd: path.join(root, "web"),
      env: { ...process.env, VITE_BUILD_ID: buildId },
      encoding: "utf8",
    },
  );
  expect(built.status, built.stderr).toBe(0);
}

const assetsOf = async (webDist: string) => new Set(await readdir(path.join(webDist, "assets")));

test("a page open during a deploy keeps working, and reloads once when its chunks are gone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(path.join(tmpdir(), "folio-deploy-"));
  const webDist = path.join(work, "web");
  await cp(builtWeb, webDist, { recursive: true, preserveTimestamps: true });
  const server = await startServer(webDist, path.join(work, "data"));
  try {
    await page.goto(`${base}/`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const firstBuild = await page.locator("html").getAttribute("data-build");
    // Survives client-side navigation, not a reload.
    await page.evaluate(() => Object.assign(window, { openedBeforeDeploy: true }));
    const before = await assetsOf(webDist);
    const rebuiltAt = Date.now() - 1000;

    rebuild(webDist, "deploy-2");
    const after = await assetsOf(webDist);
    const gone = [...before].filter((file) => !after.has(file));
    const added = [...after].filter((file) => !before.has(file));
    expect(added.length, "the rebuild wrote new chunks").toBeGreaterThan(0);
    expect(gone, "the rebuild kept the old build's chunks").toEqual([]);

    // A page whose code this tab has not loaded yet comes from the old build, still there.
    await page.getByRole("link", { name: "Categories" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    expect(await page.evaluate(() => "openedBeforeDeploy" in window)).toBe(true);
    expect(await page.locator("html").getAttribute("data-build")).toBe(firstBuild);

    // Later the old build's own chunks are pruned: the next new page reloads into the new
    // build instead of showing "Failed to get data, please try again later".
    for (const file of before) {
      const full = path.join(webDist, "assets", file);
      if ((await stat(full)).mtimeMs < rebuiltAt) await rm(full);
    }
    await page.getByRole("link", { name: "Login" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-build", "deploy-2");
    expect(await page.evaluate(() => "openedBeforeDeploy" in window)).toBe(false);
    await expect(page.getByText("Failed to get data, please try again later")).toHaveCount(0);
  } finally {
    await stopServer(server);
    await rm(work, { recursive: true, force: true });
  }
});
