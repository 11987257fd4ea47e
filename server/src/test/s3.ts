// A real S3-compatible server for tests: s3rver, serving a bucket out of a temporary folder.
// No vitest imports here: reliability/ starts one for its server processes too.
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ContentStoreConfig } from "../config";

/** The little of s3rver's API used here (it ships no types). */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export interface TestBucket {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** what a server process is started with to keep its content in this bucket */
  env: Record<string, string>;
  /** the same, as Config.contentStore */
  settings: Extract<ContentStoreConfig, { kind: "s3" }>;
  /** Stops answering (connections are refused); what is stored stays. */
  stop(): Promise<void>;
  /** Answers again, on the same port, with what was stored. */
  start(): Promise<void>;
  /** Stops it and deletes what it stored. */
  remove(): Promise<void>;
}

/**
 * Starts s3rver on a free loopback port with one empty bucket. `prefix` ("folio/") is where
 * the store keeps its keys inside the bucket.
 */
export async function startTestBucket(
  options: { bucket?: string; prefix?: string } = {},
): Promise<TestBucket> {
  const bucket = options.bucket ?? "folio-test";
  const given = options.prefix ?? "";
  const prefix = given && !given.endsWith("/") ? `${given}/` : given;
  const directory = await mkdtemp(path.join(tmpdir(), "folio-s3-"));
  let port = 0;
  let server: S3rverServer | null = null;

  const start = async () => {
    if (server) return;
    const made = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    ({ port } = await made.run());
    server = made;
  };
  const stop = async () => {
    const running = server;
    server = null;
    await running?.close();
  };
  await start();

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      CONTENT_STORE: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    settings: {
      kind: "s3",
      bucket,
      prefix,
      endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    stop,
    start,
    remove: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
