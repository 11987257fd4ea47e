import { startTestBucket, type TestBucket } from "../../../server/src/test/s3";
import { PgliteDirectory, PostgresDatabase } from "./database";
import { MailReceiver } from "./mail";
import { ServerProcess, type ServerOptions } from "./server";
import { seededShops } from "./shop";

/**
 * What a scenario file starts (mail receivers, buckets, databases, data directories, servers), each
 * ended in reverse order by `end()`, which the file calls in `afterAll`.
 */
export class Resources {
  private readonly ends: (() => Promise<unknown>)[] = [];

  async mail(): Promise<MailReceiver> {
    const mail = new MailReceiver();
    await mail.start();
    this.ends.push(() => mail.stop());
    return mail;
  }

  /** An S3-compatible server on loopback (s3rver) with one bucket, removed at the end. */
  async bucket(prefix = "shop/"): Promise<TestBucket> {
    const bucket = await startTestBucket({ prefix });
    this.ends.push(() => bucket.remove());
    return bucket;
  }

  /** An empty database, or with `seeded` a copy of the run's seeded shop (harness/shop.ts). */
  async postgres({ seeded = false } = {}): Promise<PostgresDatabase> {
    const database = await PostgresDatabase.create(
      seeded ? seededShops().postgresTemplate : undefined,
    );
    this.ends.push(() => database.drop());
    return database;
  }

  /**
   * An empty data directory, or with `seeded` a copy of the seeded shop's: "postgres" the books
   * and covers that go with a seeded database, "embedded" a whole embedded shop.
   */
  async dataDir({ seeded }: { seeded?: "postgres" | "embedded" } = {}): Promise<PgliteDirectory> {
    const shops = seeded ? seededShops() : undefined;
    const dir = await PgliteDirectory.create(
      shops && (seeded === "postgres" ? shops.postgresDataDir : shops.embeddedDataDir),
    );
    this.ends.push(() => dir.remove());
    return dir;
  }

  async server(options: ServerOptions, name: string): Promise<ServerProcess> {
    const server = await ServerProcess.start(options, name);
    this.ends.push(() => server.stop());
    return server;
  }

  async end(): Promise<void> {
    for (const end of this.ends.reverse()) await end();
  }
}
