// The hold wait estimate (docs/decisions/022-hold-wait-estimate.md): its shape, and its honesty,
// replayed on simulated histories of books with queues. Set HOLD_ESTIMATE_REPORT=1 to print the
// measured hit rates and widths (the figures the decision record quotes).
import { afterAll, describe, expect, it } from "vitest";
import {
  MIN_OWN_LOANS,
  estimateWait,
  estimateWaitsAt,
  type WaitDays,
  type WaitInputs,
} from "./estimate";

/** mulberry32, the test's own seeded source of randomness. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

// ---------------------------------------------------------------------------------------------
// The replay: one book, event by event, under the queue's rules.

const WINDOW_DAYS = 180;
/** Of all books' ready holds, the share whose reader did not borrow. */
const ALL_BOOKS_PASS_SHARE = 0.12;
const READY_DAYS = 2;

/** A share of readers and how long their loan lasts. */
type Mixture = [share: number, draw: (random: () => number) => number][];

/**
 * Readers of a book: some give up within a week, many read to near the due date (30 days), some
 * renew once (to at most 60), some never return (auto-returned on day 37, or 67 if renewed).
 */
const bookReaders: Mixture = [
  [0.12, (r) => between(r, 0.3, 7)],
  [0.18, (r) => between(r, 7, 25)],
  [0.35, (r) => between(r, 25, 30)],
  [0.15, () => 37],
  [0.15, (r) => between(r, 30, 60)],
  [0.05, () => 67],
];
/** Readers of a short book: most finish within two weeks. */
const quickReaders: Mixture = [
  [0.4, (r) => between(r, 0.3, 5)],
  [0.4, (r) => between(r, 5, 15)],
  [0.15, (r) => between(r, 15, 30)],
  [0.05, () => 37],
];
/** All books' readers (the history used while a book has too few loans of its own). */
const allReaders: Mixture = [
  [0.2, (r) => between(r, 0.3, 7)],
  [0.25, (r) => between(r, 7, 25)],
  [0.3, (r) => between(r, 25, 30)],
  [0.13, () => 37],
  [0.1, (r) => between(r, 30, 60)],
  [0.02, () => 67],
];

function drawFrom(mixture: Mixture, random: () => number): number {
  let u = random();
  for (const [share, draw] of mixture) {
    if (u < share) return draw(random);
    u -= share;
  }
  return mixture[mixture.length - 1]![1](random);
}

interface Scenario {
  name: string;
  copies: number;
  /** how long this book's readers keep it */
  readers: Mixture;
  /** a loan and its pickup, days on average (sets the demand the copies can serve) */
  cycleDays: number;
  /**
   * books replayed (each its own history), and the days readers come to each (the replay then
   * runs on until every hold placed has become ready or been cancelled)
   */
  books: number;
  days: number;
  /** demand as a multiple of what the copies can serve, over time */
  load: (day: number) => number;
  /** readers who find no copy and queue (the rest go elsewhere) */
  holdShare: number;
  /** readers do not join a queue this long */
  maxQueue: number;
  /** holds whose reader cancels if still waiting, after 20 days on average */
  cancelShare: number;
  seed: number;
}

interface Hold {
  placedAt: number;
  status: "waiting" | "ready" | "borrowed" | "cancelled" | "expired";
  readyUntil: number;
  estimate: WaitDays;
  /** the estimate without passShare */
  plain: WaitDays;
  /** the fixed rule's range: one loan period per round of the copies */
  fixed: WaitDays;
  position: number;
}

interface Outcome {
  /** actual wait in days, and the ranges given when the hold was placed */
  actual: number;
  estimate: WaitDays;
  plain: WaitDays;
  fixed: WaitDays;
  position: number;
}

type Event =
  | { at: number; kind: "arrive" }
  | { at: number; kind: "return"; loan: { start: number } }
  | { at: number; kind: "borrow" | "lapse" | "cancel"; hold: Hold };

/** A min-heap of events by time (ties in the order they were added). */
class Agenda {
  private items: { event: Event; seq: number }[] = [];
  private seq = 0;
  push(event: Event): void {
    const items = this.items;
    const item = { event, seq: this.seq++ };
    let i = items.length;
    items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(item, items[parent]!)) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = item;
  }
  pop(): Event | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top?.event;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && this.before(items[child + 1]!, items[child]!)) child += 1;
      if (!this.before(items[child]!, last)) break;
      items[i] = items[child]!;
      i = child;
    }
    items[i] = last;
    return top.event;
  }
  private before(a: { event: Event; seq: number }, b: { event: Event; seq: number }): boolean {
    return a.event.at < b.event.at || (a.event.at === b.event.at && a.seq < b.seq);
  }
}

/** The fixed rule: the hold at place p is served in round ⌈p/c⌉ of 30-day loans. */
const fixedRule = (copies: number, position: number): WaitDays => ({
  low: 30 * Math.floor((position - 1) / copies),
  high: 30 * Math.ceil(position / copies),
});

/** Replays one book and answers every hold that became ready, with its ranges. */
function replayBook(scenario: Scenario, seed: number, allBooksLoans: number[]): Outcome[] {
  const random = rng(seed);
  const { copies } = scenario;
  const agenda = new Agenda();
  const openLoans = new Set<{ start: number }>();
  const ended: { at: number; days: number }[] = [];
  const pickups: { at: number; days: number }[] = [];
  const waiting: Hold[] = [];
  const ready = new Set<Hold>();
  const outcomes: Outcome[] = [];
  /** ready holds closed: when, and whether their reader borrowed */
  const closed: { at: number; borrowed: boolean }[] = [];
  const capacity = copies / scenario.cycleDays; // loans a day the copies can serve

  const startLoan = (at: number) => {
    const loan = { start: at };
    openLoans.add(loan);
    agenda.push({ at: at + drawFrom(scenario.readers, random), kind: "return", loan });
  };

  /** A copy comes back: the oldest waiting hold gets it, or it is free. */
  const freeCopy = (at: number) => {
    const hold = waiting.shift();
    if (hold === undefined) return;
    hold.status = "ready";
    hold.readyUntil = at + READY_DAYS;
    ready.add(hold);
    outcomes.push({
      actual: at - hold.placedAt,
      estimate: hold.estimate,
      plain: hold.plain,
      fixed: hold.fixed,
      position: hold.position,
    });
    // A quarter borrow at once (auto-borrow); most within 48 hours; some lapse; a few cancel.
    const u = random();
    if (u < 0.25) agenda.push({ at, kind: "borrow", hold });
    else if (u < 0.65) agenda.push({ at: at + between(random, 0, 0.5), kind: "borrow", hold });
    else if (u < 0.85) agenda.push({ at: at + between(random, 0.5, 2), kind: "borrow", hold });
    else if (u < 0.95) agenda.push({ at: hold.readyUntil, kind: "lapse", hold });
    else agenda.push({ at: at + between(random, 0, 2), kind: "cancel", hold });
  };

  const inputsAt = (now: number, position: number): WaitInputs => {
    const own = ended.filter((loan) => loan.at > now - WINDOW_DAYS).map((loan) => loan.days);
    const recent = closed.filter((hold) => hold.at > now - WINDOW_DAYS);
    return {
      copies,
      position,
      loanDays: own.length >= MIN_OWN_LOANS ? own : allBooksLoans,
      openLoanAges: [...openLoans].map((loan) => now - loan.start),
      readyHoursLeft: [...ready].map((hold) => (hold.readyUntil - now) * 24),
      pickupDays: pickups.filter((p) => p.at > now - WINDOW_DAYS).map((p) => p.days),
      passShare:
        recent.length >= MIN_OWN_LOANS
          ? recent.filter((hold) => !hold.borrowed).length / recent.length
          : ALL_BOOKS_PASS_SHARE,
    };
  };

  agenda.push({ at: 0, kind: "arrive" });
  for (let event = agenda.pop(); event; event = agenda.pop()) {
    const now = event.at;
    if (now >= scenario.days && waiting.length === 0) break;
    switch (event.kind) {
      case "arrive": {
        if (now >= scenario.days) break; // readers stop coming; the queue runs down
        const free = copies - openLoans.size - ready.size;
        if (free > 0 && waiting.length === 0) startLoan(now);
        else if (waiting.length < scenario.maxQueue && random() < scenario.holdShare) {
          const position = waiting.length + 1;
          const inputs = inputsAt(now, position);
          const hold: Hold = {
            placedAt: now,
            status: "waiting",
            readyUntil: 0,
            estimate: estimateWait(inputs),
            plain: estimateWait({ ...inputs, passShare: undefined }),
            fixed: fixedRule(copies, position),
            position,
          };
          waiting.push(hold);
          if (random() < scenario.cancelShare) {
            const at = now - 20 * Math.log(1 - random());
            agenda.push({ at, kind: "cancel", hold });
          }
        }
        const rate = capacity * scenario.load(now);
        agenda.push({ at: now - Math.log(1 - random()) / rate, kind: "arrive" });
        break;
      }
      case "return":
        openLoans.delete(event.loan);
        ended.push({ at: now, days: now - event.loan.start });
        freeCopy(now);
        break;
      case "borrow":
        ready.delete(event.hold);
        event.hold.status = "borrowed";
        closed.push({ at: now, borrowed: true });
        pickups.push({ at: now, days: now - (event.hold.readyUntil - READY_DAYS) });
        startLoan(now);
        break;
      case "lapse":
        ready.delete(event.hold);
        event.hold.status = "expired";
        closed.push({ at: now, borrowed: false });
        freeCopy(now);
        break;
      case "cancel":
        if (event.hold.status === "waiting") {
          waiting.splice(waiting.indexOf(event.hold), 1);
          event.hold.status = "cancelled";
        } else if (event.hold.status === "ready") {
          ready.delete(event.hold);
          event.hold.status = "cancelled";
          closed.push({ at: now, borrowed: false });
          freeCopy(now);
        }
        break;
    }
  }
  return outcomes;
}

interface Measure {
  holds: number;
  hitRate: number;
  /** waits shorter than the range, and longer */
  below: number;
  above: number;
  medianWidth: number;
  /** the estimate without passShare */
  plainHitRate: number;
  plainMedianWidth: number;
  fixedHitRate: number;
  fixedMedianWidth: number;
  /**
   * the narrowest one range that holds as many of the scenario's actual waits as the estimate
   * did, chosen knowing them all: the best a range that ignores the queue can do
   */
  blindWidth: number;
  longestQueue: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
/** The width of the narrowest interval holding `count` of `values`. */
const narrowestHolding = (values: number[], count: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  let best = Infinity;
  for (let i = 0; i + count - 1 < sorted.length; i++)
    best = Math.min(best, sorted[i + count - 1]! - sorted[i]!);
  return best;
};
/** A hit: the actual wait, in fractional days, lies within [low, high]. */
const inside = (range: WaitDays, actual: number) => range.low <= actual && actual <= range.high;

function measure(scenario: Scenario): Measure {
  const others = rng(scenario.seed ^ 0x5eed);
  const allBooksLoans = Array.from({ length: 3000 }, () => drawFrom(allReaders, others));
  const outcomes = Array.from({ length: scenario.books }, (_, book) =>
    replayBook(scenario, scenario.seed + 7919 * book, allBooksLoans),
  ).flat();
  const actuals = outcomes.map((o) => o.actual);
  const hits = outcomes.filter((o) => inside(o.estimate, o.actual)).length;
  return {
    holds: outcomes.length,
    hitRate: hits / outcomes.length,
    below: outcomes.filter((o) => o.actual < o.estimate.low).length / outcomes.length,
    above: outcomes.filter((o) => o.actual > o.estimate.high).length / outcomes.length,
    medianWidth: median(outcomes.map((o) => o.estimate.high - o.estimate.low)),
    plainHitRate: outcomes.filter((o) => inside(o.plain, o.actual)).length / outcomes.length,
    plainMedianWidth: median(outcomes.map((o) => o.plain.high - o.plain.low)),
    fixedHitRate: outcomes.filter((o) => inside(o.fixed, o.actual)).length / outcomes.length,
    fixedMedianWidth: median(outcomes.map((o) => o.fixed.high - o.fixed.low)),
    blindWidth: narrowestHolding(actuals, hits),
    longestQueue: Math.max(...outcomes.map((o) => o.position)),
  };
}

/** Demand swinging between `low` and `high` times the copies' capacity, over `period` days. */
const swinging =
  (low: number, high: number, period: number) =>
  (day: number): number =>
    low + ((high - low) * (1 + Math.sin((2 * Math.PI * day) / period))) / 2;

const common = { holdShare: 0.7, cancelShare: 0.12, days: 720 };
const scenarios: (Scenario & { maxMedianWidth: number })[] = [
  {
    ...common,
    name: "3 copies, a queue of up to 15",
    copies: 3,
    readers: bookReaders,
    cycleDays: 29,
    books: 10,
    load: swinging(0.6, 2.2, 240),
    maxQueue: 15,
    seed: 3,
    maxMedianWidth: 45,
  },
  {
    ...common,
    name: "1 copy, a queue of up to 8",
    copies: 1,
    readers: bookReaders,
    cycleDays: 29,
    books: 24,
    load: swinging(0.5, 1.8, 300),
    maxQueue: 8,
    seed: 1,
    maxMedianWidth: 70,
  },
  {
    ...common,
    name: "10 copies, long queues",
    copies: 10,
    readers: bookReaders,
    cycleDays: 29,
    books: 4,
    load: swinging(0.7, 2.2, 240),
    holdShare: 0.8,
    maxQueue: 60,
    seed: 10,
    maxMedianWidth: 30,
  },
  {
    ...common,
    name: "2 copies of a quick read",
    copies: 2,
    readers: quickReaders,
    cycleDays: 11,
    books: 6,
    load: swinging(0.6, 2, 120),
    maxQueue: 15,
    seed: 2,
    maxMedianWidth: 35,
  },
];

// ---------------------------------------------------------------------------------------------

const history = (() => {
  const random = rng(42);
  return Array.from({ length: 60 }, () => drawFrom(bookReaders, random));
})();
const base: WaitInputs = {
  copies: 3,
  position: 4,
  loanDays: history,
  openLoanAges: [2, 15, 28],
  readyHoursLeft: [],
  pickupDays: [0, 0.2, 0.4, 1.1],
};

describe("estimateWait", () => {
  it("answers whole days with 0 <= low <= high", () => {
    for (const position of [1, 2, 5, 20, 100]) {
      for (const copies of [1, 3, 10]) {
        const { low, high } = estimateWait({ ...base, copies, position });
        expect(Number.isInteger(low) && Number.isInteger(high)).toBe(true);
        expect(0 <= low && low <= high).toBe(true);
      }
    }
  });

  it("gives the same range for the same inputs", () => {
    expect(estimateWait(base)).toEqual(estimateWait({ ...base }));
    expect(estimateWait(base)).toEqual(estimateWait({ ...base, loanDays: [...history].reverse() }));
  });

  it("waits longer further back in the queue", () => {
    const at = (position: number) => estimateWait({ ...base, position });
    for (const [near, far] of [
      [1, 3],
      [3, 8],
      [8, 20],
    ] as const) {
      expect(at(far).low).toBeGreaterThanOrEqual(at(near).low);
      expect(at(far).high).toBeGreaterThan(at(near).high);
    }
  });

  it("estimates a whole queue at once, later places never earlier", () => {
    const places = Array.from({ length: 30 }, (_, i) => i + 1);
    const ranges = estimateWaitsAt(base, places);
    expect(ranges).toHaveLength(30);
    for (let i = 1; i < ranges.length; i++) {
      expect(ranges[i]!.low).toBeGreaterThanOrEqual(ranges[i - 1]!.low);
      expect(ranges[i]!.high).toBeGreaterThanOrEqual(ranges[i - 1]!.high);
    }
    expect(ranges[29]).toEqual(estimateWait({ ...base, position: 30 }));
    expect(estimateWaitsAt(base, [30, 4, 4])).toEqual([ranges[29], ranges[3], ranges[3]]);
    expect(estimateWaitsAt(base, [])).toEqual([]);
  });

  it("waits less with more copies", () => {
    const ages = (copies: number) => Array.from({ length: copies }, (_, i) => (i * 29) / copies);
    const at = (copies: number) =>
      estimateWait({ ...base, copies, position: 10, openLoanAges: ages(copies) });
    expect(at(2).high).toBeLessThan(at(1).high);
    expect(at(5).high).toBeLessThan(at(2).high);
    expect(at(5).low).toBeLessThan(at(1).low);
  });

  it("counts a ready copy as coming back after its reader's loan, or at once if it lapses", () => {
    const noneReady = estimateWait({ ...base, copies: 1, position: 1, openLoanAges: [] });
    // Free copy (the history knows of no hold on it): ready at once.
    expect(noneReady).toEqual({ low: 0, high: 0 });
    // Ready for 47 hours, longer than any reader took: it lapses within the hour.
    const lapsing = estimateWait({
      ...base,
      copies: 1,
      position: 1,
      readyHoursLeft: [1],
      openLoanAges: [],
    });
    expect(lapsing).toEqual({ low: 0, high: 1 });
    // Just ready: the reader is likely to borrow it, and the wait is a whole loan.
    const fresh = estimateWait({
      ...base,
      copies: 1,
      position: 1,
      readyHoursLeft: [47],
      openLoanAges: [],
    });
    expect(fresh.high).toBeGreaterThan(20);
  });

  it("falls back to loans of 7 to 37 days with no history", () => {
    const range = estimateWait({
      copies: 1,
      position: 1,
      loanDays: [],
      openLoanAges: [0],
      readyHoursLeft: [],
    });
    // The default lengths, a little blurred: about 7 to 37 days.
    expect(range.low).toBeGreaterThanOrEqual(5);
    expect(range.low).toBeLessThanOrEqual(8);
    expect(range.high).toBeGreaterThanOrEqual(35);
    expect(range.high).toBeLessThanOrEqual(38);
    // An open loan older than 37 days ends within the week of grace.
    const old = estimateWait({
      copies: 1,
      position: 1,
      loanDays: [],
      openLoanAges: [40],
      readyHoursLeft: [],
    });
    expect(old.high).toBeLessThanOrEqual(7);
  });

  it("is quick on a long queue", () => {
    const inputs = (copies: number, position: number): WaitInputs => ({
      ...base,
      copies,
      position,
      openLoanAges: Array.from({ length: copies }, (_, i) => (i * 29) / copies),
    });
    const timed = (copies: number, position: number) => {
      const started = performance.now();
      for (let i = 0; i < 20; i++) estimateWait(inputs(copies, position + (i % 2)));
      return (performance.now() - started) / 20;
    };
    timed(10, 50); // warm up
    // Well under 5 ms where it is measured alone; bounds loose enough for a busy test machine.
    expect(timed(10, 50)).toBeLessThan(25);
    expect(timed(100, 400)).toBeLessThan(50);
  });
});

describe("estimateWait replayed on simulated queues", () => {
  const measured: Record<string, Measure> = {};

  for (const scenario of scenarios) {
    it(`holds the actual wait 80% of the time: ${scenario.name}`, () => {
      const m = measure(scenario);
      measured[scenario.name] = m;
      expect(m.holds).toBeGreaterThanOrEqual(200);
      expect(m.hitRate).toBeGreaterThanOrEqual(0.8);
      // Informative: the median range is within the scenario's bound (see the decision record),
      // and narrower than any one range that ignores the queue could be and hold as many.
      expect(m.medianWidth).toBeLessThanOrEqual(scenario.maxMedianWidth);
      expect(m.medianWidth).toBeLessThan(m.blindWidth);
      // The fixed rule is worse.
      expect(m.fixedHitRate).toBeLessThan(m.hitRate);
    });
  }

  afterAll(() => {
    if (process.env.HOLD_ESTIMATE_REPORT) console.table(measured);
  });
});
