import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { serverEntry, webDist } from "./env";

/** A loopback port nobody is listening on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** the same for every process on one database, so signed links work across them */
  secret: string;
  port?: number;
  workers?: number;
  env?: Record<string, string>;
}

/**
 * One `node server/dist/main.js`, as `npm start` runs it, on a loopback port, its output in a
 * log file. `kill9` ends it the hard way; `stop` asks it to finish its requests first.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exit: Promise<number | null> = Promise.resolve(null);
  readonly logFile: string;

  private constructor(
    readonly options: ServerOptions,
    readonly port: number,
    readonly name: string,
  ) {
    this.logFile = path.join(options.dataDir, `${name}.log`);
  }

  static async start(options: ServerOptions, name = "server"): Promise<ServerProcess> {
    const server = new ServerProcess(options, options.port ?? (await freePort()), name);
    await server.launch();
    return server;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process (again, after a stop or a kill) and waits until it answers. */
  async launch(): Promise<number> {
    const startedAt = performance.now();
    const log = createWriteStream(this.logFile, { flags: "a" });
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.options.dataDir,
        SECRET: this.options.secret,
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT: "0",
        // Hundreds of readers register and log in before each load; scrypt at the shop's cost
        // would spend the time the scenario is for.
        PASSWORD_HASH_COST: "10",
        WEB_DIST: webDist,
        TIME_ZONE: "Europe/London",
        WORKERS: String(this.options.workers ?? 1),
        ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
        ...(this.options.smtpUrl ? { SMTP_URL: this.options.smtpUrl } : {}),
        ...this.options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    this.exit = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    await this.waitUntilAnswering();
    return performance.now() - startedAt;
  }

  private async waitUntilAnswering(): Promise<void> {
    const deadline = Date.now() + 120_000;
    let exited = false;
    void this.exit.then(() => (exited = true));
    while (Date.now() < deadline) {
      if (exited) throw new Error(`${this.name} exited before answering:\n${await this.log()}`);
      try {
        const response = await fetch(`${this.base}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not answer within 2 minutes:\n${await this.log()}`);
  }

  /** SIGKILL: no shutdown, no flushing, whatever was in flight is cut off. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.kill("SIGKILL");
    await this.exit;
    this.child = null;
  }

  /** SIGTERM and wait: the graceful shutdown `npm start` gets from Ctrl-C or a supervisor. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    child.kill("SIGTERM");
    const code = await this.exit;
    this.child = null;
    return code;
  }

  async log(): Promise<string> {
    return readFile(this.logFile, "utf8").catch(() => "");
  }

  /** Lines the server logged at error level or worse (pino: level ≥ 50). */
  async errorLines(): Promise<string[]> {
    return (await this.log()).split("\n").filter((line) => /"level":(50|60)/.test(line));
  }

  /** Resident memory of the process, from /proc, in MiB. */
  async rssMiB(): Promise<number | null> {
    if (!this.pid) return null;
    const status = await readFile(`/proc/${this.pid}/status`, "utf8").catch(() => "");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  }
}
