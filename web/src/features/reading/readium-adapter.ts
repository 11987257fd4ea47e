import type { ReadiumLocator } from "@folio/contract/reading";
import {
  EpubNavigator,
  EpubPreferences,
  TextAlignment,
  type EpubNavigatorListeners,
  type IInjectablesConfig,
} from "@readium/navigator";
import {
  HttpFetcher,
  Locator,
  Manifest,
  Publication,
  type Link,
  type Links,
} from "@readium/shared";
import dyslexicBold from "@fontsource/opendyslexic/files/opendyslexic-latin-700-normal.woff2?url";
import dyslexicItalic from "@fontsource/opendyslexic/files/opendyslexic-latin-400-italic.woff2?url";
import dyslexicRegular from "@fontsource/opendyslexic/files/opendyslexic-latin-400-normal.woff2?url";
import { ReadError, failureFromStatus } from "./read-error";
import { DYSLEXIC_FAMILY, type NavigatorPreferences } from "./reader-theme";

/**
 * The only module that touches Readium (@readium/navigator and @readium/shared). The page talks
 * to the small interfaces below, so its logic runs in tests with a fake, and swapping the
 * renderer touches this file alone (decision 024).
 */

export interface TocEntry {
  id: string;
  title: string;
  href: string;
  depth: number;
  children: TocEntry[];
}

export interface ResourceInfo {
  href: string;
  title: string | null;
}

/** A publication whose manifest and positions are in, before anything is drawn. */
export interface LoadedPublication {
  title: string;
  author: string | null;
  toc: TocEntry[];
  readingOrder: ResourceInfo[];
  /** Readium's positions list: one locator per 1,024 characters, in reading order */
  positions: ReadiumLocator[];
  /** The text of one chapter, read through the publication (online or offline alike). */
  chapterText: (href: string) => Promise<string>;
  /** A locator for a link of the book (a contents entry, with or without its #fragment). */
  locatorOf: (href: string) => ReadiumLocator | null;
  /** Which chapter a frame shows, by its reading-order href. */
  hrefOfFrame: (frame: Window) => string | null;
  /** Draws the book into `container`, starting at `start`. */
  render: (container: HTMLElement, options: RenderOptions) => Promise<PublicationView>;
}

/** The part of a chapter on screen, 0–1 of its length (its width in pages, height in scroll). */
export interface VisibleRange {
  start: number;
  end: number;
}

export interface ViewListeners {
  /**
   * The place changed: a page turn, a jump, a resize. `visible` is the part of its chapter on
   * screen, measured in its frame; null while there is no frame to measure.
   */
  moved: (locator: ReadiumLocator, visible: VisibleRange | null) => void;
  /** A chapter's frame is ready: draw highlights, listen to its keys. */
  frameLoaded: (frame: Window) => void;
  /** A tap or click on the text that is not a link; x and y in the frame's CSS pixels. */
  tapped: (frame: Window, x: number, y: number) => void;
  /** The reader selected text in a frame. */
  selected: (frame: Window) => void;
}

export interface RenderOptions {
  start: ReadiumLocator | undefined;
  preferences: NavigatorPreferences;
  /** CSS added to every chapter (highlight colours). */
  frameStyles: string;
  listeners: ViewListeners;
}

export interface PublicationView {
  go: (locator: ReadiumLocator) => Promise<boolean>;
  /** The next screen: a page, or in scroll layout a screen's height; past the end, the next chapter. */
  next: () => Promise<boolean>;
  prev: () => Promise<boolean>;
  setPreferences: (preferences: NavigatorPreferences) => Promise<void>;
  /** The frame of the chapter on screen, once there is one. */
  currentFrame: () => Window | null;
  /** The part of the chapter on screen (0–1 of it), when the navigator knows it. */
  visibleRange: () => { href: string; start: number; end: number } | null;
  destroy: () => Promise<void>;
}

const POSITIONS_TYPE = "application/vnd.readium.position-list+json";

async function fetchJson(url: string, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReadError("network");
  }
  if (!response.ok) throw new ReadError(failureFromStatus(response.status));
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ReadError("failed");
  }
}

function tocOf(links: Links | undefined, depth = 0, prefix = "toc"): TocEntry[] {
  return (links?.items ?? []).map((link, index) => {
    const id = `${prefix}-${index}`;
    return {
      id,
      title: link.title?.trim() || "Untitled section",
      href: link.href,
      depth,
      children: tocOf(link.children, depth + 1, id),
    };
  });
}

function plain(locator: Locator): ReadiumLocator {
  return locator.serialize() as ReadiumLocator;
}

function readiumLocator(locator: ReadiumLocator): Locator {
  const parsed = Locator.deserialize(locator);
  if (!parsed) throw new Error(`Not a locator: ${locator.href}`);
  return parsed;
}

/** The author's name(s) as the manifest gives them. */
function authorOf(publication: Publication): string | null {
  const authors = publication.metadata.authors?.items ?? [];
  const names = authors.map((author) => author.name.getTranslation()).filter(Boolean);
  return names.length > 0 ? names.join(", ") : null;
}

/** OpenDyslexic for the chapters, from our own origin: the page's CSP allows no other. */
function dyslexicFontFaces(): string {
  const face = (url: string, weight: number, style: string) =>
    `@font-face{font-family:"${DYSLEXIC_FAMILY}";font-style:${style};font-weight:${weight};font-display:swap;src:url("${new URL(url, window.location.href).href}") format("woff2")}`;
  return [
    face(dyslexicRegular, 400, "normal"),
    face(dyslexicItalic, 400, "italic"),
    face(dyslexicBold, 700, "normal"),
  ].join("\n");
}

/**
 * Opens the publication whose Readium Web Publication Manifest is at `manifestURL` (the
 * server's signed link, or an offline copy's address): its manifest and positions list are
 * fetched together, and nothing of the text yet.
 */
export async function openPublication(
  manifestURL: string,
  signal?: AbortSignal,
): Promise<LoadedPublication> {
  const manifestAddress = new URL(manifestURL, window.location.href);
  const positionsAddress = new URL("positions.json", manifestAddress);
  const [manifestJson, positionsJson] = await Promise.all([
    fetchJson(manifestAddress.href, signal),
    // Asked for alongside the manifest rather than after it: the page needs both to start.
    fetchJson(positionsAddress.href, signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return null;
    }),
  ]);
  const manifest = Manifest.deserialize(manifestJson);
  if (!manifest) throw new ReadError("failed");
  // Resources resolve against the manifest's own address, wherever the manifest says it lives.
  manifest.setSelfLink(manifestAddress.href);
  const publication = new Publication({
    manifest,
    fetcher: new HttpFetcher(undefined, manifest.baseURL),
  });

  let positions: Locator[] = [];
  const listed = (positionsJson as { positions?: unknown[] } | null)?.positions;
  if (Array.isArray(listed)) {
    positions = listed.map((p) => Locator.deserialize(p)).filter((p): p is Locator => !!p);
  }
  if (positions.length === 0 && publication.links.findWithMediaType(POSITIONS_TYPE)) {
    positions = await publication.positionsFromManifest();
  }
  if (positions.length === 0) throw new ReadError("failed");

  const texts = new Map<string, Promise<string>>();
  function chapterText(href: string): Promise<string> {
    let text = texts.get(href);
    if (!text) {
      const link = publication.readingOrder.findWithHref(href);
      if (!link) return Promise.reject(new Error(`No chapter ${href}`));
      text = publication
        .get(link)
        .readAsString()
        .then((source = "") => {
          const type = link.mediaType.isHTML ? link.mediaType.string : "application/xhtml+xml";
          const doc = new DOMParser().parseFromString(source, type as DOMParserSupportedType);
          return doc.body?.textContent ?? doc.documentElement.textContent ?? "";
        });
      text.catch(() => texts.delete(href));
      texts.set(href, text);
    }
    return text;
  }

  const baseURL = manifest.baseURL ?? manifestAddress.href;
  function locatorOf(href: string): ReadiumLocator | null {
    const [resource = "", fragment] = href.split("#");
    const link = publication.readingOrder.findWithHref(resource);
    if (!link) return null;
    return {
      href: link.href,
      type: link.type ?? "application/xhtml+xml",
      ...(link.title ? { title: link.title } : {}),
      locations: fragment ? { fragments: [fragment] } : { progression: 0 },
    };
  }
  function hrefOfFrame(frame: Window): string | null {
    try {
      // The navigator gives each chapter's document a <base> at the chapter's own address.
      const base = frame.document.querySelector<HTMLBaseElement>("base[data-readium]")?.href;
      if (!base) return null;
      const found = publication.readingOrder.items.find((link) => link.toURL(baseURL) === base);
      return found?.href ?? null;
    } catch {
      return null;
    }
  }

  return {
    title: publication.metadata.title.getTranslation() || "",
    author: authorOf(publication),
    toc: tocOf(publication.toc),
    readingOrder: publication.readingOrder.items.map((link: Link) => ({
      href: link.href,
      title: link.title ?? null,
    })),
    positions: positions.map(plain),
    chapterText,
    locatorOf,
    hrefOfFrame,
    render: (container, options) => renderPublication(publication, positions, container, options),
  };
}

const EXTERNAL = /^(https?:|mailto:|tel:)/i;

function epubPreferences({ textAlign, ...rest }: NavigatorPreferences): EpubPreferences {
  return new EpubPreferences({
    ...rest,
    textAlign: textAlign === null ? null : TextAlignment[textAlign],
  });
}

async function renderPublication(
  publication: Publication,
  positions: Locator[],
  container: HTMLElement,
  { start, preferences, frameStyles, listeners }: RenderOptions,
): Promise<PublicationView> {
  const injectables: IInjectablesConfig = {
    rules: [
      {
        resources: [/./],
        append: [
          {
            id: "folio-frame-styles",
            as: "link",
            rel: "stylesheet",
            target: "head",
            blob: new Blob([`${dyslexicFontFaces()}\n${frameStyles}`], { type: "text/css" }),
          },
        ],
      },
    ],
    // The chapter's own CSP would refuse the OpenDyslexic files, which live beside the app.
    allowedDomains: [window.location.origin],
  };
  let navigator: EpubNavigator | null = null;
  const frameOf = () => {
    try {
      return navigator?._cframes[0]?.iframe.contentWindow ?? null;
    } catch {
      return null;
    }
  };
  let scrolled = preferences.scroll;
  /**
   * The part of the chapter on screen, measured in its frame as the navigator's own snapper
   * does, but at once: the navigator reports a frame it has just drawn before measuring it.
   */
  const visibleNow = (): VisibleRange | null => {
    const frame = frameOf();
    let scroller: Element | null | undefined;
    try {
      scroller = frame?.document.scrollingElement;
    } catch {
      return null;
    }
    if (!frame || !scroller) return null;
    const size = scrolled ? scroller.scrollHeight : scroller.scrollWidth;
    const at = Math.abs(scrolled ? scroller.scrollTop : frame.scrollX);
    const shown = scrolled ? frame.innerHeight : frame.innerWidth;
    if (!(size > 0) || !(shown > 0)) return null;
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return { start: clamp(at / size), end: clamp((at + shown) / size) };
  };
  const handlers: Partial<EpubNavigatorListeners> = {
    positionChanged: (locator: Locator) => listeners.moved(plain(locator), visibleNow()),
    frameLoaded: (frame: Window) => listeners.frameLoaded(frame),
    tap: (event: { x: number; y: number }) => tapped(event),
    click: (event: { x: number; y: number }) => tapped(event),
    textSelected: () => {
      const frame = frameOf();
      if (frame) listeners.selected(frame);
    },
    handleLocator: (locator: Locator) => {
      // Links out of the book open in a new tab, never inside the reader or with access to it.
      if (!EXTERNAL.test(locator.href)) return false;
      window.open(locator.href, "_blank", "noopener,noreferrer");
      return true;
    },
  };
  function tapped(event: { x: number; y: number }): boolean {
    const frame = frameOf();
    if (!frame) return true;
    // The frame reports device pixels.
    const ratio = frame.devicePixelRatio || 1;
    listeners.tapped(frame, event.x / ratio, event.y / ratio);
    return true;
  }

  navigator = new EpubNavigator(
    container,
    publication,
    handlers as EpubNavigatorListeners,
    positions,
    start ? readiumLocator(start) : undefined,
    {
      preferences: epubPreferences(preferences),
      defaults: {},
      injectables,
    },
  );
  await navigator.load();
  const current = navigator;

  const chapterTurn = (direction: "next" | "prev") =>
    new Promise<boolean>((resolve) => {
      if (direction === "next") current.goForward(false, resolve);
      else current.goBackward(false, resolve);
    });
  // The navigator's own turn in scroll layout skips to the next chapter: here a turn is a
  // screen, less two lines so the eye finds its place, and the chapter's end turns to the next.
  const step = (direction: "next" | "prev") => {
    const frame = scrolled ? frameOf() : null;
    const scroller = frame?.document.scrollingElement;
    if (!frame || !scroller) return chapterTurn(direction);
    const room =
      direction === "next"
        ? scroller.scrollHeight - frame.innerHeight - scroller.scrollTop
        : scroller.scrollTop;
    if (room < 2) return chapterTurn(direction);
    const by = Math.max(frame.innerHeight * 0.5, frame.innerHeight - 48);
    scroller.scrollBy({ top: direction === "next" ? by : -by, behavior: "instant" });
    return Promise.resolve(true);
  };

  return {
    go: (locator) =>
      new Promise<boolean>((resolve) => current.go(readiumLocator(locator), false, resolve)),
    next: () => step("next"),
    prev: () => step("prev"),
    setPreferences: (next) => {
      scrolled = next.scroll;
      return current.submitPreferences(epubPreferences(next));
    },
    currentFrame: frameOf,
    visibleRange: () => {
      const viewport = current.viewport;
      const href = viewport.readingOrder[0];
      const range = href ? viewport.progressions.get(href) : undefined;
      return href && range ? { href, start: range.start, end: range.end } : null;
    },
    destroy: () => current.destroy(),
  };
}
