import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { reportDir, serverEntry } from "./harness/env";
import { seedShops } from "./harness/shop";

const reportFile = new URL("../report.json", import.meta.url);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(serverEntry))
    throw new Error(`No built server at ${serverEntry}: run \`npm run build\` first.`);
  rmSync(reportDir(), { recursive: true, force: true });
  mkdirSync(reportDir(), { recursive: true });
  const seeded = await seedShops();
  project.provide("seededShops", seeded.shops);
  return async () => {
    await seeded.remove();
    report();
  };
}

/** Gathers each scenario's figures into reliability/report.json and prints them. */
function report(): void {
  const dir = reportDir();
  if (!existsSync(dir)) return;
  const scenarios = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>);
  const report = { finishedAt: new Date().toISOString(), scenarios };
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log("\nReliability report (reliability/report.json):");
  for (const { name, ...figures } of scenarios) {
    console.log(`  ${String(name)}`);
    for (const [key, value] of Object.entries(figures))
      console.log(`    ${key}: ${JSON.stringify(value)}`);
  }
}
