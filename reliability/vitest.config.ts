import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The order scenarios start in, two at a time: first the two that mostly wait (for a minute to
 * turn, for the mail sender's next try), each beside one that works hard, then the longest, so
 * that the short access checks fill the end rather than a long one running on alone. A file not
 * named here runs after these, in name order.
 */
const START_ORDER = [
  "src/access/rate-limits.test.ts",
  "src/fuzz.test.ts",
  "src/mail-outage.test.ts",
  "src/faults.test.ts",
  "src/backup.test.ts",
  "src/load.test.ts",
  "src/staff.test.ts",
  "src/many-nodes.test.ts",
];

class InStartOrder extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = START_ORDER.indexOf(path.relative(import.meta.dirname, file.moduleId));
      return at === -1 ? START_ORDER.length : at;
    };
    return Promise.resolve(
      [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId)),
    );
  }
}

// Scenarios start real server processes and load them. Two files run at a time: most of a
// scenario's time is waiting (for a minute to turn, for mail to be retried, for a process to
// restart), and the bars they hold are generous orders of magnitude (docs/testing.md), so two
// side by side on two cores, beside the browser journeys, neither fail nor measure each other
// wrong. The long run (RELIABILITY_LONG=1), whose figures are the ones to read, runs them one by
// one, as RELIABILITY_ONE_AT_A_TIME=1 does.
const oneAtATime =
  process.env.RELIABILITY_ONE_AT_A_TIME === "1" || process.env.RELIABILITY_LONG === "1";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/global-setup.ts"],
    fileParallelism: !oneAtATime,
    maxWorkers: oneAtATime ? 1 : 2,
    sequence: { sequencer: InStartOrder },
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
