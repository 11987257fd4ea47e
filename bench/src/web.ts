import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromiumFlags } from "../../e2e/chromium-flags";

const run = promisify(execFile);
const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));
const lighthouseCli = fileURLToPath(
  new URL("../../node_modules/lighthouse/cli/index.js", import.meta.url),
);

export interface FirstLoad {
  /** the assets index.html loads before anything else: scripts, module preloads, stylesheets */
  assets: { file: string; bytes: number; gzipBytes: number }[];
  gzipKiB: number;
  /** JavaScript chunks in the build: more than a handful means routes are split */
  jsChunks: number;
  /** chunks holding the reader's renderer (Readium's navigator); none may be in the first load */
  rendererChunks: string[];
  rendererInFirstLoad: boolean;
}

/** First-load JS and CSS of Home from the built web app, gzipped at level 9 as a server would. */
export async function measureFirstLoad(): Promise<FirstLoad> {
  const html = await readFile(path.join(webDist, "index.html"), "utf8");
  const refs = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const assets = await Promise.all(
    [...new Set(refs)].map(async (ref) => {
      const content = await readFile(path.join(webDist, ref));
      return {
        file: ref,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    }),
  );
  const files = (await readdir(path.join(webDist, "assets"))).filter((f) => f.endsWith(".js"));
  const rendererChunks: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(webDist, "assets", file), "utf8");
    // The id the navigator gives the Readium CSS it injects into every chapter.
    if (text.includes("readium-css-before")) rendererChunks.push(`/assets/${file}`);
  }
  const gzip = assets.reduce((sum, a) => sum + a.gzipBytes, 0);
  return {
    assets,
    gzipKiB: Math.round((gzip / 1024) * 10) / 10,
    jsChunks: files.length,
    rendererChunks,
    rendererInFirstLoad: assets.some((a) => rendererChunks.includes(a.file)),
  };
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

export interface LighthouseResult extends LighthouseRun {
  page: string;
  url: string;
  formFactor: "desktop" | "mobile";
  /** the run reported is the median by performance score of these */
  runs: LighthouseRun[];
}

const chromeFlags = ["--headless", ...chromiumFlags].join(" ");

async function lighthouseOnce(
  url: string,
  formFactor: "desktop" | "mobile",
): Promise<LighthouseRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "folio-lh-"));
  const out = path.join(dir, "report.json");
  try {
    await run(
      process.execPath,
      [
        lighthouseCli,
        url,
        "--output=json",
        `--output-path=${out}`,
        "--only-categories=performance,accessibility",
        `--chrome-flags=${chromeFlags}`,
        "--quiet",
        ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      },
    );
    const report = JSON.parse(await readFile(out, "utf8")) as {
      runtimeError?: { message?: string };
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    if (report.runtimeError || report.categories.performance?.score == null)
      throw new Error(`Lighthouse: ${report.runtimeError?.message ?? "no performance score"}`);
    const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
    const value = (name: string) =>
      Math.round((report.audits[name]?.numericValue ?? NaN) * 1000) / 1000;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      lcpMs: Math.round(value("largest-contentful-paint")),
      tbtMs: Math.round(value("total-blocking-time")),
      cls: value("cumulative-layout-shift"),
      fcpMs: Math.round(value("first-contentful-paint")),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Lighthouse `runs` times on one page and form factor; the median run by performance. */
export async function lighthouse(
  page: string,
  url: string,
  formFactor: "desktop" | "mobile",
  runs: number,
): Promise<LighthouseResult> {
  const all: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    // Chrome now and then fails to record a trace (NO_NAVSTART); such a run is tried again.
    all.push(await lighthouseOnce(url, formFactor).catch(() => lighthouseOnce(url, formFactor)));
  }
  const sorted = [...all].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { page, url, formFactor, ...median, runs: all };
}
