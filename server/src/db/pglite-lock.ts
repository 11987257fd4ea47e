import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

/** The embedded database's folder is open in another live process. */
export class DatabaseInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is open in another process (pid ${pid}). It serves one process at a time: stop the shop first, or, to make an admin, set ADMIN_EMAIL and restart it.`,
    );
    this.name = "DatabaseInUse";
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes `${dir}.lock` for this process, so a command (npm run admin, import, seed) cannot open
 * PGlite's files while the server has them: two processes writing one folder would corrupt it.
 * A lock left by a process that has died (kill -9) is taken over. Answers the release.
 */
export function lockPgliteDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
        throw new DatabaseInUse(dir, holder);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
