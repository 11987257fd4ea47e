// The server's shape, held by a test (decision 016): every table has one owner and only the
// owner writes it; no folder imports another that imports it back; a feature reaches another
// only through its index.ts. Each check is also run on a planted violation, to show it can fail.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getTableColumns, getTableName, isTable, type Table } from "drizzle-orm";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { columnOwners, tableOwners, type TableName } from "./db/owners";
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
    .map(([name, table]) => [name, getTableName(table as Table)]),
);

/** SQL table name → (column key in code or SQL name → SQL name). */
const columnsOf = new Map(
  Object.values(schema)
    .filter((value) => isTable(value))
    .map((table) => [
      getTableName(table as Table),
      new Map(
        Object.entries(getTableColumns(table as Table)).flatMap(([key, column]) => [
          [key, column.name],
          [column.name, column.name],
        ]),
      ),
    ]),
);

interface Write {
  table: string;
  /** the columns an update sets, as far as the text shows them; none for inserts and deletes */
  columns: string[];
}

/** The keys an update's set() gives: of its object, or of the variable it passes. */
function keysSet(text: string, argument: string): string[] {
  // Keys after `{` or `,`, shorthand ones too.
  const keysOf = (object: string) =>
    [...object.matchAll(/[{,]\s*(\w+)\s*(?=[:,}])/g)].map((m) => m[1]!);
  const trimmed = argument.trim();
  if (trimmed.startsWith("{")) return keysOf(trimmed);
  const name = trimmed.match(/^\w+$/)?.[0];
  if (!name) return [];
  return [
    ...[...text.matchAll(new RegExp(`\\b${name}\\.(\\w+)\\s*=[^=]`, "g"))].map((m) => m[1]!),
    ...[
      ...text.matchAll(
        new RegExp(`Object\\.assign\\(\\s*${name},\\s*(\\{[\\s\\S]*?\\})\\s*\\)`, "g"),
      ),
    ].flatMap((m) => keysOf(m[1]!)),
    ...[
      ...text.matchAll(new RegExp(`(?:const|let)\\s+${name}\\b[^=]*=\\s*(\\{[\\s\\S]*?\\});`, "g")),
    ].flatMap((m) => keysOf(m[1]!)),
  ];
}

/** Each write to a schema table in `text`: the query builder's and raw SQL's. */
function writesIn(text: string): Write[] {
  const names = [...tableOfExport.keys()].join("|");
  const sqlNames = [...tableOfExport.values()].join("|");
  const column = (table: string) => (key: string) => columnsOf.get(table)?.get(key);
  const updates = [
    ...[
      ...text.matchAll(
        new RegExp(
          `\\.update\\(\\s*(${names})\\s*\\)\\s*\\.set\\(([\\s\\S]*?)\\)\\s*\\.(?:where|returning)`,
          "g",
        ),
      ),
    ].map((m) => {
      const table = tableOfExport.get(m[1]!)!;
      return { table, columns: keysSet(text, m[2]!).flatMap((key) => column(table)(key) ?? []) };
    }),
    ...[
      ...text.matchAll(
        new RegExp(
          `update\\s+\\$\\{(${names})\\}\\s+set\\s+([\\s\\S]*?)(?:\\bwhere\\b|\\bfrom\\b|$)`,
          "gi",
        ),
      ),
    ].map((m) => {
      const table = tableOfExport.get(m[1]!)!;
      const keys = [...m[2]!.matchAll(/(\w+)\s*=/g)].map((k) => k[1]!);
      return { table, columns: keys.flatMap((key) => column(table)(key) ?? []) };
    }),
  ];
  const others = [
    new RegExp(`\\.(?:insert|delete)\\(\\s*(${names})\\s*\\)`, "g"),
    new RegExp(`\\.update\\(\\s*(${names})\\s*\\)(?!\\s*\\.set\\()`, "g"),
    new RegExp(`(?:insert into|delete from)\\s+\\$\\{(${names})\\}`, "gi"),
  ].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m) => ({ table: tableOfExport.get(m[1]!)!, columns: [] })),
  );
  const literal = new RegExp(`(?:update|insert into|delete from)\\s+"?(${sqlNames})\\b`, "gi");
  return [
    ...updates,
    ...others,
    ...[...text.matchAll(literal)].map((m) => ({ table: m[1]!, columns: [] })),
  ];
}

/**
 * Whether `part` may make this write: a table's owner may, but for columns another part owns; a
 * column's owner may set its own columns of the table and nothing else.
 */
function mayWrite(part: string, { table, columns }: Write): boolean {
  const byOwner = columnOwners[table as TableName] ?? {};
  const ownerOf = (column: string) =>
    Object.entries(byOwner).find(([, owned]) => owned.includes(column))?.[0];
  if (tableOwners[table as TableName] === part)
    return columns.every((column) => ownerOf(column) === undefined);
  return columns.length > 0 && columns.every((column) => ownerOf(column) === part);
}

/** Writes by code that does not own the table, as "part writes table". */
function foreignWrites(files: { part: string; text: string }[]): string[] {
  return files.flatMap(({ part, text }) =>
    writesIn(text)
      .filter((write) => !mayWrite(part, write))
      .map(
        ({ table, columns }) =>
          `${part} writes ${table}${columns.length > 0 ? ` (${columns.join(", ")})` : ""}`,
      ),
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
    const written = new Set(files.flatMap(({ text }) => writesIn(text).map((w) => w.table)));
    expect([...tableOfExport.values()].filter((table) => !written.has(table))).toEqual([
      "search_words",
      "search_authors",
      "cart_items",
      "wishlist_items",
    ]);
  });

  it("catch a planted write to another feature's table", () => {
    const planted = [
      { part: "reviews", text: "await tx.update(books).set({ rating: 5 }).where(x);" },
      { part: "circulation", text: "await tx.execute(sql`delete from ${cartItems} where true`);" },
    ];
    expect(foreignWrites(planted)).toEqual([
      "reviews writes books (rating)",
      "circulation writes cart_items",
    ]);
  });

  it("catch a planted write of a column its table's owner does not own, and the reverse", () => {
    const planted = [
      // The catalogue changing the copies on the shelf, directly and through a variable.
      {
        part: "catalogue",
        text: "await tx.update(books).set({ title, availableCopies: 2 }).where(x);",
      },
      { part: "catalogue", text: "set.loanCap = 3;\nawait tx.update(books).set(set).where(x);" },
      { part: "accounts", text: "await tx.execute(sql`update ${users} set balance_pence = 0`);" },
      // Circulation changing a book's title along with its copies.
      {
        part: "circulation",
        text: "await tx.update(books).set({ totalCopies: 2, title: t }).where(x);",
      },
      // What each may do: its own columns.
      { part: "circulation", text: "await tx.update(books).set({ loanCap: 2 }).where(x);" },
      { part: "payments", text: "await tx.update(users).set({ balancePence: 2 }).where(x);" },
      { part: "catalogue", text: "await tx.update(books).set({ title: t }).where(x);" },
    ];
    expect(foreignWrites(planted)).toEqual([
      "catalogue writes books (title, available_copies)",
      "catalogue writes books (loan_cap)",
      "accounts writes users (balance_pence)",
      "circulation writes books (total_copies, title)",
    ]);
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
      'import { lockBalance } from "../payments/balance";\nexport const planted = lockBalance;\n',
    );
    expect(internal.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(internal[0]!.message).toContain("only through that feature's index.ts");
    const viaIndex = await lintAs(
      "features/lists/planted.ts",
      'import { lockBalance } from "../payments";\nexport const planted = lockBalance;\n',
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
