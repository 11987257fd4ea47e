import { readStoredJson, storedUuid, writeStoredQuietly } from "../../lib/storage";

/**
 * How fast this reader reads, in minutes per Readium position (1,024 characters of text),
 * learnt from their own page turns. The start is about 250 words a minute: a position holds
 * some 175 words, so 0.7 minutes.
 */
export const DEFAULT_MINUTES_PER_POSITION = 0.7;
/** Longer than this between two turns is a pause (a cup of tea), not reading. */
export const PAUSE_MS = 5 * 60_000;
/** A move of more positions than this at once is a jump (contents, slider, search). */
export const MAX_READ_STEP = 6;
/** Readings outside these bounds are skimming or a page left open, not a pace. */
const MIN_MINUTES_PER_POSITION = 0.05;
const MAX_MINUTES_PER_POSITION = 5;
/** How much weight (in positions read) the pace so far carries against a new reading. */
const MEMORY_POSITIONS = 60;

export interface ReadingPace {
  minutesPerPosition: number;
  /** positions the pace has been measured over, capped at MEMORY_POSITIONS */
  measured: number;
}

/** Where the reader was at the last turn, to measure the next one from. */
export interface PaceMark {
  position: number;
  at: number;
}

export const DEFAULT_PACE: ReadingPace = {
  minutesPerPosition: DEFAULT_MINUTES_PER_POSITION,
  measured: 0,
};

/**
 * The pace after the reader moved from `mark` to `position` at time `at` (ms), and the mark to
 * measure from next. Forward moves of a few positions after a short while count; a pause, a
 * jump or a step back only moves the mark. A turn within the same position keeps the mark, so
 * the time on short pages adds up until the position changes.
 */
export function recordTurn(
  pace: ReadingPace,
  mark: PaceMark | null,
  position: number,
  at: number,
  lastTurnAt: number | null,
): { pace: ReadingPace; mark: PaceMark } {
  const fresh = { pace, mark: { position, at } };
  if (!mark) return fresh;
  const paused = lastTurnAt !== null && at - lastTurnAt > PAUSE_MS;
  const step = position - mark.position;
  if (paused || step < 0 || step > MAX_READ_STEP) return fresh;
  if (step === 0) return { pace, mark };
  const minutesPerPosition = (at - mark.at) / 60_000 / step;
  if (
    minutesPerPosition < MIN_MINUTES_PER_POSITION ||
    minutesPerPosition > MAX_MINUTES_PER_POSITION
  )
    return fresh;
  const weight = Math.min(pace.measured, MEMORY_POSITIONS);
  // The default counts as a few positions of evidence, so the first turns do not swing it wildly.
  const priorWeight = Math.max(weight, 3);
  return {
    pace: {
      minutesPerPosition:
        (pace.minutesPerPosition * priorWeight + minutesPerPosition * step) / (priorWeight + step),
      measured: Math.min(MEMORY_POSITIONS, pace.measured + step),
    },
    mark: { position, at },
  };
}

/** Minutes to read `positions` positions at this pace. */
export function minutesFor(positions: number, pace: ReadingPace): number {
  return Math.max(0, positions) * pace.minutesPerPosition;
}

/** "Less than a minute", "12 min", "3 h 5 min". */
export function formatDuration(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 1) return "less than a minute";
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const PACE_PREFIX = "readingPace:";

function paceKey(): string {
  return `${PACE_PREFIX}${storedUuid.read() ?? "me"}`;
}

/** This reader's pace on this device, or the default. */
export function readPace(): ReadingPace {
  const stored = readStoredJson(paceKey());
  if (typeof stored !== "object" || stored === null) return DEFAULT_PACE;
  const { minutesPerPosition, measured } = stored as Partial<ReadingPace>;
  if (
    typeof minutesPerPosition !== "number" ||
    !(
      minutesPerPosition >= MIN_MINUTES_PER_POSITION &&
      minutesPerPosition <= MAX_MINUTES_PER_POSITION
    )
  )
    return DEFAULT_PACE;
  return {
    minutesPerPosition,
    measured:
      typeof measured === "number" && measured >= 0 ? Math.min(measured, MEMORY_POSITIONS) : 0,
  };
}

export function writePace(pace: ReadingPace): void {
  writeStoredQuietly(paceKey(), pace);
}
