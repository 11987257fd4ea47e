import { Worker } from "node:worker_threads";

interface Ping {
  /** absolute times in ms (performance.timeOrigin + now), the same clock in every thread */
  start: number;
  end: number;
}

/** A clock shared by this thread and the pinging one. */
export const now = (): number => performance.timeOrigin + performance.now();

// The pinger runs in a thread of its own, so that the test's own work (building a megabyte of
// JSON, hashing the database) never delays a ping's answer and so inflates the figure.
const pinger = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const url = new URL(workerData.base);
let running = true;
parentPort.on("message", (m) => { if (m === "stop") running = false; });
const ping = () => new Promise((resolve) => {
  http.get({ host: url.hostname, port: url.port, path: "/api/ping", agent }, (res) => {
    res.resume(); res.on("end", resolve); res.on("error", resolve);
  }).on("error", resolve);
});
(async () => {
  while (running) {
    const start = now();
    await ping();
    parentPort.postMessage({ start, end: now() });
  }
  agent.destroy();
  parentPort.postMessage("stopped");
})();
`;

/**
 * Keeps one `GET /api/ping` in flight at all times, on a connection of its own, and remembers
 * how long each took. A request that holds the server's event loop delays the ping that waits
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
    const worker = new Worker(pinger, { eval: true, workerData: { base: this.base } });
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
    for (let i = 0; i < 2500; i += 1) {
      if (!this.worker || this.pings.some((p) => p.start > time)) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}
