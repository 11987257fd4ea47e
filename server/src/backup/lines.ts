// Reading and writing gzip-compressed JSON lines as streams: a line is compressed and written as
// it comes, and read back one at a time, so a file of any size passes through little memory.
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { BackupError } from "./format";

/**
 * Lines into `file`, which appears only once `finish` has written all of it: until then they
 * go to FILE.partial, so a backup that fails never leaves a file that looks whole.
 */
export class LineWriter {
  private readonly gzip = createGzip();
  private readonly partial: string;
  private readonly done: Promise<void>;
  bytesIn = 0;

  constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    this.done = pipeline(this.gzip, createWriteStream(this.partial));
    // Seen by write() and finish(); without this an early failure would go unhandled.
    this.done.catch(() => undefined);
  }

  /** A line of JSON text as it is (rows already serialised by the database), or a value. */
  async write(line: string | object): Promise<void> {
    const text = `${typeof line === "string" ? line : JSON.stringify(line)}\n`;
    this.bytesIn += text.length;
    // Waits while gzip's buffer is full: the database is read no faster than the disk writes.
    if (!this.gzip.write(text)) await Promise.race([once(this.gzip, "drain"), this.done]);
  }

  async finish(): Promise<void> {
    this.gzip.end();
    await this.done;
    await rename(this.partial, this.file);
  }

  async abandon(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

/**
 * The file's lines, parsed, with their numbers. A gzip stream that stops early or is damaged
 * becomes a BackupError saying so; a line that is not JSON too.
 */
export async function* readLines(file: string): AsyncGenerator<{ value: unknown; line: number }> {
  let line = 0;
  const parse = (bytes: Buffer) => {
    line += 1;
    try {
      return { value: JSON.parse(bytes.toString("utf8")) as unknown, line };
    } catch {
      throw new BackupError(`${file} is damaged: line ${line} is not JSON.`);
    }
  };
  const input = createGunzip();
  // A read error (no such file) destroys the gunzip stream with it, and the loop below throws it.
  pipeline(createReadStream(file), input).catch(() => undefined);
  let pending: Buffer[] = [];
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, end));
        yield parse(Buffer.concat(pending));
        pending = [];
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR")
      throw new BackupError(
        `${file} is incomplete: it stops after line ${line}, so it was cut short while it was written or copied. Nothing was restored.`,
      );
    if (code === "Z_DATA_ERROR")
      throw new BackupError(
        `${file} is damaged (its compressed data is corrupt near line ${line + 1}).`,
      );
    throw error;
  }
  if (pending.length > 0) yield parse(Buffer.concat(pending));
}
