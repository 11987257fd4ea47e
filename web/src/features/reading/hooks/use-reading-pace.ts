import { useCallback, useRef, useState } from "react";
import { readPace, recordTurn, writePace, type PaceMark, type ReadingPace } from "../reading-pace";

/**
 * The reader's own pace, learnt as they turn pages and kept on this device. A jump (contents,
 * slider, search, a highlight) is not reading: `jumped` makes the next place a fresh start.
 */
export function useReadingPace() {
  const [pace, setPace] = useState<ReadingPace>(readPace);
  const paceRef = useRef(pace);
  const mark = useRef<PaceMark | null>(null);
  const lastTurnAt = useRef<number | null>(null);

  const recordPosition = useCallback((position: number, at: number = Date.now()) => {
    const result = recordTurn(paceRef.current, mark.current, position, at, lastTurnAt.current);
    lastTurnAt.current = at;
    mark.current = result.mark;
    if (result.pace !== paceRef.current) {
      paceRef.current = result.pace;
      setPace(result.pace);
      writePace(result.pace);
    }
  }, []);

  const jumped = useCallback(() => {
    mark.current = null;
  }, []);

  return { pace, recordPosition, jumped };
}
