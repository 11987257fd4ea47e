// Finds or starts what the tests need: a PostgreSQL server and Debian's Chromium.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const isRoot = process.getuid?.() === 0;
// Debian's headless build of Chromium (package chromium-headless-shell), which the journeys run.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

function aptInstall(packages) {
  if (!isRoot) {
    throw new Error(
      `Please install ${packages.join(" ")} (Debian: apt-get install ${packages.join(" ")}).`,
    );
  }
  console.log(`Installing ${packages.join(" ")} from Debian's packages…`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Debian's epubcheck, which the seed-edition test runs on real EPUB files. */
export function ensureEpubcheck() {
  if (!existsSync("/usr/bin/epubcheck")) aptInstall(["epubcheck"]);
}

/** Debian's jing, which the OPDS tests validate OPDS 1.2 feeds with (RELAX NG). */
export function ensureJing() {
  if (!existsSync("/usr/bin/jing")) aptInstall(["jing"]);
}

export function ensureChromium() {
  if (!existsSync(CHROMIUM)) aptInstall(["chromium-headless-shell"]);
  return CHROMIUM;
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

function postgresBin() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const found = versions.find((v) => existsSync(path.join(root, v, "bin", "initdb")));
  return found ? path.join(root, found, "bin") : null;
}

/**
 * The PostgreSQL leg's server: TEST_DATABASE_URL if set; else the one on 127.0.0.1:5432 if it
 * answers; else a private cluster started here from Debian's binaries (installed if missing).
 * Answers { url, stop() } or null when none can be had outside CI.
 */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  if (await portOpen("127.0.0.1", 5432)) {
    return { url: "postgres://postgres@127.0.0.1:5432/postgres", stop() {} };
  }
  let bin = postgresBin();
  if (!bin) {
    aptInstall(["postgresql"]);
    bin = postgresBin();
  }
  if (!bin) return null;
  const dir = path.join(tmpdir(), `folio-pg-${process.pid}`);
  const port = 54329;
  mkdirSync(dir, { recursive: true });
  // initdb refuses to run as root; the Debian package made a postgres user for this.
  const as = (args) =>
    isRoot ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)];
  if (isRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const [c1, a1] = as([
    path.join(bin, "initdb"),
    "-D",
    path.join(dir, "data"),
    "-U",
    "postgres",
    "-A",
    "trust",
  ]);
  run(c1, a1, { stdio: "ignore" });
  const [c2, a2] = as([
    path.join(bin, "pg_ctl"),
    "-D",
    path.join(dir, "data"),
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    "start",
  ]);
  run(c2, a2);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      const [c3, a3] = as([
        path.join(bin, "pg_ctl"),
        "-D",
        path.join(dir, "data"),
        "-m",
        "fast",
        "stop",
      ]);
      spawnSync(c3, a3, { stdio: "ignore" });
    },
  };
}
