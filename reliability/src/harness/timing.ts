/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `seen` every 20 ms until it holds; answers how long that took, or null after `limitMs`. */
export async function timeUntil(
  seen: () => Promise<boolean>,
  limitMs: number,
): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await seen()) return Math.round(performance.now() - started);
    await pause(20);
  }
  return null;
}
