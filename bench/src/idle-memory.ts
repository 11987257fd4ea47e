import { randomBytes } from "node:crypto";
import { PgliteDirectory } from "../../reliability/src/harness/database";
import { ServerProcess } from "../../reliability/src/harness/server";
import { processMemory, type ProcessMemory } from "./processes";

/** Long enough for the start's garbage to be collected and the timers to settle. */
const IDLE_MS = 10_000;

export interface EmbeddedStart extends ProcessMemory {
  /** spawn to the first answered /api/health */
  startupMs: number;
}

/** "262 MiB (peak 290 MiB; first answer after 2310 ms)" */
export const describeStart = (m: EmbeddedStart): string =>
  `${m.rssMiB} MiB (peak ${m.peakMiB} MiB; first answer after ${m.startupMs} ms)`;

export interface EmbeddedIdleMemory {
  /** a fresh DATA_DIR: PGlite's initdb, the migrations, the 144 seed books and their editions */
  firstStart: EmbeddedStart;
  /** the same DATA_DIR again, the catalogue already there */
  restart: EmbeddedStart;
}

/**
 * Idle memory of the embedded default as `npm start` runs it: `node server/dist/main.js` on a
 * fresh data directory, 10 s after its first answer; stopped, then started again on the same
 * folder and read the same way. Runs beside, not on, the benchmark's big catalogue: what a
 * new shop pays. About half a minute.
 */
export async function measureEmbeddedIdleMemory(): Promise<EmbeddedIdleMemory> {
  const dir = await PgliteDirectory.create();
  const spawnedAt = performance.now();
  const server = await ServerProcess.start(
    { dataDir: dir.dataDir, secret: randomBytes(24).toString("hex") },
    "idle-memory",
  ).catch(async (error: unknown) => {
    await dir.remove();
    throw error;
  });
  try {
    const idle = async (startupMs: number): Promise<EmbeddedStart> => {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      return { startupMs: Math.round(startupMs), ...(await processMemory(server.pid!)) };
    };
    const firstStart = await idle(performance.now() - spawnedAt);
    await server.stop();
    const restart = await idle(await server.launch());
    return { firstStart, restart };
  } finally {
    await server.stop();
    await dir.remove();
  }
}
