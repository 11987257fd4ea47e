import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No serious or critical axe violation on the page as it is now (design.md §6). */
export async function expectAccessible(page: Page): Promise<void> {
  // Check the settled screen: a toast halfway through its fade has, for that moment, less
  // contrast than the toast a person reads.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners and skeletons loop for ever; only animations that end are waited for.
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .every((animation) => animation.playState !== "running"),
    undefined,
    { timeout: 5_000 },
  );
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

/**
 * The newest mail of a type the server wrote to `to` (an .eml file: e2e runs without SMTP),
 * decoded enough to read its text and links.
 */
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
      // Undo quoted-printable soft breaks and escapes so links read whole.
      if (text.includes(`To: ${to}`)) {
        return text
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${type} mail to ${to} arrived`);
}
