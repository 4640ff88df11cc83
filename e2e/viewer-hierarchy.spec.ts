/**
 * The hierarchical chunker on the page: parents drawn as outlines around blocks of lines, children
 * as fills, and the hierarchy toggle choosing which levels are drawn (DESIGN §4 ids plus
 * `hierarchy-toggle` and the boxes' `data-level`).
 */
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

async function openHierarchical(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption("hierarchical");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  // The first page is the title page; page 2 opens chapter 1, with parents and children.
  await page.getByTestId("viewer-page-input").fill("2");
  await page.getByTestId("viewer-page-input").press("Enter");
  await expect(page.getByTestId("page-2")).toBeInViewport({ ratio: 0.5 });
}

const levelBoxes = (page: Page, level: "parent" | "child") =>
  page.getByTestId("page-2").locator(`[data-testid="bbox"][data-level="${level}"]`);

async function maxHeight(page: Page, level: "parent" | "child"): Promise<number> {
  const heights = await levelBoxes(page, level).evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect().height),
  );
  return Math.max(0, ...heights);
}

test("a token run has no levels and no hierarchy toggle", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("bbox").first()).toBeVisible();
  await expect(page.getByTestId("hierarchy-toggle")).toHaveCount(0);
  await expect(page.locator('[data-testid="bbox"][data-level]')).toHaveCount(0);
});

test("parents are outlines around blocks, children fills; the toggle chooses the levels drawn", async ({
  page,
}) => {
  await openHierarchical(page);
  const toggle = page.getByTestId("hierarchy-toggle");
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveValue("both");
  await expect(page.getByTestId("run-levels")).toHaveText(/^\d+ parents · \d+ children$/);

  // Both levels on the page; every box says its level and its page.
  await expect(levelBoxes(page, "parent").first()).toBeVisible();
  await expect(levelBoxes(page, "child").first()).toBeVisible();
  const parents = await levelBoxes(page, "parent").count();
  const children = await levelBoxes(page, "child").count();
  expect(await page.getByTestId("page-2").getByTestId("bbox").count()).toBe(parents + children);
  await expect(levelBoxes(page, "parent").first()).toHaveAttribute("data-page", "2");

  // A parent is one outline per block of lines, so it is taller than any one child line, and it
  // is not filled.
  expect(await maxHeight(page, "parent")).toBeGreaterThan(2 * (await maxHeight(page, "child")));
  const parentFill = await levelBoxes(page, "parent")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(parentFill).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  await saveShot(page, "hierarchy-both");

  await toggle.selectOption("children");
  await expect(levelBoxes(page, "parent")).toHaveCount(0);
  await expect(levelBoxes(page, "child")).toHaveCount(children);
  await saveShot(page, "hierarchy-children");

  await toggle.selectOption("parents");
  await expect(levelBoxes(page, "child")).toHaveCount(0);
  await expect(levelBoxes(page, "parent")).toHaveCount(parents);
  await saveShot(page, "hierarchy-parents");

  // The list keeps every chunk; a child selected there is drawn although children are hidden.
  await expect(page.getByTestId("chunk-count")).not.toHaveText("0");
  const child = page.locator('[data-testid="chunk-item"][data-level="child"][data-pages^="2"]');
  const childId = await child.first().getAttribute("data-chunk-id");
  await child.first().click();
  await expect(
    page.locator(`[data-testid="bbox"][data-level="child"][data-chunk-id="${childId}"]`).first(),
  ).toBeVisible();
  await expect(page.locator('[data-testid="bbox"][data-level="child"]:not(.bbox--selected)')).toHaveCount(0);

  await toggle.selectOption("both");
  await expect(levelBoxes(page, "child")).toHaveCount(children);
  await expect(levelBoxes(page, "parent")).toHaveCount(parents);
});

test("the hierarchy toggle goes away with a run without levels", async ({ page }) => {
  await openHierarchical(page);
  await expect(page.getByTestId("hierarchy-toggle")).toBeVisible();
  await page.getByTestId("chunker-select").selectOption("token");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("hierarchy-toggle")).toHaveCount(0);
  await expect(page.locator('[data-testid="bbox"][data-level]')).toHaveCount(0);
});
