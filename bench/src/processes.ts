import { readdir, readFile } from "node:fs/promises";

/** The process and every process it started (the cluster workers), by pid. */
export async function processTree(root: number): Promise<number[]> {
  const parentOf = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid) parentOf.set(Number(entry), ppid);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1)
    for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** A field of /proc/PID/status in kB: VmRSS is resident now, VmHWM the most it has been. */
async function statusKiB(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
}

const rssKiB = (pid: number) => statusKiB(pid, "VmRSS");

export interface ProcessMemory {
  /** resident now, MiB */
  rssMiB: number;
  /** the most it was resident since it started, MiB */
  peakMiB: number;
}

/** One process's resident memory now and at its peak. */
export async function processMemory(pid: number): Promise<ProcessMemory> {
  const [rss, peak] = await Promise.all([statusKiB(pid, "VmRSS"), statusKiB(pid, "VmHWM")]);
  return { rssMiB: Math.round(rss / 1024), peakMiB: Math.round(peak / 1024) };
}

export interface Memory {
  /** resident memory of the primary and its workers together, MiB */
  totalMiB: number;
  /** per process, MiB, primary first */
  processesMiB: number[];
}

/** Resident memory of a server: with cluster workers, the sum over the primary and each worker. */
export async function serverMemory(root: number): Promise<Memory> {
  const pids = await processTree(root);
  const each = await Promise.all(pids.map(rssKiB));
  const processesMiB = each.map((kb) => Math.round(kb / 1024));
  return { totalMiB: Math.round(each.reduce((a, b) => a + b, 0) / 1024), processesMiB };
}

/** Samples serverMemory every `ms` until stopped; answers the highest total seen. */
export function sampleMemory(root: number, ms = 500) {
  let peak: Memory = { totalMiB: 0, processesMiB: [] };
  const tick = async () => {
    const now = await serverMemory(root);
    if (now.totalMiB > peak.totalMiB) peak = now;
  };
  const timer = setInterval(() => void tick(), ms);
  return {
    stop: async (): Promise<Memory> => {
      clearInterval(timer);
      await tick();
      return peak;
    },
  };
}
