/**
 * A fresh tab of the workbench (its own browser context: empty storage) with the preloaded sample
 * chunked — where each measurement of bench:e2e starts.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";

export async function openSampleTab(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page
    .getByTestId("run-status")
    .filter({ hasText: /^done$/ })
    .waitFor({ timeout: 60_000 });
  return { context, page };
}
