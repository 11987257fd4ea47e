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
  /** 0–1 through the whole book */
  totalProgression: number;
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
 * out its position or total progression.
 */
export function placeOf(
  locator: ReadiumLocator,
  positions: readonly ReadiumLocator[],
): ReadingPlace {
  const total = Math.max(1, positions.length);
  const progression = locator.locations?.progression ?? 0;
  const holder = positionInResource(positions, locator.href, progression);
  const position = locator.locations?.position ?? holder?.locations?.position ?? 1;
  const totalProgression =
    locator.locations?.totalProgression ??
    holder?.locations?.totalProgression ??
    (position - 1) / total;
  return {
    locator: {
      ...locator,
      locations: { ...locator.locations, position, totalProgression: clampUnit(totalProgression) },
    },
    position,
    total,
    totalProgression: clampUnit(totalProgression),
  };
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
