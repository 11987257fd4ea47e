/** The work took longer than it was given. */
export class TimedOut extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = "TimedOut";
  }
}

/**
 * The work's result, or TimedOut after `ms`: a dependency that hangs then fails a check rather
 * than holding the caller. The work itself runs on; it cannot be called back.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(what, ms)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
