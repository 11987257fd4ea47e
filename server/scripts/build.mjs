// Bundles the server into dist/main.js. Our own workspace packages (@folio/*) are compiled in,
// since they are TypeScript; every other package stays in node_modules.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const root = new URL("..", import.meta.url);

await rm(new URL("dist", root), { recursive: true, force: true });
await build({
  entryPoints: [new URL("src/main.ts", root).pathname],
  outfile: new URL("dist/main.js", root).pathname,
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
