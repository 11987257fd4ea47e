import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin, Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at the highest
 * levels; the server sends them to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "folio-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After vite-plugin-pwa has written sw.js, so it is compressed too and a .br of an earlier
    // sw.js is never left beside a newer one.
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const files = await readdir(outDir, { recursive: true });
        for (const file of files.filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
          const full = path.join(outDir, file);
          // Kept from an earlier build and compressed then (keepRecentAssets).
          const compressed = await stat(`${full}.br`).catch(() => null);
          if (compressed && compressed.mtimeMs >= (await stat(full)).mtimeMs) continue;
          const content = await readFile(full);
          if (content.length < 1024) continue;
          await writeFile(
            `${full}.br`,
            brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
          );
          await writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/** How long a build's chunks stay beside the next ones: pages opened before a deploy use them. */
const KEEP_OLD_ASSETS_DAYS = 7;

/**
 * The build no longer empties its folder: a page opened before a deploy still finds the chunks
 * it was built with, so it keeps working rather than failing on its next route. Assets of
 * earlier builds go once they are older than KEEP_OLD_ASSETS_DAYS.
 */
function keepRecentAssets(): Plugin {
  let assetsDir = "dist/assets";
  const current = new Set<string>();
  return {
    name: "folio-keep-recent-assets",
    apply: "build",
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) current.add(path.basename(file));
    },
    async closeBundle() {
      const cutoff = Date.now() - KEEP_OLD_ASSETS_DAYS * 24 * 60 * 60 * 1000;
      const files = await readdir(assetsDir).catch(() => [] as string[]);
      for (const file of files) {
        // The .br and .gz beside a file go with it.
        if (current.has(file.replace(/\.(br|gz)$/, ""))) continue;
        const full = path.join(assetsDir, file);
        if ((await stat(full)).mtimeMs < cutoff) await rm(full);
      }
    },
  };
}

/** Files reached from these dynamic imports only are the staff console's: readers never need them. */
const STAFF_CONSOLE = /\/src\/features\/admin\//;

/** The files of the current build that only the staff console loads. */
function staffOnlyFiles(bundle: Rolldown.OutputBundle): Set<string> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === "chunk") chunks.set(output.fileName, output);
  }
  const isStaffEntry = (chunk: Rolldown.OutputChunk) =>
    chunk.isDynamicEntry && STAFF_CONSOLE.test(chunk.facadeModuleId ?? "");
  const reach = (starts: Rolldown.OutputChunk[], enter: (c: Rolldown.OutputChunk) => boolean) => {
    const seen = new Set<string>();
    const stack = starts.map((chunk) => chunk.fileName);
    while (stack.length > 0) {
      const chunk = chunks.get(stack.pop()!);
      if (!chunk || seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const file of chunk.viteMetadata?.importedCss ?? []) seen.add(file);
      for (const file of chunk.viteMetadata?.importedAssets ?? []) seen.add(file);
      stack.push(...chunk.imports);
      for (const target of chunk.dynamicImports) {
        const next = chunks.get(target);
        if (next && enter(next)) stack.push(target);
      }
    }
    return seen;
  };
  const all = [...chunks.values()];
  const reader = reach(
    all.filter((chunk) => chunk.isEntry),
    (chunk) => !isStaffEntry(chunk),
  );
  const staff = reach(all.filter(isStaffEntry), () => true);
  return new Set([...staff].filter((file) => !reader.has(file)));
}

/**
 * What the service worker keeps at install: this build's files only (the folder also holds
 * earlier builds' chunks, kept for 7 days by keepRecentAssets), and not the staff console's.
 */
function precacheList() {
  const current = new Set<string>();
  let staffOnly = new Set<string>();
  const plugin: Plugin = {
    name: "folio-precache-list",
    apply: "build",
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) current.add(file);
      staffOnly = staffOnlyFiles(bundle);
    },
  };
  const keep = (url: string) =>
    url.startsWith("assets/") ? current.has(url) && !staffOnly.has(url) : true;
  return { plugin, keep };
}

const precached = precacheList();

/** The installable app (docs/decisions/025-offline-reading.md); colours from app/global.css. */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  // main.tsx registers the worker itself, after the page has loaded.
  injectRegister: false,
  manifest: {
    id: "/",
    name: "Folio",
    short_name: "Folio",
    description: "Borrow e-books from a prepaid balance and read them in your browser.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#33251c",
    background_color: "#faf6ef",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // A classic script: every browser with service workers runs it, module workers are newer.
    rollupFormat: "iife",
    globPatterns: ["**/*.{js,css,html,svg,png,woff,woff2,webmanifest}"],
    globIgnores: ["sw.js", "**/*.map"],
    manifestTransforms: [
      (entries) => ({ manifest: entries.filter((entry) => precached.keep(entry.url)) }),
    ],
  },
});

const apiProxy = {
  "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), precompress(), keepRecentAssets(), precached.plugin, pwa],
  resolve: {
    // recharts asks for react-is; the copy hoisted to the root is an older one that another
    // package needs, and only the web app's own (React 19's) knows React 19's elements.
    dedupe: ["react-is"],
  },
  server: {
    port: 5173,
    proxy: apiProxy,
  },
  preview: {
    port: 4173,
    proxy: apiProxy,
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
    // Three tests watch a 3 s timer run out in real time (a modal that closes, bars that step
    // aside): on a busy machine they come near Vitest's default 5 s, the likeliest cause of one
    // web failure in CI that named no test. The budget only bounds a hung test; every
    // expectation and wait inside stays as it is.
    testTimeout: 20_000,
    // Two workers on two cores (Vitest's default leaves one idle), in threads, which start faster.
    pool: "threads",
    maxWorkers: 2,
    // Most files share their worker's modules (React, the app, Testing Library load once per
    // worker, not once per file: 130 s down to under 40 s). A file that needs its own module
    // graph runs isolated: see isolatedTests.
    projects: [
      {
        extends: true,
        test: { name: "web", include: sharedTests(), isolate: false },
      },
      {
        extends: true,
        test: { name: "web:isolated", include: isolatedTests(), isolate: true },
      },
    ],
  },
});

/**
 * Test files that run in a module graph of their own, chosen by what they say rather than by a
 * list: a file that replaces a module (`vi.mock`, which must not reach another file's imports),
 * one that installs a fake IndexedDB when imported (its globals would be missing, or another
 * file's, on a second import), and one that says `// Runs isolated:` with its reason.
 */
function isolatedTests(): string[] {
  return allTests().filter((file) =>
    /\bvi\.mock\(|fake-indexeddb|^\/\/ Runs isolated:/m.test(readFileSync(file, "utf8")),
  );
}

function sharedTests(): string[] {
  const isolated = new Set(isolatedTests());
  return allTests().filter((file) => !isolated.has(file));
}

function allTests(): string[] {
  return readdirSync("src", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join("src", file).split(path.sep).join("/"));
}
