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
