import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const featuresOf = (dir) => {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

// bulletproof-react's rule: a web feature never imports another feature; shared code flows one
// way, ui/lib → features → app.
const webFeatureZones = featuresOf("./web/src/features").map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: "./web/src/features",
  except: [`./${feature}`],
  message: "A feature must not import another feature; compose them in web/src/app.",
}));

// The same rule for the server's features (decision 016): a feature imports another only through
// that feature's index.ts, its deliberate public face, never its routes, tables or internals.
const serverFeatures = featuresOf("./server/src/features");
const serverFeatureZones = serverFeatures.map((feature) => ({
  target: `./server/src/features/${feature}`,
  from: "./server/src/features",
  except: [
    `./${feature}`,
    ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
  ],
  message:
    "A feature imports another only through that feature's index.ts (docs/decisions/016-table-owners-and-events.md).",
}));

/** Server code the features stand on: it must not know any feature. */
const serverSharedCode = [
  "./server/src/db",
  "./server/src/http",
  "./server/src/storage",
  "./server/src/context.ts",
  "./server/src/config.ts",
  "./server/src/errors.ts",
  "./server/src/events.ts",
  "./server/src/money.ts",
  "./server/src/clock.ts",
  "./server/src/calendar.ts",
  "./server/src/idempotency.ts",
  "./server/src/rate-limit.ts",
];

export const importZones = [
  ...webFeatureZones,
  ...serverFeatureZones,
  {
    target: serverSharedCode,
    from: "./server/src/features",
    message: "Shared server code must not import a feature; features import it.",
  },
  {
    target: "./web/src/features",
    from: "./web/src/app",
    message: "Features must not import the app layer.",
  },
  {
    target: ["./web/src/ui", "./web/src/lib"],
    from: ["./web/src/features", "./web/src/app"],
    message: "Shared code must not import features or the app.",
  },
  {
    target: "./contract",
    from: ["./server", "./web"],
    message: "The contract depends on nothing of ours.",
  },
  {
    target: "./server/src/features",
    from: ["./server/src/app.ts", "./server/src/main.ts"],
    message: "Features must not import the app that mounts them.",
  },
  {
    target: "./web",
    from: "./server",
    message: "The web app talks to the server over HTTP only.",
  },
  {
    target: "./server",
    from: "./web",
    message: "The server must not import the web app.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/data/**",
      "**/coverage/**",
      "e2e/test-results/**",
      "e2e/playwright-report/**",
      "bench/report*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": {
        typescript: { project: ["*/tsconfig.json"], noWarnOnMultipleProjects: true },
        node: true,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "import-x/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": ["error", { zones: importZones }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
);
