/**
 * The similarity chart (DESIGN §4 similarity-chart, threshold-handle): a late chunker's curve with a
 * threshold the user drags — the run follows and the boxes on the page move; any other run gets the
 * adjacent-sentence curve with its boundaries, computed locally (no request off the origin).
 */
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

async function openWith(page: Page, chunker: string) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption(chunker);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function boxSignature(page: Page): Promise<string> {
  const boxes = await page
    .getByTestId("bbox")
    .evaluateAll((els) =>
      els.map((el) => `${el.getAttribute("data-chunk-id")}@${el.getAttribute("data-page")}`),
    );
  return boxes.join("|");
}

test("late-jaccard's default is the seed code's running chunk at 0.7, traced where it decides", async ({
  page,
}) => {
  await openWith(page, "late-jaccard");
  await expect(page.getByTestId("param-boundary_rule")).toHaveValue("running-chunk");
  await expect(page.getByTestId("threshold-handle")).toHaveAttribute("aria-valuenow", "0.7");
  const chunks = Number(await page.getByTestId("chunk-count").textContent());
  // One point per decision (a chunk reached the target), not one per sentence gap.
  const points = Number(await page.getByTestId("similarity-chart").getAttribute("data-points"));
  expect(points).toBeGreaterThanOrEqual(chunks - 1);
  expect(points).toBeLessThan(chunks * 3);
  const details = JSON.parse((await page.getByTestId("run-details").textContent())!) as {
    chunker: string;
    config: Record<string, unknown>;
    stats: Record<string, unknown>;
  };
  expect(details.chunker).toBe("late-jaccard");
  expect(details.config).toMatchObject({ boundary_rule: "running-chunk", similarity_threshold: 0.7 });
  expect(details.stats).toMatchObject({ "chunk.count": chunks, "chunker.mode": "late-jaccard" });
});

test("dragging late-jaccard's threshold re-runs it and moves the boxes", async ({ page }) => {
  await openWith(page, "late-jaccard");
  // The adjacent rule brings its own threshold default with it (the user had not set one).
  await page.getByTestId("param-boundary_rule").selectOption("adjacent");
  await expect(page.getByTestId("param-similarity_threshold")).toHaveValue("0.1");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const chart = page.getByTestId("similarity-chart");
  await expect(chart).toBeVisible();
  expect(Number(await chart.getAttribute("data-points"))).toBeGreaterThan(50);
  const handle = page.getByTestId("threshold-handle");
  await expect(handle).toHaveAttribute("aria-valuenow", "0.1");
  const countBefore = Number(await page.getByTestId("chunk-count").textContent());
  const boxesBefore = await boxSignature(page);

  // Drag the line down to about zero: almost no pair is below it, so chunks close by size instead.
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();

  await expect(page.getByTestId("param-similarity_threshold")).not.toHaveValue("0.1");
  const threshold = Number(await page.getByTestId("param-similarity_threshold").inputValue());
  expect(threshold).toBeLessThan(0.1);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).not.toHaveText(String(countBefore));
  expect(Number(await page.getByTestId("chunk-count").textContent())).toBeLessThan(countBefore);
  expect(await boxSignature(page)).not.toBe(boxesBefore);
  await expect(handle).toHaveAttribute("aria-valuenow", String(threshold));
  await saveShot(page, "similarity-drag");

  // The keyboard moves it too (a slider for people who do not drag).
  await handle.focus();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("param-similarity_threshold")).toHaveValue(
    String(Math.round((threshold + 0.01) * 1000) / 1000),
  );
});

test("a run without a curve of its own shows adjacent-sentence similarity with its boundaries", async ({
  page,
}) => {
  await openWith(page, "token");
  const chart = page.getByTestId("similarity-chart");
  await expect(chart).toContainText("Adjacent-sentence similarity", { timeout: 30_000 });
  await expect(chart).toContainText("GloVe 100d word vectors");
  // The caption shows while the chart's code still loads (data-points 0 then): wait for the drawing.
  await expect.poll(async () => Number(await chart.getAttribute("data-points"))).toBeGreaterThan(50);
  await expect(page.getByTestId("threshold-handle")).toHaveCount(0);

  // Hovering a point outlines its sentence pair on the page; clicking selects the chunk there and
  // scrolls to it, where the outline is drawn.
  const plot = (await chart.locator(".chart-plot").boundingBox())!;
  await page.mouse.move(plot.x + plot.width * 0.6, plot.y + plot.height / 2);
  await page.mouse.move(plot.x + plot.width * 0.6 + 3, plot.y + plot.height / 2, { steps: 3 });
  await page.mouse.down();
  await page.mouse.up();
  await expect(page.getByTestId("chunk-item").and(page.locator("[aria-selected=true]"))).toHaveCount(1);
  await expect(page.getByTestId("hover-range").first()).toBeVisible();
  await page.mouse.move(5, 5);
  await expect(page.getByTestId("hover-range")).toHaveCount(0);

  // Focused, the arrow keys walk the points: each is named; leaving the chart lets it go.
  const curve = chart.locator(".curve-plot svg");
  await curve.focus();
  const tooltip = chart.locator(".curve-tooltip");
  const gapShown = async () => Number(/^gap (\d+)/.exec((await tooltip.textContent()) ?? "")?.[1]);
  await page.keyboard.press("Home");
  await expect(tooltip).toContainText(/^gap \d+ · /);
  const first = await gapShown();
  await page.keyboard.press("ArrowRight");
  await expect.poll(gapShown).toBeGreaterThan(first);
  await expect(tooltip).toContainText(/similarity: -?\d\.\d{3}/);
  await page.keyboard.press("Tab");
  await expect(chart.locator(".curve-tooltip")).toHaveCount(0);
});
