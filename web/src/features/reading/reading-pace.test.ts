import { describe, expect, it } from "vitest";
import { storedUuid } from "../../lib/storage";
import {
  DEFAULT_PACE,
  formatDuration,
  minutesFor,
  PAUSE_MS,
  readPace,
  recordTurn,
  writePace,
  type PaceMark,
  type ReadingPace,
} from "./reading-pace";

const MINUTE = 60_000;

/** Turns through `positions` one at a time, `minutesEach` apart, from a fresh mark. */
function readSteadily(pace: ReadingPace, positions: number, minutesEach: number) {
  let mark: PaceMark | null = null;
  let last: number | null = null;
  for (let i = 0; i <= positions; i += 1) {
    const at = i * minutesEach * MINUTE;
    ({ pace, mark } = recordTurn(pace, mark, 10 + i, at, last));
    last = at;
  }
  return pace;
}

describe("reading pace", () => {
  it("starts at about 250 words a minute", () => {
    expect(DEFAULT_PACE.minutesPerPosition).toBe(0.7);
    expect(formatDuration(minutesFor(100, DEFAULT_PACE))).toBe("1 h 10 min");
  });

  it("learns the reader's own pace from steady reading", () => {
    const slow = readSteadily(DEFAULT_PACE, 80, 1.5);
    expect(slow.minutesPerPosition).toBeGreaterThan(1.3);
    expect(slow.minutesPerPosition).toBeLessThanOrEqual(1.5);
    const fast = readSteadily(DEFAULT_PACE, 80, 0.3);
    expect(fast.minutesPerPosition).toBeLessThan(0.4);
  });

  it("adds up the time of turns within one position", () => {
    let { pace, mark } = recordTurn(DEFAULT_PACE, null, 5, 0, null);
    ({ pace, mark } = recordTurn(pace, mark, 5, 0.5 * MINUTE, 0));
    expect(mark).toEqual({ position: 5, at: 0 });
    ({ pace, mark } = recordTurn(pace, mark, 6, 1 * MINUTE, 0.5 * MINUTE));
    // One position in one minute, weighed against the default's three positions.
    expect(pace.minutesPerPosition).toBeCloseTo((0.7 * 3 + 1) / 4);
    expect(mark).toEqual({ position: 6, at: MINUTE });
  });

  it("ignores pauses, jumps, steps back and flicking through", () => {
    const mark = { position: 10, at: 0 };
    const paused = recordTurn(DEFAULT_PACE, mark, 11, PAUSE_MS + MINUTE, 0);
    expect(paused.pace).toBe(DEFAULT_PACE);
    expect(paused.mark).toEqual({ position: 11, at: PAUSE_MS + MINUTE });
    expect(recordTurn(DEFAULT_PACE, mark, 40, MINUTE, 0).pace).toBe(DEFAULT_PACE);
    expect(recordTurn(DEFAULT_PACE, mark, 9, MINUTE, 0).pace).toBe(DEFAULT_PACE);
    // Two positions in a second is skimming, not reading.
    expect(recordTurn(DEFAULT_PACE, mark, 12, 1000, 0).pace).toBe(DEFAULT_PACE);
  });

  it("keeps each reader's pace apart on a shared device", () => {
    storedUuid.write("reader-a");
    writePace({ minutesPerPosition: 1.2, measured: 30 });
    storedUuid.write("reader-b");
    expect(readPace()).toEqual(DEFAULT_PACE);
    storedUuid.write("reader-a");
    expect(readPace()).toEqual({ minutesPerPosition: 1.2, measured: 30 });
    window.localStorage.setItem("readingPace:reader-a", '{"minutesPerPosition": 999}');
    expect(readPace()).toEqual(DEFAULT_PACE);
  });

  it("says how long is left in words", () => {
    expect(formatDuration(0.3)).toBe("less than a minute");
    expect(formatDuration(12.4)).toBe("12 min");
    expect(formatDuration(60)).toBe("1 h");
    expect(formatDuration(185)).toBe("3 h 5 min");
  });
});
