import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../test/books";
import { flushQueue, OFFLINE_SYNCED_EVENT } from "./offline-reading";
import {
  createAnnotationOrQueue,
  deleteAnnotationOrQueue,
  saveProgressOrQueue,
  updateAnnotationOrQueue,
} from "./reading-writes";
import { isLocalAnnotationId } from "./sync-queue";

const LOCATOR = { href: "OEBPS/chapter-001.xhtml", type: "application/xhtml+xml" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Call {
  path: string;
  body: Record<string, unknown>;
}

/** The reading API over fetch, reachable or not; annotations get ids from 55 on. */
function readingApi() {
  const calls: Call[] = [];
  const state = { reachable: true };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!state.reachable) throw new TypeError("Failed to fetch");
    const path = requestUrl(input).pathname;
    const body = JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<
      string,
      unknown
    >;
    calls.push({ path, body });
    if (path === "/api/reading/annotations") {
      return jsonResponse({
        state: "success",
        annotation: { ...body, id: String(54 + calls.length) },
      });
    }
    return jsonResponse({ state: "success" });
  });
  return { calls, state, fetch };
}

describe("the reader's writes through the queue", () => {
  let api: ReturnType<typeof readingApi>;
  beforeEach(() => {
    api = readingApi();
    vi.stubGlobal("fetch", api.fetch);
  });
  afterEach(async () => {
    // Leave nothing waiting for the next test.
    api.state.reachable = true;
    await flushQueue();
  });

  it("answers a bookmark made offline at once, and sends it with its clientId when back", async () => {
    api.state.reachable = false;
    const made = await createAnnotationOrQueue({ bookId: "7", kind: "bookmark", locator: LOCATOR });
    expect(isLocalAnnotationId(made.id)).toBe(true);
    expect(made).toMatchObject({ bookId: "7", kind: "bookmark", color: null, note: null });
    const clientId = made.id.slice("local:".length);
    expect(clientId).toMatch(UUID);

    // A change of it, also offline, waits for the create.
    expect(await updateAnnotationOrQueue({ id: made.id, note: "Call me Ishmael" })).toBeNull();
    await saveProgressOrQueue({ bookId: "7", locator: '{"href":"x"}', percentage: 12 });
    expect(api.calls).toEqual([]);

    const synced = vi.fn();
    window.addEventListener(OFFLINE_SYNCED_EVENT, synced);
    api.state.reachable = true;
    expect(await flushQueue()).toEqual({ state: "done", sent: 3, dropped: 0 });
    window.removeEventListener(OFFLINE_SYNCED_EVENT, synced);

    expect(api.calls.map((call) => call.path)).toEqual([
      "/api/reading/annotations",
      "/api/reading/annotations/update",
      "/api/reading/progress",
    ]);
    expect(api.calls[0]!.body).toMatchObject({ bookId: "7", kind: "bookmark", clientId });
    expect(api.calls[1]!.body).toEqual({ id: "55", note: "Call me Ishmael" });
    expect(synced).toHaveBeenCalledOnce();
    expect((synced.mock.calls[0]![0] as CustomEvent).detail).toEqual({ bookIds: ["7"] });

    // Deleted later, still by its local id: the server's id goes out.
    await deleteAnnotationOrQueue(made.id);
    expect(api.calls.at(-1)).toEqual({
      path: "/api/reading/annotations/delete",
      body: { id: "55" },
    });
  });

  it("answers the server's annotation when the create goes through at once", async () => {
    const made = await createAnnotationOrQueue({
      bookId: "7",
      kind: "highlight",
      locator: LOCATOR,
      text: "Call me Ishmael.",
      color: "green",
    });
    expect(made.id).toMatch(/^\d+$/);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body.clientId).toMatch(UUID);
  });
});
