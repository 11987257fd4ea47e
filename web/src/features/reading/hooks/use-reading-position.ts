import type { WireId } from "@folio/contract/common";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import {
  percentageOf,
  progressLocatorText,
  resourceOf,
  type ReadingPlace,
} from "../reader-locator";
import { newestPosition, readLocalPosition, type SavedPosition } from "../reading-position";
import { progressQuery } from "../reading-queries";
import { useProgressSaver } from "./use-progress-saver";
import { useReadingPace } from "./use-reading-pace";

/**
 * Where the reader is in the book. `saved` is where the book opens: the newer of the server's
 * place and this browser's own. `moved` follows every turn: the place is kept in this browser
 * at once and reaches the server after a pause (use-progress-saver), and the turns teach the
 * reading pace that the time left is counted in.
 */
export function useReadingPosition(bookId: WireId | null) {
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<ReadingPlace | null>(null);
  const record = useProgressSaver(bookId);
  const { pace, recordPosition, jumped } = useReadingPace();

  const saved = useCallback(
    async (id: WireId): Promise<SavedPosition | null> => {
      // Without the server's copy (offline, a failure) this browser's decides, or the start.
      const server = await queryClient.fetchQuery(progressQuery(id)).catch(() => null);
      return newestPosition(server, readLocalPosition(id));
    },
    [queryClient],
  );

  const moved = useCallback(
    (next: ReadingPlace, opening: boolean) => {
      // A report the navigator sends without measuring (a frame loaded again) keeps the screen.
      setPlace((before) =>
        next.screen === null &&
        before?.screen &&
        resourceOf(before.locator.href) === resourceOf(next.locator.href)
          ? { ...next, screen: before.screen }
          : next,
      );
      recordPosition(next.position);
      // The place the book opened at is already saved; from the first turn on, each is.
      if (!opening) record(progressLocatorText(next.locator), percentageOf(next));
    },
    [record, recordPosition],
  );

  return { place, pace, saved, moved, jumped };
}
