import type { PublicationLink } from "@folio/contract/reading";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { memoryBookCaches } from "./memory-book-caches";
import { OfflineButton } from "./offline-button";
import { createOfflineBooks, type OfflineBooks } from "./offline-books";
import { openOfflineDb } from "./offline-db";

const BASE = "/api/publications/7/grant-abc/";
const FILES: Record<string, string> = {
  "manifest.json": JSON.stringify({
    readingOrder: [{ href: "ch-1.xhtml" }, { href: "ch-2.xhtml" }, { href: "ch-3.xhtml" }],
  }),
  "positions.json": '{"total":3,"positions":[]}',
  "ch-1.xhtml": "<html>Call me Ishmael.</html>",
  "ch-2.xhtml": "<html>Two</html>",
  "ch-3.xhtml": "<html>Three</html>",
};

const link: PublicationLink = {
  state: "success",
  manifestURL: `${BASE}manifest.json`,
  expiresAt: "2999-01-01T00:00:00.000Z",
  dueAt: "2999-01-15T12:00:00.000Z",
};

/**
 * The publication's files, the last chapter held back until the test lets it go, so the
 * progress can be seen; `broken` answers 404 for it instead.
 */
function gatedServer() {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { broken: false };
  const fetch = async (url: string) => {
    const path = new URL(url).pathname.slice(BASE.length);
    if (path === "ch-3.xhtml") {
      await gate;
      if (state.broken) return new Response("gone", { status: 404 });
    }
    const body = FILES[path];
    return body === undefined ? new Response("", { status: 404 }) : new Response(body);
  };
  return { fetch, release, state };
}

describe("OfflineButton", () => {
  let server: ReturnType<typeof gatedServer>;
  let store: OfflineBooks;

  beforeEach(() => {
    server = gatedServer();
    store = createOfflineBooks({
      db: openOfflineDb(new IDBFactory()),
      caches: memoryBookCaches(),
      fetch: server.fetch,
      baseURL: () => "http://folio.test/reader",
      // One file at a time, so the progress stops at the held-back chapter.
      parallel: 1,
    });
  });

  const renderButton = () =>
    render(<OfflineButton bookId="7" title="Moby-Dick" getLink={async () => link} store={store} />);

  it("downloads the book with its progress, then offers to remove it", async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(await screen.findByRole("button", { name: "Download for offline reading" }));

    // Manifest, positions and two of three chapters: 4 of 5 files.
    const busy = await screen.findByRole("button", { name: "Downloading… 80%" });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    expect(busy).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Downloading… 75%");

    server.release();
    const remove = await screen.findByRole("button", { name: "Remove download" });
    expect(screen.getByText("Available offline", { selector: "span:not([role])" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Available offline");
    // The focused control was replaced: focus moves to the one that took its place.
    expect(remove).toHaveFocus();
    expect(await store.copy("7")).toMatchObject({ bookId: "7", title: "Moby-Dick" });

    await user.click(remove);
    expect(
      await screen.findByRole("button", { name: "Download for offline reading" }),
    ).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Download removed");
    expect(await store.copy("7")).toBeNull();
  });

  it("shows a kept copy as available offline from the start", async () => {
    server.release();
    await store.download("7", link, "Moby-Dick");
    renderButton();
    expect(await screen.findByRole("button", { name: "Remove download" })).toBeInTheDocument();
    expect(screen.getByText("Available offline")).toBeInTheDocument();
  });

  it("says why a download failed and offers it again", async () => {
    const user = userEvent.setup();
    server.state.broken = true;
    server.release();
    renderButton();
    await user.click(await screen.findByRole("button", { name: "Download for offline reading" }));

    const message = "The book could not be downloaded. Please check your connection and try again.";
    expect(await screen.findByText(message, { selector: "span:not([role])" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Download for offline reading" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    expect(await store.copy("7")).toBeNull();
  });

  it("shows nothing where the browser cannot keep books", () => {
    const { container } = render(
      <OfflineButton bookId="7" title="Moby-Dick" getLink={async () => link} store={null} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
