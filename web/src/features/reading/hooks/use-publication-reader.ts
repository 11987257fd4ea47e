import type { WireId } from "@folio/contract/common";
import type { ReadiumLocator } from "@folio/contract/reading";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { isSessionEnd } from "../../../lib/api-client";
import { FRAME_STYLES } from "../frame-highlights";
import { readFailureOf, type ReadFailure } from "../read-error";
import { placeOf, startLocator, type ReadingPlace } from "../reader-locator";
import type { NavigatorPreferences } from "../reader-theme";
import { newestPosition, readLocalPosition } from "../reading-position";
import { progressQuery, publicationLinkQuery } from "../reading-queries";
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
  containerRef: RefObject<HTMLDivElement | null>;
  /** The look the book opens in; later changes go through `view.setPreferences`. */
  preferences: NavigatorPreferences;
  /** Called for every frame event; read through a ref, so it may change on every render. */
  listeners: Omit<ViewListeners, "moved">;
  onMoved: (place: ReadingPlace, opening: boolean) => void;
  offlineManifest?: OfflineManifest | undefined;
}

/**
 * Opens the borrowed book: asks for its publication link and the saved place together, reads
 * the manifest and positions list (so the place and percentage are known at once), then draws
 * the first page. Everything Readium does goes through the adapter.
 */
export function usePublicationReader({
  bookId,
  containerRef,
  preferences,
  listeners,
  onMoved,
  offlineManifest,
}: Options) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReaderStatus>({ phase: "loading" });
  const [publication, setPublication] = useState<LoadedPublication | null>(null);
  const [view, setView] = useState<PublicationView | null>(null);

  // The book opens once per bookId; these are read when it starts or when the navigator calls.
  const startWith = useRef({ preferences, offlineManifest });
  const listenersRef = useRef(listeners);
  const onMovedRef = useRef(onMoved);
  useEffect(() => {
    listenersRef.current = listeners;
    onMovedRef.current = onMoved;
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
      // The saved place is asked for alongside the link; without it the book opens at the start.
      const progress = queryClient.fetchQuery(progressQuery(id)).catch(() => null);
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
      const start = startLocator(
        loaded.positions,
        newestPosition(await progress, readLocalPosition(id)),
      );
      const container = containerRef.current;
      if (cancelled || !container) return;
      let opening = true;
      const current = await loaded.render(container, {
        start,
        preferences: startWith.current.preferences,
        frameStyles: FRAME_STYLES,
        listeners: {
          moved: (locator: ReadiumLocator) => {
            onMovedRef.current(placeOf(locator, loaded.positions), opening);
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

  const turn = useCallback(
    (direction: "next" | "prev") => {
      if (!view) return;
      void (direction === "next" ? view.next() : view.prev());
    },
    [view],
  );

  return { status, publication, view, turn };
}
