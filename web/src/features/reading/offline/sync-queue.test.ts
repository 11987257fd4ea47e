import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { openOfflineDb, type OfflineDb } from "./offline-db";
import {
  createSyncQueue,
  localAnnotationId,
  type ReadingWrite,
  type SyncQueue,
} from "./sync-queue";

const LOCATOR = { href: "OEBPS/chapter-001.xhtml", type: "application/xhtml+xml" };
const CLIENT_ID = "0b8c1d57-3f39-4f3e-9a53-6f1f7c0a1e11";

const progress = (bookId: string, percentage: number): ReadingWrite => ({
  kind: "progress",
  body: { bookId, locator: JSON.stringify({ ...LOCATOR, percentage }), percentage },
});
const bookmark = (clientId = CLIENT_ID): ReadingWrite => ({
  kind: "annotation-create",
  body: { bookId: "7", kind: "bookmark", locator: LOCATOR, clientId },
});

const offline = () => new ApiError(0, "NETWORK", "Unable to connect to server");
const refused = (status = 400) => new ApiError(status, "VALIDATION", "Refused");

/**
 * The reading API as the queue meets it: answers each write, or fails it as told; annotation
 * creates get ids from 100 on, and a create sent again with its clientId gets the same one.
 */
function fakeServer() {
  const received: ReadingWrite[] = [];
  const ids = new Map<string, string>();
  let failNext: ((write: ReadingWrite) => Error | null) | null = null;
  return {
    received,
    failWith(rule: (write: ReadingWrite) => Error | null) {
      failNext = rule;
    },
    send: async (write: ReadingWrite) => {
      const failure = failNext?.(write);
      if (failure) throw failure;
      received.push(write);
      if (write.kind === "annotation-create") {
        const id = ids.get(write.body.clientId) ?? String(100 + ids.size);
        ids.set(write.body.clientId, id);
        return { state: "success", annotation: { id } };
      }
      return { state: "success" };
    },
  };
}

describe("the reading sync queue", () => {
  let db: OfflineDb;
  let server: ReturnType<typeof fakeServer>;
  let queue: SyncQueue;
  let logged: string[];
  let synced: ReadingWrite[][];

  beforeEach(() => {
    db = openOfflineDb(new IDBFactory());
    server = fakeServer();
    logged = [];
    synced = [];
    queue = createSyncQueue({
      db,
      send: server.send,
      log: (message) => logged.push(message),
      lock: (work) => work(),
      onSynced: (sent) => synced.push(sent),
    });
  });

  /**
   * Makes the writes with no connection. Each one made while others wait also starts a flush,
   * as a reader's page turn would; those are let finish before the test changes the server.
   */
  async function writeOffline(...writes: ReadingWrite[]) {
    server.failWith(() => offline());
    for (const write of writes) expect(await queue.sendOrQueue(write)).toEqual({ sent: false });
    expect((await queue.flush()).state).toBe("offline");
  }

  it("sends at once while the server answers, and keeps nothing", async () => {
    const outcome = await queue.sendOrQueue(progress("7", 10));
    expect(outcome).toEqual({ sent: true, answer: { state: "success" } });
    expect(server.received).toEqual([progress("7", 10)]);
    expect(await queue.pending()).toEqual([]);
  });

  it("keeps a write the network lost and sends the kept ones in order when back", async () => {
    const preferences: ReadingWrite = {
      kind: "preferences",
      body: {
        preferences: {
          fontSize: 1.25,
          fontFamily: "serif",
          lineHeight: 1.5,
          margins: "normal",
          theme: "sepia",
          layout: "paginated",
        },
      },
    };
    await writeOffline(bookmark(), progress("7", 20), preferences);
    expect(server.received).toEqual([]);

    server.failWith(() => null);
    expect(await queue.flush()).toEqual({ state: "done", sent: 3, dropped: 0 });
    expect(server.received).toEqual([bookmark(), progress("7", 20), preferences]);
    expect(await queue.pending()).toEqual([]);
    expect(synced).toEqual([[bookmark(), progress("7", 20), preferences]]);
  });

  it("keeps later writes behind the ones waiting, even once the server answers again", async () => {
    await writeOffline(progress("7", 20));
    server.failWith(() => null);
    // The server is back, but the waiting write must reach it first.
    expect(await queue.sendOrQueue(bookmark())).toEqual({ sent: false });
    await expect.poll(() => server.received.length).toBe(2);
    expect(server.received).toEqual([progress("7", 20), bookmark()]);
  });

  it("keeps only the newest progress of each book, and the newest preferences", async () => {
    await writeOffline(
      progress("7", 10),
      progress("8", 50),
      bookmark(),
      progress("7", 30),
      progress("7", 40),
    );
    expect(await queue.pending()).toEqual([progress("8", 50), bookmark(), progress("7", 40)]);

    server.failWith(() => null);
    await queue.flush();
    expect(server.received).toEqual([progress("8", 50), bookmark(), progress("7", 40)]);
  });

  it("sends an update and a delete of an annotation made offline with the id its create got", async () => {
    const localId = localAnnotationId(CLIENT_ID);
    await writeOffline(
      bookmark(),
      { kind: "annotation-update", body: { id: localId, note: "Call me" } },
      { kind: "annotation-delete", body: { id: localId } },
    );

    server.failWith(() => null);
    expect(await queue.flush()).toMatchObject({ state: "done", sent: 3 });
    expect(server.received).toEqual([
      bookmark(),
      { kind: "annotation-update", body: { id: "100", note: "Call me" } },
      { kind: "annotation-delete", body: { id: "100" } },
    ]);
  });

  it("translates a local id sent after its create has reached the server", async () => {
    await writeOffline(bookmark());
    server.failWith(() => null);
    await queue.flush();

    // The reader still shows the local id until it reads its list again.
    const outcome = await queue.sendOrQueue({
      kind: "annotation-delete",
      body: { id: localAnnotationId(CLIENT_ID) },
    });
    expect(outcome.sent).toBe(true);
    expect(server.received.at(-1)).toEqual({ kind: "annotation-delete", body: { id: "100" } });
  });

  it("lets a create whose reply was lost be sent again harmlessly, by its clientId", async () => {
    // The create reached the server, but the answer never came back.
    let lost = true;
    server.failWith((write) => {
      if (write.kind !== "annotation-create" || !lost) return null;
      lost = false;
      void server.send(write);
      return offline();
    });
    expect(await queue.sendOrQueue(bookmark())).toEqual({ sent: false });
    await queue.flush();
    const creates = server.received.filter((write) => write.kind === "annotation-create");
    expect(creates).toHaveLength(2);
    expect(creates.every((write) => write.body.clientId === CLIENT_ID)).toBe(true);
    await queue.sendOrQueue({
      kind: "annotation-update",
      body: { id: localAnnotationId(CLIENT_ID), color: "green" },
    });
    // Both creates were one annotation on the server: the update names it.
    expect(server.received.at(-1)).toEqual({
      kind: "annotation-update",
      body: { id: "100", color: "green" },
    });
  });

  it("drops a write the server refuses, logs it, and goes on with the next", async () => {
    await writeOffline(progress("9", 10), bookmark());

    server.failWith((write) => (write.kind === "progress" ? refused(400) : null));
    expect(await queue.flush()).toEqual({ state: "done", sent: 1, dropped: 1 });
    expect(server.received).toEqual([bookmark()]);
    expect(logged).toEqual(["Dropped a reading change the server refused"]);
    expect(await queue.pending()).toEqual([]);
  });

  it("drops the changes of an annotation whose create was refused", async () => {
    await writeOffline(
      bookmark(),
      { kind: "annotation-update", body: { id: localAnnotationId(CLIENT_ID), note: "lost" } },
      progress("7", 60),
    );

    server.failWith((write) => (write.kind === "annotation-create" ? refused(409) : null));
    expect(await queue.flush()).toEqual({ state: "done", sent: 1, dropped: 2 });
    expect(server.received).toEqual([progress("7", 60)]);
  });

  it("stops at a lost connection and carries on from there on the next flush", async () => {
    await writeOffline(progress("7", 10), bookmark(), progress("8", 10));

    let answered = 0;
    server.failWith(() => (answered++ === 1 ? offline() : null));
    expect(await queue.flush()).toEqual({ state: "offline", sent: 1, dropped: 0 });
    expect(await queue.pending()).toEqual([bookmark(), progress("8", 10)]);

    server.failWith(() => null);
    expect(await queue.flush()).toEqual({ state: "done", sent: 2, dropped: 0 });
    expect(server.received).toEqual([progress("7", 10), bookmark(), progress("8", 10)]);
  });

  it("tries a server error again later and gives it up after five tries", async () => {
    await writeOffline(progress("7", 10), bookmark());

    server.failWith((write) =>
      write.kind === "progress" ? new ApiError(500, "INTERNAL", "Oops") : null,
    );
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await queue.flush()).toEqual({ state: "stopped", sent: 0, dropped: 0 });
    }
    expect(await queue.pending()).toHaveLength(2);
    expect(await queue.flush()).toEqual({ state: "done", sent: 1, dropped: 1 });
    expect(server.received).toEqual([bookmark()]);
  });

  it("keeps everything when the session has ended, for after the next login", async () => {
    await writeOffline(bookmark());
    server.failWith(() => new ApiError(401, "UNAUTHORIZED", "Please log in"));
    expect(await queue.flush()).toEqual({ state: "stopped", sent: 0, dropped: 0 });
    expect(await queue.pending()).toEqual([bookmark()]);
  });

  it("passes a refusal of a write sent at once to the caller, and keeps nothing", async () => {
    server.failWith(() => refused(400));
    await expect(queue.sendOrQueue(progress("7", 10))).rejects.toMatchObject({ status: 400 });
    expect(await queue.pending()).toEqual([]);
  });

  it("forgets every waiting write and remembered id at logout", async () => {
    await writeOffline(bookmark());
    server.failWith(() => null);
    await queue.flush();
    await writeOffline(progress("7", 10));

    await queue.clear();
    expect(await queue.pending()).toEqual([]);
    expect(await db.all("annotation-ids")).toEqual([]);
  });
});
