import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reportDir } from "./env";

export type Figures = Record<string, unknown>;

/** Leaves one scenario's figures where the suite's teardown gathers them into the report. */
export function recordScenario(name: string, figures: Figures): void {
  const dir = reportDir();
  mkdirSync(dir, { recursive: true });
  const file = name.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
  writeFileSync(path.join(dir, `${file}.json`), JSON.stringify({ name, ...figures }, null, 2));
}
