import { chromium, type Page } from "playwright-core";
import { chromiumFlags } from "../../e2e/chromium-flags";
import { Api, newReader } from "../../reliability/src/harness/client";

/** design.md §6's reader bars, measured in Chromium on Moby-Dick. */
export interface ReaderFigures {
  /** from the click on Read to the first chapter's text showing, each warm run */
  openMs: number[];
  /** the same from a cold page load of /reader (app boot and chunks included), each run */
  loadMs: number[];
  /** position and percentage known when the text first shows, every run */
  positionAtOnce: boolean;
  /** from a key press to the next page shown, each turn, at a reading pace (TURN_PAUSE_MS apart) */
  turnMs: number[];
  /** the turns of turnMs that went into the next chapter */
  chapterTurnMs: number[];
  /** the same, with no pause between turns: a reader flicking through */
  flickMs: number[];
  median: {
    openMs: number;
    loadMs: number;
    turnMs: number;
    chapterTurnMs: number;
    flickMs: number;
  };
  p95TurnMs: number;
  p95FlickMs: number;
}

/**
 * The pause between measured turns. Nobody reads a page in a third of a second, and Readium
 * loads the next chapter while the reader reads, so each turn is measured on its own rather
 * than queued behind the last; `flickMs` measures turns with no pause at all.
 */
export const TURN_PAUSE_MS = 300;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

// What runs in the page, as text: the bench is typed for Node, not for a browser.

const SHOWN_FRAME = ".reader-stage__book iframe:not([style*='visibility: hidden'])";

/**
 * Waits for the reader's shown frame to hold text; answers when that was (performance.now())
 * and what the reader said of the place then ("Page 26 of 1,343 · 2%", "26 / 1,343").
 */
const FIRST_TEXT = `async (since) => {
  const shown = () => {
    const frame = document.querySelector(${JSON.stringify(SHOWN_FRAME)});
    return (frame?.contentDocument?.body?.innerText.trim().length ?? 0) > 0;
  };
  while (!shown()) {
    if (performance.now() - since > 15000) throw new Error("no text within 15 s");
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const at = performance.now();
  const text = (selector) => document.querySelector(selector)?.textContent ?? "";
  return {
    at,
    position: text(".reader-progress__page") + " | " + text(".reader-running-foot"),
  };
}`;

/**
 * Presses the right arrow and answers how long until the next page shows (the shown frame
 * scrolled to its next page, or the next chapter's frame shown in its place) and whether the
 * turn went into another chapter. Frames are told apart by element, not by src (Readium loads
 * them through location.replace, so every src is empty), and while one chapter's frame is
 * hidden and the next is not yet shown the page has not turned.
 */
const TURN = `async () => {
  const place = () => {
    const frame = document.querySelector(${JSON.stringify(SHOWN_FRAME)});
    if (!frame) return null;
    frame.dataset.benchFrame ??= String(Math.random());
    const scroller = frame.contentDocument?.scrollingElement;
    return { frame: frame.dataset.benchFrame, at: [scroller?.scrollLeft, scroller?.scrollTop].join(" ") };
  };
  const before = place();
  const start = performance.now();
  window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
  for (;;) {
    const now = place();
    if (now && (now.frame !== before?.frame || now.at !== before?.at)) {
      return { ms: performance.now() - start, crossed: now.frame !== before?.frame };
    }
    if (performance.now() - start > 5000) throw new Error("the page did not turn");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}`;

const NOW = "performance.now()";

/** The page number, the total and the percentage, all there. */
const knowsPlace = (said: string) => /Page \d[\d,]* of \d[\d,]* · \d+%/.test(said);

async function firstText(page: Page, since: number): Promise<{ at: number; position: string }> {
  return page.evaluate<{ at: number; position: string }>(`(${FIRST_TEXT})(${since})`);
}

/**
 * Opens Moby-Dick in the reader as a reader would, `runs` times from its book page (the reader
 * route opening on a warm server) and `runs` times by loading /reader cold, then turns `turns`
 * pages with the keyboard at a reading pace and `turns` more with no pause. The reader's own
 * marks are not trusted: the clock is the page's.
 */
export async function measureReader(base: string, runs = 5, turns = 60): Promise<ReaderFigures> {
  const api = new Api(base);
  const reader = await newReader(api, 20);
  const found = await api.get<{ bookId: string[] }>("/api/books/search?title=Moby-Dick");
  const bookId = found.body.bookId[0];
  if (!bookId) throw new Error("Moby-Dick is not in the catalogue");
  const borrowed = await api.post("/api/borrow/borrow", { bookId }, reader.token);
  if (borrowed.status !== 200) throw new Error(`borrow: ${borrowed.status} ${borrowed.text}`);

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...chromiumFlags],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: "block",
    });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(`localStorage.setItem("token", ${JSON.stringify(reader.token)})`);

    const openMs: number[] = [];
    const loadMs: number[] = [];
    let positionAtOnce = true;
    for (let run = 0; run < runs; run++) {
      await page.goto(`${base}/book/${bookId}`);
      const read = page.getByRole("button", { name: /^Read / });
      await read.waitFor();
      const clicked = await page.evaluate<number>(NOW);
      await read.click();
      const shown = await firstText(page, clicked);
      openMs.push(shown.at - clicked);
      positionAtOnce &&= knowsPlace(shown.position);
    }
    const url = page.url();
    for (let run = 0; run < runs; run++) {
      await page.goto(url);
      const shown = await firstText(page, 0);
      // performance.now() counts from the navigation's start.
      loadMs.push(shown.at);
      positionAtOnce &&= knowsPlace(shown.position);
    }

    await page
      .locator(".reader")
      .first()
      .click({ position: { x: 640, y: 400 } });
    const turn = () => page.evaluate<{ ms: number; crossed: boolean }>(`(${TURN})()`);
    const turnMs: number[] = [];
    const chapterTurnMs: number[] = [];
    for (let n = 0; n < turns; n++) {
      await page.waitForTimeout(TURN_PAUSE_MS);
      const { ms, crossed } = await turn();
      turnMs.push(ms);
      if (crossed) chapterTurnMs.push(ms);
    }
    const flickMs: number[] = [];
    for (let n = 0; n < turns; n++) flickMs.push((await turn()).ms);

    const round = (values: number[]) => values.map((v) => Math.round(v));
    return {
      openMs: round(openMs),
      loadMs: round(loadMs),
      positionAtOnce,
      turnMs: round(turnMs),
      chapterTurnMs: round(chapterTurnMs),
      flickMs: round(flickMs),
      median: {
        openMs: Math.round(median(openMs)),
        loadMs: Math.round(median(loadMs)),
        turnMs: Math.round(median(turnMs)),
        chapterTurnMs: Math.round(median(chapterTurnMs)),
        flickMs: Math.round(median(flickMs)),
      },
      p95TurnMs: Math.round(percentile(turnMs, 95)),
      p95FlickMs: Math.round(percentile(flickMs, 95)),
    };
  } finally {
    await browser.close();
  }
}
