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
