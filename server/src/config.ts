import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Folio <no-reply@folio.local>"),
  SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.url("must be a URL such as http://localhost:3000").optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  /** auto: readable lines on a terminal, JSON lines otherwise (a process manager, a container) */
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /**
   * log2 of scrypt's N for new password hashes: 15 (N=32768) for a shop; tests lower it so the
   * accounts they make cost no time (features/accounts/passwords.ts)
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** pounds a reader may top up in a day; by default the spec's largest top-up (£10,000) fits */
  TOP_UP_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  SEED_ON_START: z.enum(["true", "false"]).default("true"),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every(isOrigin),
      "must be origins such as https://app.example.com, separated by commas",
    )
    .optional(),
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** promoted to admin at start when the account exists (design.md §7.1) */
  ADMIN_EMAIL: z.string().trim().min(3).max(254).optional(),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as Europe/London")
    .optional(),
  /** where e-books, covers and uploads live: a directory, or an S3 bucket (design.md §7.6) */
  CONTENT_STORE: z
    .string()
    .refine(
      (text) => !text.startsWith("s3:") || parseS3Address(text) !== null,
      "must be a directory or s3://BUCKET/PREFIX, the bucket 3 to 63 lower-case letters, digits, dots or hyphens",
    )
    .optional(),
  S3_ENDPOINT: z
    .url("must be a URL such as http://127.0.0.1:9000")
    .refine((url) => /^https?:\/\//.test(url), "must start with http:// or https://")
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region such as eu-west-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  /** the bearer token Prometheus scrapes GET /metrics with; unset, there is no /metrics */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** 1: the benchmark's own routes (GET /api/bench/bytes) exist; never set in a shop */
  BENCH_ROUTES: z.enum(["1", "0", "true", "false"]).default("0"),
});

/** The settings that only mean something with an s3:// CONTENT_STORE. */
const s3Settings = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** s3://BUCKET/PREFIX → the bucket and the prefix ("" or "a/b/"), or null when it is not one. */
function parseS3Address(text: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(text);
  if (!match) return null;
  const [, bucket = "", rest = ""] = match;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return null;
  const parts = rest.split("/").filter(Boolean);
  if (parts.some((part) => part === ".." || !/^[A-Za-z0-9._-]+$/.test(part))) return null;
  return { bucket, prefix: parts.map((part) => `${part}/`).join("") };
}

/** A scheme, host and port alone: what a browser sends as Origin. */
function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type ContentStoreConfig =
  | { kind: "dir"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** "" or a folder-like prefix ending in "/" that every key is stored under */
      prefix: string;
      /** an S3-compatible server's URL; unset: AWS itself */
      endpoint: string | undefined;
      region: string;
      /** unset: the AWS SDK's own credential chain (environment, profile, instance role) */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** bucket in the path (http://host/bucket/key), as most S3-compatible servers need */
      forcePathStyle: boolean;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  /** how log lines are written; "auto" picks by whether standard output is a terminal */
  logFormat: "auto" | "json" | "pretty";
  authRateLimit: number;
  /** log2 of scrypt's N for new password hashes: 15 unless a test lowers it */
  passwordHashCost: number;
  /** the most one reader may top up in a calendar day (TIME_ZONE), in pence */
  topUpDailyLimitPence: number;
  bodyLimit: number;
  seedOnStart: boolean;
  webDist: string | undefined;
  /** origins other sites' pages may call the API from; none by default (same origin only) */
  corsOrigins: string[];
  /** where "midnight" and mailed dates are reckoned; the server's own zone by default */
  timeZone: string;
  /** a mail being sent is held this long; after a crash mid-send it is sent again after it */
  mailClaimSeconds: number;
  /** server processes; one per core on PostgreSQL, always 1 on the embedded database */
  workers: number;
  /** an account made admin at start, if it exists */
  adminEmail: string | undefined;
  /** what GET /metrics must be called with (Authorization: Bearer); unset: it answers 404 */
  metricsToken: string | undefined;
  /** where e-books, covers and uploads are kept */
  contentStore: ContentStoreConfig;
  /** the benchmark's yardstick routes are registered (http/bench-routes.ts); off by default */
  benchRoutes: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads every setting once from the environment. A bad value stops start-up with a message
 * that names the variable, rather than failing later in some request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!e.DATABASE_URL && e.WORKERS !== undefined && e.WORKERS > 1) {
    throw new ConfigError(
      "Invalid configuration:\n  WORKERS: above 1 needs DATABASE_URL (the embedded database lives in one process)",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.SECRET ?? persistentSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    authRateLimit: e.AUTH_RATE_LIMIT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    topUpDailyLimitPence: e.TOP_UP_DAILY_LIMIT * 100,
    bodyLimit: e.BODY_LIMIT,
    seedOnStart: e.SEED_ON_START === "true",
    webDist: e.WEB_DIST,
    corsOrigins: e.CORS_ORIGINS ?? [],
    mailClaimSeconds: e.MAIL_CLAIM_SECONDS,
    timeZone: e.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    workers: e.WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    adminEmail: e.ADMIN_EMAIL,
    metricsToken: e.METRICS_TOKEN,
    contentStore: contentStoreConfig(e, dataDir),
    benchRoutes: e.BENCH_ROUTES === "1" || e.BENCH_ROUTES === "true",
  };
}

/**
 * CONTENT_STORE and the S3_ settings that go with it. S3 settings beside a directory are
 * refused: each node would quietly keep books on its own disk, which many nodes cannot share.
 */
function contentStoreConfig(e: z.infer<typeof envSchema>, dataDir: string): ContentStoreConfig {
  const address = e.CONTENT_STORE?.startsWith("s3:") ? parseS3Address(e.CONTENT_STORE) : null;
  if (!address) {
    const stray = s3Settings.find((name) => e[name] !== undefined);
    if (stray) {
      throw new ConfigError(
        `Invalid configuration:\n  ${stray}: is set, but CONTENT_STORE is not an s3://BUCKET/PREFIX address`,
      );
    }
    return { kind: "dir", dir: path.resolve(e.CONTENT_STORE ?? path.join(dataDir, "content")) };
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (to use the AWS credential chain)",
    );
  }
  return {
    kind: "s3",
    ...address,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
  };
}

/**
 * Without SECRET, a random one is kept in DATA_DIR so signed links survive a restart.
 * Several processes sharing one PostgreSQL must be given the same SECRET instead.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
