import { defineConfig } from "vitest/config";

// Scenarios start real server processes and load them: one file at a time, on a machine of
// two cores, or they would measure each other.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
