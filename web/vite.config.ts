import { readdir, readFile, writeFile } from "node:fs/promises";
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

const apiProxy = {
  "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), precompress()],
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
    emptyOutDir: true,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
