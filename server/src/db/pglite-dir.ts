import path from "node:path";

/**
 * Where the embedded database keeps its files under DATA_DIR. Its own module, with nothing else
 * in it, so that main.ts can look before it loads the app.
 */
export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, "pglite");
