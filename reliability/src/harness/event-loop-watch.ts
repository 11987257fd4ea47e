import { Worker } from "node:worker_threads";

interface Ping {
  /** absolute times in ms (performance.timeOrigin + now), the same clock in every thread */
  start: number;
  end: number;
}

/** A clock shared by this thread and the pinging one. */
export const now = (): number => performance.timeOrigin + performance.now();

// The pinger runs in a thread of its own, so that the test's own work (building a megabyte of
// JSON, hashing the database) never delays a ping's answer and so inflates the figure. Between
// pings it rests GAP_MS, or until asked for a ping now: back to back, pings were 2,000 requests
// a second, a core's worth of work taken from everything else on the machine.
const pinger = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const url = new URL(workerData.base);
let running = true;
let wanted = false;
let wake = null;
parentPort.on("message", (m) => {
  if (m === "stop") running = false;
  wanted = true;
  if (wake) wake();
});
const ping = () => new Promise((resolve) => {
  http.get({ host: url.hostname, port: url.port, path: "/api/ping", agent }, (res) => {
    res.resume(); res.on("end", resolve); res.on("error", resolve);
  }).on("error", resolve);
});
const rest = () => new Promise((resolve) => {
  const timer = setTimeout(resolve, workerData.gapMs);
  wake = () => { clearTimeout(timer); resolve(); };
}).then(() => { wake = null; });
(async () => {
  while (running) {
    wanted = false;
    const start = now();
    await ping();
    parentPort.postMessage({ start, end: now() });
    if (running && !wanted) await rest();
  }
  agent.destroy();
  parentPort.postMessage("stopped");
})();
`;

/**
 * The most a ping rests before the next. A request that holds the loop for H ms delays a ping
 * sent during the hold by at least H − GAP_MS, so the figure is as good as the bars need (a
 * 50 ms bar, a breach at two seconds), and after each request `settled` asks for a ping at once.
 */
const GAP_MS = 10;

/**
 * Keeps a `GET /api/ping` going, one at a time, at most GAP_MS apart, on a connection of its
 * own, and remembers how long each took. A request that holds the server's event loop delays the ping that waits
 * behind it: the worst ping overlapping a request, less the idle ping time, is how long that
 * request held the loop. Measured from the outside, as a client feels it, not by a timed
 * assertion on the request itself.
 */
export class EventLoopWatch {
  private readonly pings: Ping[] = [];
  private worker: Worker | null = null;
  private stopped: Promise<void> | null = null;
  /** the median ping with nothing else going on, in ms */
  idleMs = 0;

  constructor(private readonly base: string) {}

  async start(): Promise<void> {
    const worker = new Worker(pinger, {
      eval: true,
      workerData: { base: this.base, gapMs: GAP_MS },
    });
    this.worker = worker;
    this.stopped = new Promise((resolve) => {
      worker.on("message", (message: Ping | "stopped") => {
        if (message === "stopped") return resolve();
        this.pings.push(message);
        // Only the recent past is ever asked about.
        if (this.pings.length > 20_000) this.pings.splice(0, 10_000);
      });
      worker.on("exit", () => resolve());
      worker.on("error", () => resolve());
    });
    // The idle figure: the median of the first pings, before any hostile request goes out.
    while (this.pings.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    const idle = this.pings.slice(0, 50).map((p) => p.end - p.start);
    idle.sort((a, b) => a - b);
    this.idleMs = idle[25]!;
  }

  async stop(): Promise<void> {
    if (!this.worker) return;
    this.worker.postMessage("stop");
    await this.stopped;
    await this.worker.terminate();
    this.worker = null;
  }

  /** How long the loop was held while a request ran from `start` to `end` (see `now`). */
  heldDuring(start: number, end: number): number {
    let worst = 0;
    for (let i = this.pings.length - 1; i >= 0; i -= 1) {
      const ping = this.pings[i]!;
      if (ping.end < start) break;
      if (ping.start <= end) worst = Math.max(worst, ping.end - ping.start);
    }
    return Math.max(0, worst - this.idleMs);
  }

  /** Waits until a ping that started after `time` has come back, so the request can be judged. */
  async settled(time: number): Promise<void> {
    this.worker?.postMessage("now");
    for (let i = 0; i < 5000; i += 1) {
      // Pings end in the order they start: the newest is the one to look at.
      if (!this.worker || (this.pings.at(-1)?.start ?? 0) > time) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}
