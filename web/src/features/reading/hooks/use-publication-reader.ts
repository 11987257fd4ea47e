import type { WireId } from "@folio/contract/common";
import type { ReadiumLocator } from "@folio/contract/reading";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { flashQuote, FRAME_STYLES } from "../frame-highlights";
import { readFailureOf, type ReadFailure } from "../read-error";
import { placeOf, startLocator, type ReadingPlace } from "../reader-locator";
import type { NavigatorPreferences } from "../reader-theme";
import type { SavedPosition } from "../reading-position";
import { publicationLinkQuery } from "../reading-queries";
import type { Quote } from "../text-anchoring";
import {
  openPublication,
  type LoadedPublication,
  type PublicationView,
  type ViewListeners,
} from "../readium-adapter";

export type ReaderStatus =
  | { phase: "loading" }
  | { phase: "ready" }
  | { phase: "failed"; failure: ReadFailure }
  | { phase: "leaving" };

/** Where the book comes from when the server cannot give a link (an offline copy). */
export type OfflineManifest = (bookId: WireId) => Promise<string | null>;

interface Options {
  bookId: WireId | null;
  /** The look the book opens in; a new one is applied at once, so keep it while nothing changes. */
  preferences: NavigatorPreferences;
  /** Where the book opens; asked for alongside the book's link, the start when null. */
  savedPosition: (bookId: WireId) => Promise<SavedPosition | null>;
  /** Called for every frame event; read through a ref, so it may change on every render. */
  listeners: Omit<ViewListeners, "moved">;
  onMoved: (place: ReadingPlace, opening: boolean) => void;
  /** The reader is going to a place they picked (`go`), rather than turning a page. */
  onJump?: () => void;
  offlineManifest?: OfflineManifest | undefined;
}

/**
 * Opens the borrowed book: asks for its publication link and the saved place together, reads
 * the manifest and positions list (so the place and percentage are known at once), then draws
 * the first page into `containerRef`. Everything Readium does goes through the adapter.
 */
export function usePublicationReader({
  bookId,
  preferences,
  savedPosition,
  listeners,
  onMoved,
  onJump,
  offlineManifest,
}: Options) {
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<ReaderStatus>({ phase: "loading" });
  const [publication, setPublication] = useState<LoadedPublication | null>(null);
  const [view, setView] = useState<PublicationView | null>(null);

  // The book opens once per bookId; these are read when it starts or when the navigator calls.
  const startWith = useRef({ preferences, savedPosition, offlineManifest });
  const listenersRef = useRef(listeners);
  const onMovedRef = useRef(onMoved);
  const onJumpRef = useRef(onJump);
  useEffect(() => {
    listenersRef.current = listeners;
    onMovedRef.current = onMoved;
    onJumpRef.current = onJump;
  });

  useEffect(() => {
    if (bookId === null) return;
    const controller = new AbortController();
    let cancelled = false;
    let rendered: PublicationView | null = null;

    async function manifestFor(id: WireId): Promise<string> {
      try {
        return (await queryClient.fetchQuery(publicationLinkQuery(id))).manifestURL;
      } catch (error) {
        const offline = startWith.current.offlineManifest;
        if (readFailureOf(error) === "network" && offline) {
          const url = await offline(id).catch(() => null);
          if (url) return url;
        }
        throw error;
      }
    }

    async function open(id: WireId) {
      const saved = startWith.current.savedPosition(id).catch(() => null);
      let loaded: LoadedPublication;
      try {
        loaded = await openPublication(await manifestFor(id), controller.signal);
      } catch (error) {
        // A link refused (403) may have outlived its session's grant: ask once for a fresh one.
        if (cancelled || readFailureOf(error) !== "expired") throw error;
        queryClient.removeQueries({ queryKey: publicationLinkQuery(id).queryKey });
        loaded = await openPublication(await manifestFor(id), controller.signal);
      }
      if (cancelled) return;
      const start = startLocator(loaded.positions, await saved);
      const container = containerRef.current;
      if (cancelled || !container) return;
      let opening = true;
      const current = await loaded.render(container, {
        start,
        preferences: startWith.current.preferences,
        frameStyles: FRAME_STYLES,
        listeners: {
          moved: (locator: ReadiumLocator, visible) => {
            onMovedRef.current(placeOf(locator, loaded.positions, visible), opening);
            opening = false;
          },
          frameLoaded: (frame) => listenersRef.current.frameLoaded(frame),
          tapped: (frame, x, y) => listenersRef.current.tapped(frame, x, y),
          selected: (frame) => listenersRef.current.selected(frame),
        },
      });
      if (cancelled) {
        void current.destroy();
        return;
      }
      rendered = current;
      setPublication(loaded);
      setView(current);
      setStatus({ phase: "ready" });
    }

    open(bookId).catch((error: unknown) => {
      if (cancelled) return;
      // The query client is already taking them to log in.
      if (isSessionEnd(error)) setStatus({ phase: "leaving" });
      else setStatus({ phase: "failed", failure: readFailureOf(error) });
    });
    return () => {
      cancelled = true;
      controller.abort();
      void rendered?.destroy();
      setView(null);
      setPublication(null);
      setStatus({ phase: "loading" });
    };
  }, [bookId, containerRef, queryClient]);

  useEffect(() => {
    if (view) void view.setPreferences(preferences);
  }, [view, preferences]);

  /** Goes to a place the reader picked; a quote given is flashed there, so the eye finds it. */
  const go = useCallback(
    (locator: ReadiumLocator, quote?: Quote) => {
      if (!view) return;
      onJumpRef.current?.();
      void view.go(locator).then(() => {
        const frame = view.currentFrame();
        if (!quote || !frame) return;
        // The chapter may still be settling into columns: flash once it has drawn.
        window.setTimeout(() => flashQuote(frame, quote, locator.locations?.progression), 60);
      });
    },
    [view],
  );

  const turn = useCallback(
    (direction: "next" | "prev") => {
      if (!view) return;
      void (direction === "next" ? view.next() : view.prev());
    },
    [view],
  );

  const ready = status.phase === "ready" && publication !== null && view !== null;
  const failure: ReadFailure | null =
    bookId === null ? "failed" : status.phase === "failed" ? status.failure : null;
  return { containerRef, status, ready, failure, publication, view, go, turn };
}
