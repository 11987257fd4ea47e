import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { ContentStoreConfig } from "../config";
import {
  assertKey,
  ContentStoreUnavailable,
  type ByteRange,
  type ContentEntry,
  type ContentInfo,
  type ContentStore,
} from "./content-store";

export type S3StoreSettings = Omit<Extract<ContentStoreConfig, { kind: "s3" }>, "kind">;

/** How long the store may take before a request gives up on it (see clientFor). */
const CONNECT_TIMEOUT_MS = 2_000;
const ANSWER_TIMEOUT_MS = 12_000;
/** A download that stalls this long mid-body (the bucket's side went quiet) is cut off. */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * One client per store. Timeouts are short and there is one retry: when the bucket is down, a
 * reader should get a clear "try again" within seconds rather than a request that hangs.
 */
function clientFor(settings: S3StoreSettings): S3Client {
  // The SDK version is pinned for Node 20 (later ones need Node 22); its notice says only that.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible servers refuse or lack the rest.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: ANSWER_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: IDLE_TIMEOUT_MS,
    },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
}

/** S3's answer that there is no such object (GetObject names it, HeadObject only has a 404). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      (error.name === "NotFound" && error.$metadata.httpStatusCode === 404))
  );
}

/**
 * Keys are the same keys as in a folder (books/12.epub), stored under the configured prefix.
 * Any failure to talk to the bucket (refused, timed out, a 5xx, refused credentials) becomes
 * ContentStoreUnavailable; only a missing object is an answer (null, false).
 */
export class S3ContentStore implements ContentStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  /** Keys per listing page; S3's own most is 1000, tests page with fewer. */
  private readonly pageSize: number;

  constructor(settings: S3StoreSettings, options: { pageSize?: number } = {}) {
    this.client = clientFor(settings);
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.pageSize = options.pageSize ?? 1000;
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  /**
   * Runs a call to the bucket. A missing object answers `onMissing` where the caller gives one;
   * every other failure (and a 404 where no object was asked for) is the store being down.
   */
  private async send<T>(run: () => Promise<T>, onMissing?: () => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (onMissing && isMissing(error)) return onMissing();
      throw new ContentStoreUnavailable(`The bucket ${this.bucket} cannot be reached`, {
        cause: error,
      });
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async get(key: string): Promise<Buffer | null> {
    const objectKey = this.objectKey(key);
    return this.send(
      async () => {
        const answer = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }),
        );
        const bytes = await answer.Body!.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
      () => null,
    );
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const objectKey = this.objectKey(key);
    await this.send(async () => {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Body: data,
          ContentLength: data.byteLength,
        }),
      );
    });
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    await this.send(
      async () => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      },
      () => undefined,
    );
  }

  async stat(key: string): Promise<ContentInfo | null> {
    const objectKey = this.objectKey(key);
    return this.send<ContentInfo | null>(
      async () => {
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }),
        );
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      },
      () => null,
    );
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const objectKey = this.objectKey(key);
    return this.send<Readable | null>(
      async () => {
        const answer = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: objectKey,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // On Node the body is the HTTP response itself: it errors if the connection drops.
        return answer.Body as Readable;
      },
      () => null,
    );
  }

  async list(prefix: string): Promise<ContentEntry[]> {
    const found: ContentEntry[] = [];
    // ListObjects (v1), each page from the last key of the one before (Marker): S3 lists in key
    // order either way, and v2's continuation tokens fail on some S3-compatible servers (s3rver
    // on Node 20 answers a truncated v2 listing with a 500: its tokens need OpenSSL's DES).
    let after: string | undefined;
    for (;;) {
      const page = await this.send(() =>
        this.client.send(
          new ListObjectsCommand({
            Bucket: this.bucket,
            Prefix: this.prefix + prefix,
            MaxKeys: this.pageSize,
            Marker: after,
          }),
        ),
      );
      const objects = (page.Contents ?? []).filter((object) => object.Key);
      for (const object of objects) {
        found.push({
          key: object.Key!.slice(this.prefix.length),
          size: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        });
      }
      after = objects.at(-1)?.Key;
      if (!page.IsTruncated || !after) return found;
    }
  }

  async check(): Promise<void> {
    await this.send(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  /** Lets the client's kept-alive connections go, so a process or test can end. */
  close(): void {
    this.client.destroy();
  }
}
