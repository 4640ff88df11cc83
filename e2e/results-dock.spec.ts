/**
 * Room to read (DESIGN §12): a sweep's chart and table open in the wide dock under the pages and the
 * chunk list; at 1600×1000 the table shows its config and metric columns without sideways
 * scrolling, the chart's axis labels never overlap; the dock folds and is resized by its top edge.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";
import { sampleQuestions } from "./sampleQuestions";

async function vary(page: Page, key: string, min: number, max: number, step: number) {
  const box = page.getByTestId(`sweep-vary-token-${key}`);
  if (!(await box.isChecked())) await box.check();
  await page.getByTestId(`sweep-min-token-${key}`).fill(String(min));
  await page.getByTestId(`sweep-max-token-${key}`).fill(String(max));
  await page.getByTestId(`sweep-step-token-${key}`).fill(String(step));
  await expect(page.getByTestId(`sweep-step-token-${key}`)).toHaveValue(String(step));
}

/** The boxes of `labels` in order, each checked against the next for overlap. */
async function expectApart(labels: Locator) {
  const boxes = await labels.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: e.textContent };
    }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `"${a.text}" and "${b.text}" overlap`).toBe(false);
    }
}

test("a sweep's results read wide: every column without sideways scrolling, labels apart", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("questions-input").setInputFiles({
    name: "sample-questions.jsonl",
    mimeType: "application/jsonl",
    buffer: Buffer.from(sampleQuestions()),
  });
  await expect(page.getByTestId("eval-status")).toHaveText("done", { timeout: 30_000 });
  await vary(page, "chunk_size", 100, 1000, 100);
  await vary(page, "overlap", 0, 40, 20);
  await page.getByTestId("sweep-start").click();
  await expect(page.getByTestId("sweep-progress")).toHaveAttribute("data-status", "done", {
    timeout: 90_000,
  });

  const dock = page.getByTestId("results-dock");
  await expect(dock).toBeVisible();
  // Wider than the sidebar it used to live in, and across the pages and the chunk list.
  const sidebar = (await page.locator(".sidebar").boundingBox())!;
  const dockBox = (await dock.boundingBox())!;
  expect(dockBox.width).toBeGreaterThan(3 * sidebar.width);
  await expect(dock.getByTestId("sweep-row")).toHaveCount(30);
  await expect(dock.getByTestId("sweep-table")).toBeVisible();

  const body = dock.locator(".results-dock__body");
  const overflow = await body.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Each config reads whole, and every metric column is on screen.
  const cut = await dock
    .locator("td.sweep-config")
    .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).length);
  expect(cut).toBe(0);
  for (const key of ["recall", "precision", "iou", "chunks", "retrieved_tokens"])
    await expect(dock.getByTestId(`sweep-sort-${key}`)).toBeInViewport();

  await expectApart(dock.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value"));
  await expectApart(dock.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value"));
  await saveShot(page, "results-dock-sweep");
  await expect(dock.getByTestId("eval-metric-recall")).toBeVisible();
  await expect(dock.getByTestId("question-item").first()).toBeVisible();
  // The question list reads at a width of its own — also beside a selected question's details —
  // and a question picked there draws on the page.
  await dock.getByTestId("question-item").first().click();
  await expect(dock.getByTestId("eval-selected")).toBeVisible();
  expect((await dock.getByTestId("question-item").nth(1).boundingBox())!.width).toBeGreaterThan(300);
  await dock.getByTestId("question-item").nth(1).click();
  await expect(dock.getByTestId("question-item").nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("reference-box").first()).toBeAttached();

  // Resized by its top edge, folded to its bar, and back.
  const handle = (await dock.getByTestId("results-dock-resize").boundingBox())!;
  await page.mouse.move(handle.x + 200, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 200, handle.y - 120, { steps: 4 });
  await page.mouse.up();
  expect((await dock.boundingBox())!.height).toBeGreaterThan(dockBox.height + 100);
  await dock.getByTestId("results-dock-toggle").click();
  await expect(dock.getByTestId("sweep-table")).toHaveCount(0);
  await page.getByTestId("sweep-results-show").click();
  await expect(dock.getByTestId("sweep-table")).toBeVisible();
});
