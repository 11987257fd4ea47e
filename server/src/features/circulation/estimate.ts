// How long a waiting hold will wait (design.md §7.2; docs/decisions/022-hold-wait-estimate.md).
// Pure: the caller reads the history, this turns it into a range of whole days.
//
// Method: a seeded Monte Carlo of the book's copies serving one first-come queue.
// 1. Loan lengths: the observed ones, with the book's open loans counted as "at least their age"
//    (Kaplan–Meier) while the history is young: a book lent for a few weeks has only seen its
//    short loans end. Once the window holds several loans per open one, its ended loans already
//    stand for the long ones and the open loans stop counting (they would count twice).
// 2. A small history is resampled (a bootstrap, new every DRAWS_PER_RESAMPLE draws) and each
//    length blurred by a narrow kernel, so a book known from 15 loans gets a range as unsure as
//    its history.
// 3. Each open loan frees its copy after a remainder drawn from the lengths longer than its age
//    (none longer: within OVERDUE_GRACE_DAYS). Each ready hold's copy is borrowed after a pickup
//    drawn from the observed ones longer than it has already waited, then lent for a drawn length;
//    if no reader was seen to wait that long, it lapses and the copy passes on when the window
//    closes.
// 4. The holds ahead take the freed copies in order: each is ready when it gets one, borrows
//    after a drawn pickup and keeps it a drawn length, or (with the observed share) lets it pass
//    on after the 48-hour window.
// The hold at place p waits until the p-th waiting hold is ready. The range is the
// [LOW_QUANTILE, HIGH_QUANTILE] of those times over the draws, low rounded down and high up.

/** Loans of the book itself it takes before its own history is used rather than all books'. */
export const MIN_OWN_LOANS = 8;

export interface WaitInputs {
  /** copies of the book */
  copies: number;
  /** 1-based place among the book's waiting holds */
  position: number;
  /**
   * how long, in days (fractional), each loan that ended in the last 180 days lasted (borrow to
   * return): of this book when it has at least MIN_OWN_LOANS such loans, else of all books; may
   * be empty
   */
  loanDays: number[];
  /** how long each open loan of this book has lasted so far, days (fractional) */
  openLoanAges: number[];
  /**
   * hours left on each ready hold of the book (a copy kept for a reader who has not borrowed
   * yet)
   */
  readyHoursLeft: number[];
  /**
   * days between a hold becoming ready and its reader borrowing (observed; may be empty: then
   * half a day)
   */
  pickupDays?: number[];
  /**
   * of the holds that were ready and closed in the last 180 days (this book's, or all books'
   * under the same rule as loanDays), the share whose reader did not borrow (it lapsed or was
   * cancelled while ready), 0..1; absent: 0. Each hold ahead then passes its copy on after the
   * 48 hours with this chance.
   */
  passShare?: number;
}

/** Whole days, 0 <= low <= high. */
export interface WaitDays {
  low: number;
  high: number;
}

/**
 * The quantiles of the simulated waits that bound the range. On the replayed queues of
 * estimate.test.ts the actual wait falls inside for 84-92% of holds (decision 022). The low one is
 * further out because readers ahead who cancel while waiting make real waits shorter than the
 * model's.
 */
export const LOW_QUANTILE = 0.025;
export const HIGH_QUANTILE = 0.93;

/** Draws of the Monte Carlo (fewer for very long queues, see MAX_STEPS). */
const DRAWS = 400;
const MIN_DRAWS = 100;
/** Bound on draws × holds ahead, so a queue of hundreds stays cheap. */
const MAX_STEPS = 40_000;
/** Draws that share one resample of the history. */
const DRAWS_PER_RESAMPLE = 8;
/** A ready hold keeps its copy this long (the contract's HOLD_READY_HOURS). */
const READY_DAYS = 2;
/** Pickup assumed when no hold has been borrowed yet. */
const DEFAULT_PICKUP_DAYS = 0.5;
/**
 * With no loan history at all: loans spread evenly from 7 days to 37 (30 days and the 7 an
 * overdue loan has before it is returned automatically), every half day.
 */
const DEFAULT_LOANS: readonly number[] = Array.from({ length: 61 }, (_, i) => 7 + i / 2);
/** The longest unrenewed loan: 30 days and 7 overdue. */
const LONGEST_LOAN_DAYS = 37;
/** A loan older than every length known ends within this many more days (the overdue grace). */
const OVERDUE_GRACE_DAYS = 7;
/** At most this many observed lengths are read (an even spread of the sorted history). */
const MAX_SAMPLE = 4096;
/** The lengths' distribution is kept as this many equally likely values (its quantiles). */
const POINTS = 512;
/** Histories up to this size are resampled on every draw; larger ones are known well enough. */
const BOOTSTRAP_MAX = 256;
/** Open loans count fully while the history has at most this many ended loans per open one… */
const YOUNG_RATIO = 3;
/** …and not at all from this many (about 180 days over a 30-day loan). */
const MATURE_RATIO = 6;
/** The kernel's width: this × the spread of lengths × size^-1/5 (a narrow Silverman's rule). */
const KERNEL = 0.3;

/** mulberry32: a small, fast 32-bit PRNG; answers floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the inputs (to the minute), so the same inputs always give the same range. */
function seedOf(parts: readonly (readonly number[])[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ part.length, 0x01000193);
    for (const value of part) h = Math.imul(h ^ Math.round(value * 1440), 0x01000193);
  }
  return h >>> 0;
}

/** Finite, non-negative values, sorted; at most MAX_SAMPLE of them, evenly spread. */
function sortedSample(values: readonly number[]): number[] {
  const sorted = values.filter((v) => Number.isFinite(v) && v >= 0).sort((a, b) => a - b);
  if (sorted.length <= MAX_SAMPLE) return sorted;
  const step = sorted.length / MAX_SAMPLE;
  return Array.from({ length: MAX_SAMPLE }, (_, i) => sorted[Math.floor(i * step)]!);
}

/** Index of the first value greater than `x` in sorted `values` (`n` of them). */
function firstAbove(values: ArrayLike<number>, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Loan lengths as POINTS sorted quantiles of the Kaplan–Meier estimate from the ended loans
 * (sorted) and the open ones' ages (sorted, weighted as the header says). Mass the history leaves
 * beyond its oldest open loan is spread evenly up to 37 days (or the grace after it).
 */
function lengthQuantiles(ended: readonly number[], open: readonly number[]): Float64Array {
  const ratio = ended.length / Math.max(1, open.length);
  const weight = Math.min(1, Math.max(0, (MATURE_RATIO - ratio) / (MATURE_RATIO - YOUNG_RATIO)));
  let atRisk = ended.length + weight * open.length;
  let survival = 1;
  const values: number[] = [];
  const reached: number[] = [];
  for (let i = 0, j = 0; i < ended.length;) {
    const t = ended[i]!;
    for (; j < open.length && open[j]! < t; j++) atRisk -= weight;
    let d = 0;
    for (; i < ended.length && ended[i] === t; i++) d++;
    survival -= (survival * d) / atRisk;
    atRisk -= d;
    values.push(t);
    reached.push(1 - survival);
  }
  const known = 1 - survival;
  const from =
    weight > 0 && open.length > 0 ? open[open.length - 1]! : (ended[ended.length - 1] ?? 0);
  const to = from < LONGEST_LOAN_DAYS ? LONGEST_LOAN_DAYS : from + OVERDUE_GRACE_DAYS;
  const points = new Float64Array(POINTS);
  for (let k = 0; k < POINTS; k++) {
    const u = (k + 0.5) / POINTS;
    if (u <= known) {
      let lo = 0;
      let hi = reached.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (reached[mid]! >= u) hi = mid;
        else lo = mid + 1;
      }
      points[k] = values[lo]!;
    } else {
      points[k] = from + ((u - known) / (1 - known)) * (to - from);
    }
  }
  return points;
}

/** A binary min-heap of times in a fixed buffer. */
class TimeHeap {
  readonly items: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.items = new Float64Array(capacity);
  }
  push(value: number): void {
    const items = this.items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]! <= value) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = value;
  }
  /** The earliest time. */
  top(): number {
    return this.items[0]!;
  }
  /** Takes the earliest time out and puts `last` in (a pop and a push, cheaper). */
  replaceTop(last: number): void {
    const items = this.items;
    const n = this.size;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && items[child + 1]! < items[child]!) child += 1;
      if (items[child]! >= last) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
  }
}

/** The range of days, from now, until the hold at `position` becomes ready. */
export function estimateWait(inputs: WaitInputs): WaitDays {
  return estimateWaitsAt(inputs, [inputs.position])[0]!;
}

/**
 * The ranges for several places of one book's queue from one simulation (a list of the queue
 * costs one estimate, and a later place never gets an earlier range). The range of the last
 * place is estimateWait's for it.
 */
export function estimateWaitsAt(
  inputs: Omit<WaitInputs, "position">,
  positions: readonly number[],
): WaitDays[] {
  if (positions.length === 0) return [];
  const places = positions.map((p) => Math.max(1, Math.floor(p) || 1));
  const position = Math.max(...places);
  const copies = Math.max(1, Math.floor(inputs.copies) || 1);
  const observed = sortedSample(inputs.loanDays);
  const ended = observed.length > 0 ? observed : DEFAULT_LOANS;
  const ages = inputs.openLoanAges
    .filter((v) => Number.isFinite(v))
    .map((v) => Math.max(0, v))
    .sort((a, b) => a - b);
  const readyLeft = inputs.readyHoursLeft
    .filter((v) => Number.isFinite(v))
    .map((v) => Math.min(READY_DAYS, Math.max(0, v / 24)))
    .sort((a, b) => a - b);
  const pickups = sortedSample(inputs.pickupDays ?? []);
  const pass = Math.min(0.9, Math.max(0, inputs.passShare ?? 0)) || 0;
  const random = mulberry32(
    seedOf([[copies, position, Math.round(pass * 1000)], ended, ages, readyLeft, pickups]),
  );

  // The lengths, and the current draw's resample of them (sorted, `size` values).
  const lengths = lengthQuantiles(ended, ages);
  const sampleSize = ended.length + ages.length;
  const bootstrap = sampleSize <= BOOTSTRAP_MAX ? sampleSize : 0;
  const counts = new Uint16Array(bootstrap > 0 ? POINTS : 0);
  const resample = new Float64Array(bootstrap);
  const loans = bootstrap > 0 ? resample : lengths;
  const size = loans.length;
  let mean = 0;
  for (const v of lengths) mean += v / POINTS;
  let spread = 0;
  for (const v of lengths) spread += (v - mean) ** 2 / POINTS;
  const kernel = KERNEL * Math.sqrt(spread) * Math.pow(sampleSize, -0.2);
  // One draw picks a value and, with the fraction left over, where in its kernel (uniform, of
  // deviation `kernel`) the length falls.
  const width = kernel * Math.sqrt(12);
  /** A length drawn from loans[from..size), less `age` (reflected at 0). */
  const lengthFrom = (from: number, age: number) => {
    const u = from + random() * (size - from);
    const i = Math.floor(u);
    return Math.abs(loans[i]! - age + width * (u - i - 0.5));
  };
  const pickup = () =>
    pickups.length === 0 ? DEFAULT_PICKUP_DAYS : pickups[Math.floor(random() * pickups.length)]!;

  // Copies the history accounts for beyond the book's copies (copies taken away while lent) are
  // swallowed by the first returns; copies it does not account for are free now.
  const held = ages.length + readyLeft.length;
  const swallowed = Math.max(0, held - copies);
  const freeNow = Math.max(0, copies - held);

  const draws = Math.max(MIN_DRAWS, Math.min(DRAWS, Math.floor(MAX_STEPS / position)));
  // The places asked for, each with its row of waits.
  const slotOf = new Int32Array(position + 1).fill(-1);
  const asked = [...new Set(places)];
  asked.forEach((place, slot) => (slotOf[place] = slot));
  const waits = asked.map(() => new Float64Array(draws));
  const heap = new TimeHeap(copies);
  const released = new Float64Array(held);

  for (let draw = 0; draw < draws; draw++) {
    if (bootstrap > 0 && draw % DRAWS_PER_RESAMPLE === 0) {
      counts.fill(0);
      for (let i = 0; i < bootstrap; i++) counts[Math.floor(random() * POINTS)]! += 1;
      for (let i = 0, k = 0; i < POINTS; i++)
        for (let c = counts[i]!; c > 0; c--) resample[k++] = lengths[i]!;
    }

    // When each copy now held comes back.
    let n = 0;
    for (const age of ages) {
      const from = firstAbove(loans, size, age);
      released[n++] = from < size ? lengthFrom(from, age) : random() * OVERDUE_GRACE_DAYS;
    }
    for (const left of readyLeft) {
      const waited = READY_DAYS - left;
      if (pickups.length === 0) {
        released[n++] = Math.max(0, DEFAULT_PICKUP_DAYS - waited) + lengthFrom(0, 0);
        continue;
      }
      const from = firstAbove(pickups, pickups.length, waited);
      released[n++] =
        from < pickups.length
          ? pickups[from + Math.floor(random() * (pickups.length - from))]! -
            waited +
            lengthFrom(0, 0)
          : left; // no reader was seen to take this long: it lapses and the copy passes on
    }
    heap.size = 0;
    if (swallowed > 0) released.sort();
    for (let i = swallowed; i < held; i++) heap.push(released[i]!);
    for (let i = 0; i < freeNow; i++) heap.push(0);

    // The holds take the copies in order: each is ready when the earliest one is free, and
    // keeps it for a while.
    for (let place = 1; ; place++) {
      const slot = slotOf[place]!;
      if (slot >= 0) waits[slot]![draw] = heap.top();
      if (place === position) break;
      const kept = pass > 0 && random() < pass ? READY_DAYS : pickup() + lengthFrom(0, 0);
      heap.replaceTop(heap.top() + kept);
    }
  }

  const ranges = waits.map((row) => {
    row.sort();
    const at = (q: number) => row[Math.min(draws - 1, Math.floor(q * draws))]!;
    const low = Math.max(0, Math.floor(at(LOW_QUANTILE)));
    return { low, high: Math.max(low, Math.ceil(at(HIGH_QUANTILE))) };
  });
  return places.map((place) => ({ ...ranges[slotOf[place]!]! }));
}
