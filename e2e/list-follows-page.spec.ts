/**
 * The chunk list follows the page in view, and the page follows the list (DESIGN §12).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";

/** The pages of the chunk item at the top of the list's visible area. */
function topItemPages(page: Page): Promise<number[]> {
  return page.getByTestId("chunk-list").evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    const items = [...list.querySelectorAll<HTMLElement>('[data-testid="chunk-item"]')];
    const first = items
      .filter((el) => el.getBoundingClientRect().bottom > top + 4)
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0];
    return (first?.dataset.pages ?? "").split(",").filter(Boolean).map(Number);
  });
}

test("scrolling the pages scrolls the list to their chunks; a chunk clicked brings its page", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  // Small chunks: many per page, so the list has far to go.
  await page.getByTestId("param-chunk_size").fill("64");
  await page.getByTestId("param-chunk_size").press("Enter");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.mouse.move(700, 400);

  for (const target of [7, 3, 10]) {
    await page.getByTestId("viewer-page-input").fill(String(target));
    await page.getByTestId("viewer-page-input").press("Enter");
    await expect(page.getByTestId("viewer-page-input")).toHaveValue(String(target));
    await expect.poll(() => topItemPages(page)).toContain(target);
  }

  // With the pointer on the list, the list holds still for its reader; a chunk clicked there
  // brings its page back into view.
  await page.getByTestId("viewer-page-input").fill("4");
  await page.getByTestId("viewer-page-input").press("Enter");
  await expect.poll(() => topItemPages(page)).toContain(4);
  await page.getByTestId("chunk-list").hover();
  await page.getByTestId("viewer-page-input").fill("11");
  await page.getByTestId("viewer-page-input").press("Enter");
  await expect(page.getByTestId("viewer-page-input")).toHaveValue("11");
  expect(await topItemPages(page)).toContain(4);
  await page.locator('[data-testid="chunk-item"][data-pages="4"]').first().click();
  await expect(page.getByTestId("viewer-page-input")).toHaveValue("4");
});
