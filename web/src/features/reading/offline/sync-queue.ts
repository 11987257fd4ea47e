import type { WireId } from "@folio/contract/common";
import type {
  Annotation,
  AnnotationKind,
  HighlightColor,
  ReaderPreferences,
  ReadiumLocator,
} from "@folio/contract/reading";
import { ApiError, apiPost } from "../../../lib/api-client";
import type { OfflineDb } from "./offline-db";

/** The reading writes that may wait for the network, as their calls take them. */
export type ReadingWrite =
  | {
      kind: "progress";
      body: { bookId: WireId; locator: string; percentage: number };
    }
  | { kind: "preferences"; body: { preferences: ReaderPreferences } }
  | {
      kind: "annotation-create";
      body: {
        bookId: WireId;
        kind: AnnotationKind;
        locator: ReadiumLocator;
        text?: string;
        note?: string | null;
        color?: HighlightColor;
        /** Required here: a create sent twice (a reply lost, a replay) is kept once. */
        clientId: string;
      };
    }
  | {
      kind: "annotation-update";
      body: { id: string; note?: string | null; color?: HighlightColor };
    }
  | { kind: "annotation-delete"; body: { id: string } };

interface QueuedWrite {
  write: ReadingWrite;
  queuedAt: string;
  /** server failures so far (a lost connection does not count) */
  attempts: number;
}

interface AnnotationIdRecord {
  clientId: string;
  id: string;
  at: string;
}

export type SendOutcome = { sent: true; answer: unknown } | { sent: false };

export interface FlushResult {
  /** done: the queue is empty; offline: the server cannot be reached; stopped: it will be tried later */
  state: "done" | "offline" | "stopped";
  sent: number;
  dropped: number;
}

/**
 * An annotation made while offline has no server id yet; the reader knows it by this one until
 * its list is read again, and an update or a delete that names it waits for its create.
 */
const LOCAL_ID_PREFIX = "local:";

export function localAnnotationId(clientId: string): string {
  return `${LOCAL_ID_PREFIX}${clientId}`;
}

export function isLocalAnnotationId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/** A server failure (not a refusal) is tried again this many times before it is given up. */
const MAX_ATTEMPTS = 5;
/** How long the server id of an annotation made offline is remembered. */
const ID_MEMORY_DAYS = 30;

/** No answer at all, or a gateway saying the server is away: worth keeping for later. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return [0, 502, 503, 504].includes(error.status);
  return error instanceof TypeError;
}

function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The call each write stands for. */
export function sendReadingWrite(write: ReadingWrite): Promise<unknown> {
  switch (write.kind) {
    case "progress":
      return apiPost("/api/reading/progress", write.body);
    case "preferences":
      return apiPost("/api/reading/preferences", write.body);
    case "annotation-create":
      return apiPost("/api/reading/annotations", write.body);
    case "annotation-update":
      return apiPost("/api/reading/annotations/update", write.body);
    case "annotation-delete":
      return apiPost("/api/reading/annotations/delete", write.body);
  }
}

/** Writes that replace an earlier one of the same kind: only the newest needs to reach the server. */
function replaces(newer: ReadingWrite, older: ReadingWrite): boolean {
  if (newer.kind === "progress" && older.kind === "progress") {
    return String(newer.body.bookId) === String(older.body.bookId);
  }
  return newer.kind === "preferences" && older.kind === "preferences";
}

export interface SyncQueueDeps {
  db: OfflineDb;
  send?: (write: ReadingWrite) => Promise<unknown>;
  now?: () => Date;
  /** Where a dropped write is reported: the reader cannot be asked about it any more. */
  log?: (message: string, detail: unknown) => void;
  /** Keeps two tabs from sending the same queue at once (the Web Locks API in a browser). */
  lock?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Told after a flush sent something, so screens can read the server's state again. */
  onSynced?: (sent: ReadingWrite[]) => void;
}

export interface SyncQueue {
  /**
   * Sends the write, or keeps it for later when the server cannot be reached (the answer is
   * then `{sent: false}` and the caller shows the change as made). A refusal (4xx) or a server
   * error reaches the caller as the ApiError it is.
   */
  sendOrQueue(write: ReadingWrite): Promise<SendOutcome>;
  /** Sends what waits, in order; a refused write is dropped, a lost connection stops it. */
  flush(): Promise<FlushResult>;
  pending(): Promise<ReadingWrite[]>;
  /** Forgets every waiting write and remembered id (logout). */
  clear(): Promise<void>;
}

function browserLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request("folio-reading-sync", work) : work();
}

export function createSyncQueue({
  db,
  send = sendReadingWrite,
  now = () => new Date(),
  log = (message, detail) => console.warn(message, detail),
  lock = browserLock,
  onSynced,
}: SyncQueueDeps): SyncQueue {
  async function rememberServerId(write: ReadingWrite, answer: unknown) {
    if (write.kind !== "annotation-create") return;
    const id = (answer as { annotation?: Partial<Annotation> } | undefined)?.annotation?.id;
    if (typeof id !== "string") return;
    const record: AnnotationIdRecord = {
      clientId: write.body.clientId,
      id,
      at: now().toISOString(),
    };
    await db.put("annotation-ids", record);
  }

  /** The write with its local annotation id replaced by the server's, or null when none is known. */
  async function withServerId(write: ReadingWrite): Promise<ReadingWrite | null> {
    if (write.kind !== "annotation-update" && write.kind !== "annotation-delete") return write;
    if (!isLocalAnnotationId(write.body.id)) return write;
    const clientId = write.body.id.slice(LOCAL_ID_PREFIX.length);
    const known = await db.get<AnnotationIdRecord>("annotation-ids", clientId);
    if (!known) return null;
    return { ...write, body: { ...write.body, id: known.id } };
  }

  async function enqueue(write: ReadingWrite): Promise<void> {
    const entry: QueuedWrite = { write, queuedAt: now().toISOString(), attempts: 0 };
    await db.change(["queue"], (tx) => {
      const queue = tx.objectStore("queue");
      const cursor = queue.openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) {
          queue.add(entry);
          return;
        }
        if (replaces(write, (at.value as QueuedWrite).write)) at.delete();
        at.continue();
      };
    });
  }

  async function sendOrQueue(write: ReadingWrite): Promise<SendOutcome> {
    const waiting = (await db.entries<QueuedWrite>("queue")).length > 0;
    const resolved = await withServerId(write);
    // Behind writes that wait, or naming an annotation whose create waits: keep the order.
    if (!waiting && resolved) {
      try {
        const answer = await send(resolved);
        await rememberServerId(resolved, answer);
        return { sent: true, answer };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
      }
    }
    await enqueue(write);
    // Something waited, so the server may be back: a good moment to try. An update of an
    // annotation whose create is neither waiting nor known is dropped by the flush.
    if (waiting || !resolved) void flush();
    return { sent: false };
  }

  async function forgetOldIds() {
    const cutoff = now().getTime() - ID_MEMORY_DAYS * 24 * 60 * 60 * 1000;
    const records = await db.all<AnnotationIdRecord>("annotation-ids");
    for (const record of records) {
      if (Date.parse(record.at) < cutoff) await db.remove("annotation-ids", record.clientId);
    }
  }

  async function drain(): Promise<FlushResult> {
    const result: FlushResult = { state: "done", sent: 0, dropped: 0 };
    const sent: ReadingWrite[] = [];
    try {
      for (;;) {
        // Read afresh each time: a write queued while this one was on its way goes out too.
        const [next] = await db.entries<QueuedWrite>("queue");
        if (!next) break;
        const write = await withServerId(next.value.write);
        if (!write) {
          // Its create was refused and dropped: there is nothing on the server to change.
          log("Dropped a reading change whose annotation was never saved", next.value.write);
          await db.remove("queue", next.key);
          result.dropped += 1;
          continue;
        }
        try {
          const answer = await send(write);
          await rememberServerId(write, answer);
          await db.remove("queue", next.key);
          result.sent += 1;
          sent.push(write);
        } catch (error) {
          if (isUnreachable(error)) return { ...result, state: "offline" };
          // The session is gone: logging in again (or out, which clears the queue) decides.
          if (error instanceof ApiError && error.status === 401) {
            return { ...result, state: "stopped" };
          }
          if (isRefusal(error)) {
            log("Dropped a reading change the server refused", { write, error: error.message });
            await db.remove("queue", next.key);
            result.dropped += 1;
            continue;
          }
          const attempts = next.value.attempts + 1;
          await db.change(["queue"], (tx) => {
            const queue = tx.objectStore("queue");
            if (attempts >= MAX_ATTEMPTS) queue.delete(next.key);
            else queue.put({ ...next.value, attempts }, next.key);
          });
          if (attempts >= MAX_ATTEMPTS) {
            log("Dropped a reading change the server kept failing", { write, error });
            result.dropped += 1;
            continue;
          }
          return { ...result, state: "stopped" };
        }
      }
      await forgetOldIds();
      return result;
    } finally {
      if (sent.length > 0) onSynced?.(sent);
    }
  }

  let running: Promise<FlushResult> | null = null;
  let askedAgain = false;
  function flush(): Promise<FlushResult> {
    if (running) {
      // Asked while one runs (a write queued just as it found the queue empty, the connection
      // back just after it failed): run once more, and answer how that run went.
      askedAgain = true;
      return running;
    }
    running = (async () => {
      const total: FlushResult = { state: "done", sent: 0, dropped: 0 };
      do {
        askedAgain = false;
        const run = await lock(drain);
        total.state = run.state;
        total.sent += run.sent;
        total.dropped += run.dropped;
      } while (askedAgain);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sendOrQueue,
    flush,
    pending: async () => (await db.entries<QueuedWrite>("queue")).map((entry) => entry.value.write),
    clear: () =>
      db.change(["queue", "annotation-ids"], (tx) => {
        tx.objectStore("queue").clear();
        tx.objectStore("annotation-ids").clear();
      }),
  };
}
