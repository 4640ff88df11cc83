/**
 * A fresh tab of the workbench (its own browser context: empty storage) with the preloaded sample
 * chunked — where each measurement of bench:e2e starts.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";

export async function openSampleTab(
  browser: Browser,
  url: string,
  initScripts: (() => void)[] = [],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // esbuild's keepNames helper, referenced by serialized probe functions (tsx wraps named inner functions).
  await context.addInitScript({ content: "globalThis.__name ??= (fn) => fn;" });
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(url);
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: 60_000 });
  return { context, page };
}

const SETTLE_TIMEOUT_MS = 300_000;

/** Waits until the document on screen is extracted and its run is done. */
export async function settled(page: Page): Promise<void> {
  await page
    .getByTestId("doc-status")
    .filter({ hasText: /^ready/ })
    .waitFor({ timeout: SETTLE_TIMEOUT_MS });
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: SETTLE_TIMEOUT_MS });
}

/** Drops a file and waits until it is open (in the document switcher), extracted and chunked. */
export async function dropAndSettle(
  page: Page,
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
  name: string,
  bytes: Buffer,
): Promise<void> {
  await drop(page, name, bytes);
  await page.getByTestId("doc-switcher").locator("option", { hasText: name }).waitFor({ state: "attached" });
  await settled(page);
}
