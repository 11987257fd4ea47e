import ePub, { type NavItem } from "epubjs";
import { THEME_COLOURS, type ReaderTheme } from "./reader-theme";

/**
 * The only module that touches epubjs. epubjs needs a real browser (layout, iframes), so the
 * page talks to this small interface and its tests hand it a fake.
 */

export interface TocEntry {
  id: string;
  label: string;
  href: string;
  /** 0 for a chapter, 1 for a section inside it, and so on. */
  depth: number;
}

export interface ReaderLocation {
  cfi: string;
  atStart: boolean;
  atEnd: boolean;
}

export type TurnDirection = "next" | "prev";

export interface OpenedBook {
  title: string;
  toc: TocEntry[];
  display: (target?: string) => Promise<void>;
  next: () => Promise<void>;
  prev: () => Promise<void>;
  setTheme: (theme: ReaderTheme) => void;
  setFontSize: (percent: number) => void;
  /** Counts positions through the whole book; percentageOf answers only after it resolves. */
  generateLocations: () => Promise<void>;
  percentageOf: (cfi: string) => number | null;
  onRelocated: (listener: (location: ReaderLocation) => void) => void;
  /** Keys pressed while focus is inside the book's iframe, which the page never sees. */
  onKey: (listener: (key: string) => void) => void;
  onSwipe: (listener: (direction: TurnDirection) => void) => void;
  destroy: () => void;
}

export interface OpenOptions {
  theme: ReaderTheme;
  fontSize: number;
}

/** Characters per counted position: fine enough for a percentage, quick for a long novel. */
const LOCATION_CHARS = 1024;
/** A horizontal move of at least this many pixels, mostly sideways, turns the page. */
const SWIPE_MIN_PX = 50;

function flattenToc(items: NavItem[], depth = 0): TocEntry[] {
  return items.flatMap((item) => [
    { id: item.id, label: item.label.trim(), href: item.href, depth },
    ...flattenToc(item.subitems ?? [], depth + 1),
  ]);
}

interface EpubLocation {
  start: { cfi: string };
  atStart?: boolean;
  atEnd?: boolean;
}

export async function openEpub(
  data: ArrayBuffer,
  element: HTMLElement,
  options: OpenOptions,
): Promise<OpenedBook> {
  const book = ePub(data);
  const rendition = book.renderTo(element, {
    width: "100%",
    height: "100%",
    flow: "paginated",
    spread: "none",
  });
  for (const [name, colours] of Object.entries(THEME_COLOURS)) {
    // !important: the book's own stylesheet must not win over the reader's choice.
    rendition.themes.register(name, {
      body: {
        color: `${colours.text} !important`,
        background: `${colours.background} !important`,
      },
      a: { color: `${colours.text} !important` },
    });
  }
  rendition.themes.select(options.theme);
  rendition.themes.fontSize(`${options.fontSize}%`);

  const [navigation, metadata] = await Promise.all([book.loaded.navigation, book.loaded.metadata]);
  let locationsReady = false;
  let touchStart: { x: number; y: number } | null = null;
  const swipeListeners = new Set<(direction: TurnDirection) => void>();

  rendition.on("touchstart", (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    touchStart = touch ? { x: touch.screenX, y: touch.screenY } : null;
  });
  rendition.on("touchend", (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!touch || !touchStart) return;
    const dx = touch.screenX - touchStart.x;
    const dy = touch.screenY - touchStart.y;
    touchStart = null;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    for (const listener of swipeListeners) listener(dx < 0 ? "next" : "prev");
  });

  return {
    title: metadata.title,
    toc: flattenToc(navigation.toc),
    display: (target) => rendition.display(target),
    next: () => rendition.next(),
    prev: () => rendition.prev(),
    setTheme: (theme) => rendition.themes.select(theme),
    setFontSize: (percent) => rendition.themes.fontSize(`${percent}%`),
    generateLocations: async () => {
      await book.locations.generate(LOCATION_CHARS);
      locationsReady = true;
    },
    percentageOf: (cfi) => {
      if (!locationsReady) return null;
      const fraction = book.locations.percentageFromCfi(cfi);
      return Number.isFinite(fraction) ? Math.min(100, Math.max(0, fraction * 100)) : null;
    },
    onRelocated: (listener) => {
      rendition.on("relocated", (location: EpubLocation) =>
        listener({
          cfi: location.start.cfi,
          atStart: location.atStart === true,
          atEnd: location.atEnd === true,
        }),
      );
    },
    onKey: (listener) => {
      rendition.on("keyup", (event: KeyboardEvent) => listener(event.key));
    },
    onSwipe: (listener) => {
      swipeListeners.add(listener);
    },
    destroy: () => book.destroy(),
  };
}
