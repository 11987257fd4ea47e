// Bundles the server into dist/main.js and the chunks it imports on demand (split, so that the
// primary of a cluster, which loads only main.js, stays small), and the worker thread that checks
// an uploaded EPUB into dist/epub-check-worker.js (found beside the chunks by epub-check.ts). Our
// own workspace packages (@folio/*) are compiled in, since they are TypeScript; every other
// package stays in node_modules.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const root = new URL("..", import.meta.url);

await rm(new URL("dist", root), { recursive: true, force: true });
await build({
  entryPoints: [
    new URL("src/main.ts", root).pathname,
    new URL("src/features/reading/epub-check-worker.ts", root).pathname,
  ],
  outdir: new URL("dist", root).pathname,
  // Beside main.js, so that paths made from import.meta.url mean the same in every chunk.
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@folio/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp(new URL("src/db/migrations", root), new URL("dist/migrations", root), { recursive: true });
