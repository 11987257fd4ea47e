import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No serious or critical axe violation on the page as it is now (design.md §6). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** The newest mail the server wrote to `to` (as an .eml file, since e2e runs without SMTP). */
export async function latestMailTo(to: string, type: string): Promise<string> {
  const { readdir, readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${type}.eml`))
      .sort()
      .reverse();
    for (const file of files) {
      const text = await readFile(path.join(dir, file), "utf8");
      if (text.includes(`To: ${to}`)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${type} mail to ${to} arrived`);
}
