import type { ReadiumLocator } from "@folio/contract/reading";
import { vi } from "vitest";
import type {
  LoadedPublication,
  PublicationView,
  RenderOptions,
  TocEntry,
} from "./readium-adapter";

/**
 * A stand-in for Readium in tests: jsdom cannot lay out a book in frames, so the page is driven
 * through the adapter's interface. Turning a page moves along a small positions list and
 * reports the new place, as the navigator does.
 */

const TYPE = "application/xhtml+xml";

export const CHAPTER_TEXTS: Record<string, string> = {
  "title.xhtml": "Moby-Dick. Herman Melville.",
  "ch1.xhtml":
    "Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse, I thought I would sail about a little.",
  "ch2.xhtml": "I stuffed a shirt or two into my old carpet-bag. Ishmael went to New Bedford.",
};

/** Ten positions: the title page, four in chapter 1, five in chapter 2. */
export const POSITIONS: ReadiumLocator[] = [
  ...[0].map((progression) => ["title.xhtml", progression] as const),
  ...[0, 0.25, 0.5, 0.75].map((progression) => ["ch1.xhtml", progression] as const),
  ...[0, 0.2, 0.4, 0.6, 0.8].map((progression) => ["ch2.xhtml", progression] as const),
].map(([href, progression], index) => ({
  href,
  type: TYPE,
  locations: { progression, position: index + 1, totalProgression: index / 10 },
}));

export const TOC: TocEntry[] = [
  { id: "toc-0", title: "Moby-Dick", href: "title.xhtml", depth: 0, children: [] },
  {
    id: "toc-1",
    title: "Chapter 1. Loomings.",
    href: "ch1.xhtml",
    depth: 0,
    children: [
      { id: "toc-1-0", title: "The spleen", href: "ch1.xhtml#spleen", depth: 1, children: [] },
    ],
  },
  { id: "toc-2", title: "Chapter 2. The Carpet-Bag.", href: "ch2.xhtml", depth: 0, children: [] },
];

export interface FakeBook {
  publication: LoadedPublication;
  view: PublicationView & {
    go: ReturnType<typeof vi.fn<(locator: ReadiumLocator) => Promise<boolean>>>;
    next: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
    prev: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
    setPreferences: ReturnType<typeof vi.fn<PublicationView["setPreferences"]>>;
  };
  /** What the page asked `render` for. */
  rendered: () => RenderOptions | undefined;
  /** The place on screen, as an index into POSITIONS. */
  at: () => number;
}

/** A chapter's frame as jsdom can give one: its text selectable, its chapter on its body. */
export function chapterFrame(href: string): Window {
  const iframe = document.createElement("iframe");
  document.body.append(iframe);
  const frame = iframe.contentWindow! as Window & typeof globalThis;
  // jsdom lays nothing out: the selection sits at the top left of the page.
  frame.Range.prototype.getBoundingClientRect = () => new DOMRect(20, 40, 120, 18);
  frame.document.body.dataset.href = href;
  frame.document.body.innerHTML = `<p>${CHAPTER_TEXTS[href] ?? ""}</p>`;
  return frame;
}

/** Selects the first occurrence of `text` in a chapter's frame, as a reader's drag would. */
export function selectInFrame(frame: Window, text: string): void {
  const node = frame.document.body.querySelector("p")!.firstChild as Text;
  const at = node.data.indexOf(text);
  const range = frame.document.createRange();
  range.setStart(node, at);
  range.setEnd(node, at + text.length);
  const selection = frame.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

export function fakeBook(): FakeBook {
  let options: RenderOptions | undefined;
  let index = 0;
  const moveTo = (next: number, locator?: ReadiumLocator) => {
    index = Math.max(0, Math.min(POSITIONS.length - 1, next));
    // Each position of the fake is a screen of its chapter, as the navigator measures it.
    const shown = view.visibleRange();
    options?.listeners.moved(
      locator ?? POSITIONS[index]!,
      shown && { start: shown.start, end: shown.end },
    );
  };
  const indexOf = (locator: ReadiumLocator) => {
    const href = locator.href.split("#")[0];
    const progression = locator.locations?.progression ?? 0;
    let found = POSITIONS.findIndex((p) => p.href === href);
    POSITIONS.forEach((p, i) => {
      if (p.href === href && (p.locations?.progression ?? 0) <= progression) found = i;
    });
    return Math.max(0, found);
  };

  const view: FakeBook["view"] = {
    go: vi.fn((locator: ReadiumLocator) => {
      moveTo(indexOf(locator));
      return Promise.resolve(true);
    }),
    next: vi.fn(() => {
      moveTo(index + 1);
      return Promise.resolve(true);
    }),
    prev: vi.fn(() => {
      moveTo(index - 1);
      return Promise.resolve(true);
    }),
    setPreferences: vi.fn(() => Promise.resolve()),
    currentFrame: () => null,
    visibleRange: () => {
      const position = POSITIONS[index]!;
      const next = POSITIONS[index + 1];
      return {
        href: position.href,
        start: position.locations?.progression ?? 0,
        end: next && next.href === position.href ? (next.locations?.progression ?? 1) : 1,
      };
    },
    destroy: vi.fn(() => Promise.resolve()),
  };

  const publication: LoadedPublication = {
    title: "Moby-Dick",
    author: "Herman Melville",
    toc: TOC,
    readingOrder: [
      { href: "title.xhtml", title: "Moby-Dick" },
      { href: "ch1.xhtml", title: "Loomings" },
      { href: "ch2.xhtml", title: "The Carpet-Bag" },
    ],
    positions: POSITIONS,
    chapterText: (href) => Promise.resolve(CHAPTER_TEXTS[href] ?? ""),
    locatorOf: (href) => {
      const [resource = "", fragment] = href.split("#");
      if (!CHAPTER_TEXTS[resource]) return null;
      return {
        href: resource,
        type: TYPE,
        locations: fragment ? { fragments: [fragment] } : { progression: 0 },
      };
    },
    // A test frame names its chapter on its body, as the navigator's <base> does.
    hrefOfFrame: (frame) => frame.document.body?.dataset.href ?? null,
    render: vi.fn((_container: HTMLElement, given: RenderOptions) => {
      options = given;
      // The navigator reports where it opened once the first page is drawn.
      queueMicrotask(() => moveTo(given.start ? indexOf(given.start) : 0, given.start));
      return Promise.resolve(view);
    }),
  };

  return { publication, view, rendered: () => options, at: () => index };
}
