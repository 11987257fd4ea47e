import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { reportDir, serverEntry } from "./harness/env";

const reportFile = new URL("../report.json", import.meta.url);

export function setup(): void {
  if (!existsSync(serverEntry))
    throw new Error(`No built server at ${serverEntry}: run \`npm run build\` first.`);
  rmSync(reportDir(), { recursive: true, force: true });
  mkdirSync(reportDir(), { recursive: true });
}

/** Gathers each scenario's figures into reliability/report.json and prints them. */
export function teardown(): void {
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
