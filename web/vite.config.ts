import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
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
    async closeBundle() {
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

const apiProxy = {
  "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), precompress(), keepRecentAssets()],
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
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
