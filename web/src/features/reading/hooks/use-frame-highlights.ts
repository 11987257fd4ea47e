import type { Annotation } from "@folio/contract/reading";
import { useCallback, useEffect, useRef } from "react";
import { paintHighlights } from "../frame-highlights";
import type { LoadedPublication } from "../readium-adapter";

/**
 * Draws the highlights in each chapter's frame (frame-highlights.ts): as the frame loads, and in
 * every frame still on the page whenever the list changes. Returns what a loaded frame calls.
 */
export function useFrameHighlights(
  publication: Pick<LoadedPublication, "hrefOfFrame"> | null,
  annotations: readonly Annotation[],
) {
  const frames = useRef(new Set<Window>());

  const paint = useCallback(
    (frame: Window) => {
      const href = publication?.hrefOfFrame(frame);
      if (href) paintHighlights(frame, href, annotations);
    },
    [publication, annotations],
  );

  useEffect(() => {
    for (const frame of [...frames.current]) {
      if (frame.closed || !frame.frameElement?.isConnected) frames.current.delete(frame);
      else paint(frame);
    }
  }, [paint]);

  return useCallback(
    (frame: Window) => {
      frames.current.add(frame);
      paint(frame);
    },
    [paint],
  );
}
