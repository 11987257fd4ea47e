import { SAME_SIZE_FLOOR, type Ratio, type SameSizeRatio } from "./throughput";

export interface Figure {
  /** what was measured */
  name: string;
  /** as printed: a number with its unit, or a short text */
  value: string;
  /** the bar it is held to; none when the figure is only reported */
  bar?: string;
  pass?: boolean;
}

export function printFigures(figures: Figure[], log: (line: string) => void): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    const verdict = f.pass === undefined ? "" : f.pass ? "  PASS" : "  FAIL";
    const bar = f.bar ? `  (bar: ${f.bar})` : "";
    log(`  ${f.name.padEnd(width)}  ${f.value}${bar}${verdict}`);
  }
}

export function markdownReport(
  title: string,
  conditions: Record<string, string>,
  figures: Figure[],
  sections: { heading: string; body: string }[],
): string {
  const escape = (text: string) => text.replace(/\|/g, "\\|");
  const lines = [`# ${title}`, ""];
  for (const [key, value] of Object.entries(conditions)) lines.push(`- ${key}: ${value}`);
  lines.push("", "| figure | value | bar | result |", "| --- | --- | --- | --- |");
  for (const f of figures)
    lines.push(
      `| ${escape(f.name)} | ${escape(f.value)} | ${escape(f.bar ?? "reported")} | ${
        f.pass === undefined ? "" : f.pass ? "pass" : "**FAIL**"
      } |`,
    );
  for (const section of sections) lines.push("", `## ${section.heading}`, "", section.body);
  return `${lines.join("\n")}\n`;
}

/**
 * Each cached answer against both anchors: the same-size answer from memory (its bar) and the
 * bare route (reported), each with its requests a second and every pair's ratio.
 */
export function cachedAnswersSection(sameSize: SameSizeRatio[], besideBare: Ratio[]): string {
  const pairs = (r: Ratio) => r.pairRatios.map((ratio) => ratio.toFixed(2)).join(", ");
  const against = (r: Ratio) =>
    `${r.ratio.toFixed(2)} (${r.measured.requestsPerSecond} vs ${r.bare.requestsPerSecond} req/s; pairs ${pairs(r)})`;
  const lines = [
    `| route | answer | / same-size answer from memory (bar ≥ ${SAME_SIZE_FLOOR.toFixed(2)}) | / bare route /api/ping (reported) |`,
    "| --- | --- | --- | --- |",
  ];
  for (const r of sameSize) {
    const bare = besideBare.find((b) => b.route === r.route);
    lines.push(
      `| ${r.route} | ${r.bytes} B | ${against(r)}${r.ratio >= SAME_SIZE_FLOOR && r.failures === 0 ? "" : " **FAIL**"} | ${bare ? against(bare) : "not run"} |`,
    );
  }
  return lines.join("\n");
}
