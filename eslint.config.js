import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// What src/core may never import: it runs unchanged in Node, in workers and in tests.
const coreForbidden = [
  {
    group: ["**/app/**", "**/workers/**", "**/pdf/**", "**/cli/**"],
    message: "src/core imports nothing above it.",
  },
  { group: ["react", "react-dom", "react/*", "react-dom/*"], message: "src/core is UI-free." },
  { group: ["pdfjs-dist", "pdfjs-dist/*"], message: "Only src/pdf knows pdf.js." },
  {
    group: ["zustand", "zustand/*", "@tanstack/*", "comlink"],
    message: "src/core holds no app state or bridges.",
  },
  {
    group: ["node:*", "fs", "path", "os", "child_process", "url"],
    message: "src/core runs in browsers too.",
  },
];

// What src/app may not load: the page draws and asks; the engine worker computes. Types are fine.
const appForbidden = [
  {
    group: [
      "**/core/providers/*",
      "!**/core/providers/session",
      "!**/core/providers/endpoint",
      "!**/core/providers/rateLimit",
    ],
    allowTypeImports: true,
    message: "Provider clients run in the engine worker; the page reaches them through app/engine/workers.",
  },
  {
    group: ["**/core/chunkers/registry", "**/core/chunkers/*/*", "!**/core/chunkers/*/meta"],
    allowTypeImports: true,
    message:
      "The page loads chunkers' meta.ts (or chunkers/metas) only: their algorithms run in the engine worker.",
  },
  {
    // host/errors is a table (code → exit code → UI text), the one way the page words an error.
    group: ["**/workers/**", "**/host/**", "!**/host/errors", "**/cli/**", "**/core/engine"],
    allowTypeImports: true,
    message: "The page talks to the engine only through app/engine/workers (a comlink bridge).",
  },
];

export default tseslint.config(
  {
    ignores: [
      ".scratch/",
      "dist/",
      "node_modules/",
      "public/",
      "test-results/",
      "playwright-report/",
      "e2e-artifacts/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This rule only warns that the React Compiler would skip a component; we do not run the
      // compiler, and TanStack Virtual's useVirtualizer is the documented way to virtualize.
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    files: ["src/app/**/*.{ts,tsx}"],
    // The bridge itself (workers.ts, bridge.ts), and the viewer's dev-only harness (not in the build), which chunks on the
    // main thread to time the viewer alone.
    ignores: ["src/app/engine/workers.ts", "src/app/engine/bridge.ts", "src/app/viewer/harness/**"],
    rules: { "no-restricted-imports": ["error", { patterns: appForbidden }] },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: coreForbidden }] },
  },
  {
    files: ["src/pdf/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "**/workers/**", "**/cli/**", "react", "zustand"],
              message: "src/pdf sits below app, workers and cli.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/workers/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/**", "**/cli/**", "react"], message: "Workers sit below the app." }] },
      ],
    },
  },
);
