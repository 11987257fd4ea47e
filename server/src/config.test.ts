import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "folio-config-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: dir,
      databaseUrl: undefined,
      authRateLimit: 10,
      passwordHashCost: 15,
      seedOnStart: true,
      mailClaimSeconds: 120,
    });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("keeps a generated secret in DATA_DIR so it survives a restart", async () => {
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    expect((await readFile(path.join(dir, "secret"), "utf8")).trim()).toBe(first);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/x" }, "DATABASE_URL"],
    [{ SECRET: "short" }, "SECRET"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ AUTH_RATE_LIMIT: "-1" }, "AUTH_RATE_LIMIT"],
    [{ PASSWORD_HASH_COST: "9" }, "PASSWORD_HASH_COST"],
    [{ PASSWORD_HASH_COST: "21" }, "PASSWORD_HASH_COST"],
  ])("stops start-up on a bad setting %j, naming it", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`${name}: `));
  });

  it("runs one process per core on PostgreSQL, and only one on the embedded database", () => {
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://x/y" }).workers,
    ).toBeGreaterThanOrEqual(1);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://x/y", WORKERS: "3" }).workers,
    ).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: "2" })).toThrow(
      /WORKERS: above 1 needs DATABASE_URL/,
    );
  });

  it("holds a mail being sent for MAIL_CLAIM_SECONDS, at least 5", () => {
    expect(loadConfig({ DATA_DIR: dir, MAIL_CLAIM_SECONDS: "10" }).mailClaimSeconds).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_CLAIM_SECONDS: "1" })).toThrow(
      /MAIL_CLAIM_SECONDS/,
    );
  });

  it("opens CORS only to the origins listed in CORS_ORIGINS", () => {
    expect(loadConfig({ DATA_DIR: dir }).corsOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir, CORS_ORIGINS: "https://a.example, http://localhost:5173" })
        .corsOrigins,
    ).toEqual(["https://a.example", "http://localhost:5173"]);
    for (const bad of ["*", "https://a.example/", "a.example", "https://a.example/path"])
      expect(() => loadConfig({ DATA_DIR: dir, CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS: /);
  });

  it("registers the benchmark's routes only when BENCH_ROUTES is on", () => {
    expect(loadConfig({ DATA_DIR: dir }).benchRoutes).toBe(false);
    for (const on of ["1", "true"])
      expect(loadConfig({ DATA_DIR: dir, BENCH_ROUTES: on }).benchRoutes).toBe(true);
    for (const off of ["0", "false"])
      expect(loadConfig({ DATA_DIR: dir, BENCH_ROUTES: off }).benchRoutes).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir, BENCH_ROUTES: "yes" })).toThrow(/BENCH_ROUTES: /);
  });

  it("keeps content in DATA_DIR/content, or the folder CONTENT_STORE names", () => {
    expect(loadConfig({ DATA_DIR: dir }).contentStore).toEqual({
      kind: "dir",
      dir: path.join(dir, "content"),
    });
    expect(loadConfig({ DATA_DIR: dir, CONTENT_STORE: "/srv/folio-books" }).contentStore).toEqual({
      kind: "dir",
      dir: "/srv/folio-books",
    });
  });

  it("keeps content in the S3 bucket an s3:// CONTENT_STORE names", () => {
    const s3 = {
      DATA_DIR: dir,
      CONTENT_STORE: "s3://folio-books/shop/main",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    };
    expect(loadConfig(s3).contentStore).toEqual({
      kind: "s3",
      bucket: "folio-books",
      prefix: "shop/main/",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    // On AWS itself: no endpoint, the SDK's own credentials, the bucket's root.
    expect(
      loadConfig({ DATA_DIR: dir, CONTENT_STORE: "s3://folio-books", S3_REGION: "eu-west-2" })
        .contentStore,
    ).toEqual({
      kind: "s3",
      bucket: "folio-books",
      prefix: "",
      endpoint: undefined,
      region: "eu-west-2",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ CONTENT_STORE: "s3://" }, "CONTENT_STORE"],
    [{ CONTENT_STORE: "s3://ab" }, "CONTENT_STORE"],
    [{ CONTENT_STORE: "s3://Folio_Books/x" }, "CONTENT_STORE"],
    [{ CONTENT_STORE: "s3://folio/../x" }, "CONTENT_STORE"],
    [{ CONTENT_STORE: "s3:folio" }, "CONTENT_STORE"],
    [{ CONTENT_STORE: "s3://folio", S3_ENDPOINT: "localhost:9000" }, "S3_ENDPOINT"],
    [{ CONTENT_STORE: "s3://folio", S3_ENDPOINT: "ftp://host" }, "S3_ENDPOINT"],
    [{ CONTENT_STORE: "s3://folio", S3_REGION: "EU West" }, "S3_REGION"],
    [{ CONTENT_STORE: "s3://folio", S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [{ CONTENT_STORE: "s3://folio", S3_ACCESS_KEY_ID: "key" }, "S3_ACCESS_KEY_ID"],
    [{ CONTENT_STORE: "s3://folio", S3_SECRET_ACCESS_KEY: "secret" }, "S3_SECRET_ACCESS_KEY"],
    // S3 settings beside a folder: each node would keep books on its own disk.
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT"],
    [{ CONTENT_STORE: "/srv/books", S3_ACCESS_KEY_ID: "k" }, "S3_ACCESS_KEY_ID"],
  ])("stops start-up on a bad content store setting %j, naming it", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(new RegExp(`${name}[:,]`));
  });

  it("treats a blank variable as unset", () => {
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: "", PORT: "" })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});
