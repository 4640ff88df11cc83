// Shared fixtures for the end-to-end specs. Import `test` and `expect` from here, not from
// @playwright/test, and every test automatically fails when the page
//  - requests anything outside its own origin (the workbench runs fully locally: DESIGN.md), or
//  - logs a console error, or throws an uncaught error (in the page or in one of its workers).
// A spec that expects either can widen the net with test.use({ allowedOrigins, allowedConsoleErrors }).

import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test as base, expect } from "@playwright/test";
import type { ConsoleMessage, Page, Request } from "@playwright/test";

export { expect };

const ARTIFACTS = fileURLToPath(new URL("../e2e-artifacts/", import.meta.url));

interface Options {
  /** Extra origins a test may contact, e.g. a mock embedding endpoint ("http://127.0.0.1:9999"). */
  allowedOrigins: string[];
  /** Console errors a test provokes on purpose (a corrupt PDF, a refused endpoint …). */
  allowedConsoleErrors: RegExp[];
}

interface Fixtures {
  /** Every request that left the page's origin, as "METHOD url"; checked after the test. */
  foreignRequests: string[];
  /** Every console error and uncaught error; checked after the test. */
  pageErrors: string[];
}

/** data: and blob: URLs never leave the browser; everything else must be on an allowed origin. */
function isLocal(url: string, origins: Set<string>): boolean {
  if (url.startsWith("data:") || url.startsWith("blob:")) return true;
  try {
    return origins.has(new URL(url).origin);
  } catch {
    return false;
  }
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

export const test = base.extend<Options & Fixtures>({
  allowedOrigins: [[], { option: true }],
  allowedConsoleErrors: [[], { option: true }],

  foreignRequests: [
    async ({ context, baseURL, allowedOrigins }, use) => {
      const origins = new Set([new URL(baseURL ?? "http://127.0.0.1:4173").origin, ...allowedOrigins]);
      const foreign: string[] = [];
      // On the context, not the page, so popups and workers are covered as well.
      const onRequest = (request: Request) => {
        if (!isLocal(request.url(), origins)) foreign.push(`${request.method()} ${request.url()}`);
      };
      context.on("request", onRequest);
      await use(foreign);
      context.off("request", onRequest);
      expect(foreign, "requests outside the app's origin").toEqual([]);
    },
    { auto: true },
  ],

  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      // The page's events also carry its dedicated workers' (the engine's, pdf.js's): a worker's
      // console.error arrives as "console" and its uncaught errors as "pageerror" (checked with
      // Playwright 1.65 and Chromium 156), so listening on each worker would count them twice.
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(describeConsole(message));
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
      await use(errors);
      const unexpected = errors.filter((e) => !allowedConsoleErrors.some((pattern) => pattern.test(e)));
      expect(unexpected, "console errors and uncaught exceptions").toEqual([]);
    },
    { auto: true },
  ],
});

/** Saves a full-page screenshot as e2e-artifacts/<name>.png (git-ignored) and returns its path. */
export async function saveShot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Opens the single Export menu (DESIGN §12 `export-menu`; config, chunks, workspace and report)
 * unless it is open already.
 */
export async function openExportMenu(page: Page): Promise<void> {
  if (await page.getByTestId("export-close").isVisible()) return;
  await page.getByTestId("export-menu").click();
  await expect(page.getByTestId("export-close")).toBeVisible();
}
