// The server's shape, held by a test (decision 016): every table has one owner and only the
// owner writes it; no folder imports another that imports it back; a feature reaches another
// only through its index.ts. Each check is also run on a planted violation, to show it can fail.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getTableName, isTable } from "drizzle-orm";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { tableOwners } from "./db/owners";
import * as schema from "./db/schema";

const src = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(src, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Migrations are history; test/ holds fixtures that lay out rows as a test needs them.
    if (entry.isDirectory())
      return full === path.join(src, "test") || entry.name === "migrations"
        ? []
        : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The code a file belongs to: its feature, its top folder, or the file itself at the top. */
function partOf(file: string): string {
  const [first, second] = path.relative(src, file).split(path.sep);
  if (first === "features") return second!;
  return second === undefined ? first! : `${first}/`;
}

/** Schema export name → SQL table name, for every table. */
const tableOfExport = new Map(
  Object.entries(schema)
    .filter(([, value]) => isTable(value))
    .map(([name, table]) => [name, getTableName(table as Parameters<typeof getTableName>[0])]),
);

/** Each write to a schema table in `text`: the query builder's and raw SQL's. */
function writesIn(text: string): string[] {
  const names = [...tableOfExport.keys()].join("|");
  const sqlNames = [...tableOfExport.values()].join("|");
  const patterns = [
    new RegExp(`\\.(?:insert|update|delete)\\(\\s*(${names})\\s*\\)`, "g"),
    new RegExp(`(?:update|insert into|delete from)\\s+\\$\\{(${names})\\}`, "gi"),
  ];
  const literal = new RegExp(`(?:update|insert into|delete from)\\s+"?(${sqlNames})\\b`, "gi");
  return [
    ...patterns.flatMap((pattern) =>
      [...text.matchAll(pattern)].map((match) => tableOfExport.get(match[1]!)!),
    ),
    ...[...text.matchAll(literal)].map((match) => match[1]!),
  ];
}

/** Writes by code that does not own the table, as "part writes table". */
function foreignWrites(files: { part: string; text: string }[]): string[] {
  return files.flatMap(({ part, text }) =>
    writesIn(text)
      .filter((table) => tableOwners[table as keyof typeof tableOwners] !== part)
      .map((table) => `${part} writes ${table}`),
  );
}

/** The parts each part imports (relative imports, type-only ones too). */
function importGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = partOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const text = readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
      const base = path.resolve(path.dirname(file), spec!);
      const target = existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, "index.ts");
      const to = partOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** One cycle of the graph as a path ["a", "b", "a"], or null when it has none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, "open");
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("table owners", () => {
  const files = sourceFiles(src).map((file) => ({
    part: partOf(file),
    text: readFileSync(file, "utf8"),
  }));

  it("name an owner for every table, and no table that does not exist", () => {
    expect(Object.keys(tableOwners).sort()).toEqual([...tableOfExport.values()].sort());
  });

  it("are the only code that writes their tables", () => {
    expect(foreignWrites(files)).toEqual([]);
    // The scan sees writes: it finds every table's owner writing it somewhere, but for the
    // lists, which write their two tables through one variable (lists/service.ts), and
    // search_words and search_authors, which the catalogue's trigger on books keeps
    // (migrations 0012 and 0013).
    const written = new Set(files.flatMap(({ text }) => writesIn(text)));
    expect([...tableOfExport.values()].filter((table) => !written.has(table))).toEqual([
      "search_words",
      "search_authors",
      "cart_items",
      "wishlist_items",
    ]);
  });

  it("catch a planted write to another feature's table", () => {
    const planted = [
      { part: "reviews", text: "await tx.update(books).set({ rating: 5 });" },
      { part: "loans", text: "await tx.execute(sql`delete from ${cartItems} where true`);" },
    ];
    expect(foreignWrites(planted)).toEqual(["reviews writes books", "loans writes cart_items"]);
  });

  it("are the decision record's list, table by table", () => {
    const record = readFileSync(
      path.join(repo, "docs/decisions/016-table-owners-and-events.md"),
      "utf8",
    );
    for (const [table, owner] of Object.entries(tableOwners))
      expect(record).toMatch(
        new RegExp(`\\|\\s*\`${table}\`\\s*\\|\\s*${owner.replace(".", "\\.")}`),
      );
  });
});

describe("imports between folders", () => {
  it("have no cycle", () => {
    const graph = importGraph(sourceFiles(src));
    expect(graph.get("catalogue")).toBeDefined();
    expect(findCycle(graph)).toBeNull();
  });

  it("would show a planted cycle", () => {
    const graph = new Map([
      ["loans", new Set(["accounts", "notifications"])],
      ["accounts", new Set(["notifications"])],
      ["notifications", new Set(["loans"])],
    ]);
    expect(findCycle(graph)).toEqual(["loans", "accounts", "notifications", "loans"]);
  });

  it("leave shared code free of features", () => {
    const graph = importGraph(sourceFiles(src));
    const features = readdirSync(path.join(src, "features"));
    for (const shared of ["db/", "http/", "storage/", "context.ts", "config.ts", "errors.ts"])
      expect([...(graph.get(shared) ?? [])].filter((to) => features.includes(to))).toEqual([]);
  });
});

describe("the lint rule on features", () => {
  async function lintAs(file: string, code: string): Promise<Linter.LintMessage[]> {
    const config = (await import(pathToFileURL(path.join(repo, "eslint.config.js")).href)) as {
      default: Linter.Config[];
    };
    // Only the import rule, as the lint step configures it: the planted file is not on disk,
    // so the type-checked rules could not run on it.
    const block = config.default.find((b) => b.rules?.["import-x/no-restricted-paths"])!;
    const [, { zones }] = block.rules!["import-x/no-restricted-paths"] as [
      string,
      { zones: unknown[] },
    ];
    const eslint = new ESLint({
      cwd: repo,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ["**/*.ts"],
          plugins: block.plugins!,
          settings: block.settings!,
          rules: { "import-x/no-restricted-paths": ["error", { zones, basePath: repo }] },
        },
      ],
    });
    const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
    return result!.messages;
  }

  it("refuses a feature importing another's internals, and takes its index", async () => {
    const internal = await lintAs(
      "features/lists/planted.ts",
      'import { lockBalance } from "../accounts/balance";\nexport const planted = lockBalance;\n',
    );
    expect(internal.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(internal[0]!.message).toContain("only through that feature's index.ts");
    const viaIndex = await lintAs(
      "features/lists/planted.ts",
      'import { lockBalance } from "../accounts";\nexport const planted = lockBalance;\n',
    );
    expect(viaIndex).toEqual([]);
  });

  it("refuses shared code importing a feature", async () => {
    const messages = await lintAs(
      "db/planted.ts",
      'import { findBooks } from "../features/catalogue";\nexport const planted = findBooks;\n',
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining("Shared server code must not import a feature"),
    ]);
  });
});
