export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** The server the PostgreSQL leg runs on; any database on it will do, tests make their own. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)",
    );
  return url;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
