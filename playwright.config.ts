import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";

const CI = Boolean(process.env.CI);
const PORT = 4173;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  forbidOnly: CI,
  retries: 0,
  // Two workers share a 2-core machine with the preview server; CI runs them one at a time so a
  // slow run never turns into a timing-dependent failure.
  workers: CI ? 1 : 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: CI ? "list" : [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    headless: true,
    viewport: { width: 1440, height: 900 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // Serves the build that `npm run test:e2e` has just made (vite.config.ts binds 127.0.0.1).
    command: `npx vite preview --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
