import type { ReadiumLocator } from "@folio/contract/reading";

/**
 * Places in a publication as plain Readium locators (the contract's shape): what progress and
 * annotations store, what the positions list holds. No navigator code here, so the page and
 * its tests reason about places without a browser.
 */

/** The place a reader is at, as the page shows and saves it. */
export interface ReadingPlace {
  locator: ReadiumLocator;
  /** 1-based index in the positions list */
  position: number;
  total: number;
  /** 0–1 through the whole book; 1 once the book's last screen is shown */
  totalProgression: number;
  /** The screen of the chapter on show, as the reader counts pages; null until it is measured. */
  screen: Screen | null;
}

/** A screen of a chapter: a page (two columns side by side count as one) or a scrolled height. */
export interface Screen {
  /** 1-based */
  index: number;
  count: number;
}

/** How far a measurement may be off a whole screen (sub-pixel widths, rounding). */
const SCREEN_SLACK = 0.02;

/**
 * The screen a part of a chapter on show is, from the part's start and end (0–1 of the
 * chapter): each screen shows the same share of it, the last perhaps less.
 */
export function screenOf(visible: { start: number; end: number } | null): Screen | null {
  if (!visible) return null;
  const share = visible.end - visible.start;
  if (!(share > 0) || !Number.isFinite(share)) return null;
  const count = Math.max(1, Math.ceil(1 / share - SCREEN_SLACK));
  const atEnd = visible.end >= 1 - 1e-3;
  const index = atEnd ? count : Math.min(count, Math.round(visible.start / share) + 1);
  return { index, count };
}

/** What progress keeps: small enough for the 4,000-character column, enough to come back. */
export function progressLocatorText(locator: ReadiumLocator): string {
  const { href, type, title, locations } = locator;
  return JSON.stringify({
    href,
    type,
    ...(title ? { title: title.slice(0, 200) } : {}),
    locations: {
      progression: locations?.progression,
      position: locations?.position,
      totalProgression: locations?.totalProgression,
    },
  });
}

function isLocatorLike(value: unknown): value is ReadiumLocator {
  if (typeof value !== "object" || value === null) return false;
  const { href, type, locations } = value as Partial<ReadiumLocator>;
  if (typeof href !== "string" || href === "" || typeof type !== "string") return false;
  return locations === undefined || (typeof locations === "object" && locations !== null);
}

/**
 * The locator in a saved progress, or null for anything else: an epub.js CFI saved by the old
 * reader (`epubcfi(...)`), an empty value, or text that is not a locator.
 */
export function parseSavedLocator(saved: string | null | undefined): ReadiumLocator | null {
  if (!saved || !saved.trimStart().startsWith("{")) return null;
  try {
    const value = JSON.parse(saved) as unknown;
    return isLocatorLike(value) ? value : null;
  } catch {
    return null;
  }
}

/** The href without its fragment, as the reading order lists it. */
export function resourceOf(href: string): string {
  const hash = href.indexOf("#");
  return hash === -1 ? href : href.slice(0, hash);
}

const clampUnit = (value: number) => Math.min(1, Math.max(0, value));

/** The position nearest a fraction of the whole book (the slider, an old percentage). */
export function positionAtFraction(
  positions: readonly ReadiumLocator[],
  fraction: number,
): ReadiumLocator | undefined {
  if (positions.length === 0) return undefined;
  const target = clampUnit(Number.isFinite(fraction) ? fraction : 0);
  let best = positions[0];
  for (const position of positions) {
    const at = position.locations?.totalProgression ?? 0;
    // The last position starting at or before the target holds it.
    if (at <= target + 1e-9) best = position;
    else break;
  }
  return best;
}

/** The position that holds a place in one resource: the last one starting at or before it. */
export function positionInResource(
  positions: readonly ReadiumLocator[],
  href: string,
  progression: number,
): ReadiumLocator | undefined {
  const resource = resourceOf(href);
  let found: ReadiumLocator | undefined;
  for (const position of positions) {
    if (resourceOf(position.href) !== resource) {
      if (found) break;
      continue;
    }
    if (!found || (position.locations?.progression ?? 0) <= progression + 1e-9) found = position;
    else break;
  }
  return found;
}

/**
 * Where the book opens: the saved locator when its resource is still in the book (an edition
 * may have changed), else the position nearest the saved percentage (an old epub.js CFI keeps
 * only that), else the start.
 */
export function startLocator(
  positions: readonly ReadiumLocator[],
  saved: { locator: string | null; percentage: number | null } | null,
): ReadiumLocator | undefined {
  if (!saved) return undefined;
  const locator = parseSavedLocator(saved.locator);
  if (locator) {
    const position = positionInResource(
      positions,
      locator.href,
      locator.locations?.progression ?? 0,
    );
    if (position) {
      return {
        ...position,
        locations: {
          ...position.locations,
          progression: locator.locations?.progression ?? position.locations?.progression ?? 0,
        },
      };
    }
  }
  if (saved.percentage !== null && Number.isFinite(saved.percentage)) {
    return positionAtFraction(positions, saved.percentage / 100);
  }
  return undefined;
}

/**
 * The place a locator stands for, filled in from the positions list when the navigator left
 * out its position or total progression. `visible` is the part of the chapter on screen: its
 * screen, and whether the book's end is on show. A position's progression is where it starts,
 * so the last screen of a book starts in its last position (2/3 of a three-position book): the
 * book is read through (100%) once the end of its last chapter is on screen.
 */
export function placeOf(
  locator: ReadiumLocator,
  positions: readonly ReadiumLocator[],
  visible: { start: number; end: number } | null = null,
): ReadingPlace {
  const total = Math.max(1, positions.length);
  const progression = locator.locations?.progression ?? 0;
  const holder = positionInResource(positions, locator.href, progression);
  const position = locator.locations?.position ?? holder?.locations?.position ?? 1;
  const lastChapter = positions.at(-1)?.href;
  const bookEnd =
    visible !== null &&
    visible.end >= 1 - 1e-3 &&
    lastChapter !== undefined &&
    resourceOf(lastChapter) === resourceOf(locator.href);
  const totalProgression = bookEnd
    ? 1
    : (locator.locations?.totalProgression ??
      holder?.locations?.totalProgression ??
      (position - 1) / total);
  return {
    locator: {
      ...locator,
      locations: { ...locator.locations, position, totalProgression: clampUnit(totalProgression) },
    },
    position,
    total,
    totalProgression: clampUnit(totalProgression),
    screen: screenOf(visible),
  };
}

/** "Page 3 of 12": the screens of the chapter on show, as the page label and announcement say. */
export function pageOfChapter(screen: Screen): string {
  return `Page ${screen.index.toLocaleString("en-GB")} of ${screen.count.toLocaleString("en-GB")}`;
}

/** A percentage for the progress call: one decimal, 0–100. */
export function percentageOf(place: Pick<ReadingPlace, "totalProgression">): number {
  return Math.round(clampUnit(place.totalProgression) * 1000) / 10;
}

/** Orders locators as they come in the book (annotations, search hits). */
export function compareLocators(
  a: ReadiumLocator,
  b: ReadiumLocator,
  readingOrder: readonly string[],
): number {
  const ra = readingOrder.indexOf(resourceOf(a.href));
  const rb = readingOrder.indexOf(resourceOf(b.href));
  if (ra !== rb) return ra - rb;
  return (a.locations?.progression ?? 0) - (b.locations?.progression ?? 0);
}

/** How many positions of the place's chapter come after it: what is left of the chapter. */
export function positionsLeftInChapter(
  positions: readonly ReadiumLocator[],
  place: Pick<ReadingPlace, "locator" | "position">,
): number {
  const resource = resourceOf(place.locator.href);
  return positions.filter(
    (p) => resourceOf(p.href) === resource && (p.locations?.position ?? 0) > place.position,
  ).length;
}
