import type { Api, Reader } from "./client";
import type { Sql } from "./database";
import {
  answerProblems,
  changedTables,
  databaseDigest,
  type Digest,
  type Reply,
} from "./fuzz-checks";
import { now, type EventLoopWatch } from "./event-loop-watch";
import type { Attempt, InputKind } from "./fuzz-inputs";

export interface Hold {
  ms: number;
  /** the request that held the loop that long */
  where: string;
}

/**
 * Sends hostile attempts one at a time, each as the fuzz reader and as nobody, and checks each
 * answer and that the database is as it was after every rejected one.
 */
export class FuzzRunner {
  readonly inputsPerKind: Partial<Record<InputKind, number>> = {};
  readonly routesCovered = new Set<string>();
  rejected = 0;
  accepted = 0;
  /** per route, the longest any one request held the server's event loop */
  readonly worstHolds = new Map<string, Hold>();
  private digest: Digest | null = null;
  private watch: EventLoopWatch | null = null;

  /** Judges every request from now on by how long it held the server's event loop. */
  watchEventLoop(watch: EventLoopWatch): void {
    this.watch = watch;
  }

  constructor(
    private readonly api: Api,
    private readonly sql: Sql,
    private reader: Reader,
    /** a fresh reader, when a fuzzed call happened to log the last one out or delete it */
    private readonly newReader: () => Promise<Reader>,
  ) {}

  get requests(): number {
    return this.api.tally.requests;
  }

  /** Sends `attempt` as the reader and as nobody; answers its problems, empty when none. */
  async send(attempt: Attempt, route: string): Promise<string[]> {
    this.inputsPerKind[attempt.kind] = (this.inputsPerKind[attempt.kind] ?? 0) + 1;
    this.routesCovered.add(route);
    const tokens = !attempt.withReaderToken
      ? [undefined]
      : attempt.onlyAsReader
        ? [this.reader.token]
        : [undefined, this.reader.token];
    const problems: string[] = [];
    for (const token of tokens) {
      const headers = { ...attempt.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      const sent = attempt.body === undefined ? "" : ` ${preview(attempt.body)}`;
      const where = `${attempt.method} ${attempt.url.slice(0, 200)}${sent} (${attempt.kind}${token ? ", logged in" : ""})`;
      const before = (this.digest ??= await databaseDigest(this.sql));
      let reply: Reply;
      const started = now();
      try {
        reply = await this.fetch(attempt.method, attempt.url, headers, attempt.body);
      } catch (error) {
        problems.push(`${where}: no answer (${String(error)})`);
        this.digest = null;
        continue;
      }
      if (this.watch) {
        const ended = now();
        await this.watch.settled(ended);
        const ms = this.watch.heldDuring(started, ended);
        if (ms > (this.worstHolds.get(route)?.ms ?? -1)) this.worstHolds.set(route, { ms, where });
      }
      problems.push(...answerProblems(reply).map((p) => `${where}: ${p}`));
      const expected = token
        ? attempt.expectStatus
        : (attempt.expectStatusWithoutToken ?? attempt.expectStatus);
      if (expected && reply.status !== expected)
        problems.push(`${where}: ${reply.status}, not ${expected}`);
      const after = await databaseDigest(this.sql);
      this.digest = after;
      if (reply.status >= 400) {
        this.rejected += 1;
        const changed = changedTables(before, after);
        if (changed.length > 0)
          problems.push(`${where}: ${reply.status} but changed ${changed.join(", ")}`);
      } else {
        this.accepted += 1;
        if (token) await this.keepReaderLoggedIn();
      }
    }
    return problems;
  }

  /** A request of exactly these bytes, counted in the api's tally. */
  async fetch(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string | Buffer,
  ): Promise<Reply> {
    const response = await fetch(this.api.base + url, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    const reply = {
      url,
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text,
    };
    this.api.tally.count(method, url, { ...reply, body: undefined });
    return reply;
  }

  private async keepReaderLoggedIn(): Promise<void> {
    const check = await this.fetch("GET", "/api/users/info", {
      authorization: `Bearer ${this.reader.token}`,
    });
    if (check.status === 200) return;
    this.reader = await this.newReader();
    this.digest = null;
  }
}

const preview = (body: string | Buffer): string =>
  typeof body === "string"
    ? JSON.stringify(body.slice(0, 120))
    : `<${body.subarray(0, 40).toString("hex")}>`;
