/**
 * The quality panel (DESIGN §4 `quality-panel`) on the sample PDF: scores with their definitions,
 * scores that follow a parameter, a table that sorts and selects.
 */
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

const SCRATCH = path.resolve(import.meta.dirname, "../.scratch");

async function openApp(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** Token counts of the table's rendered rows, in display order. */
async function rowTokens(panel: Locator): Promise<number[]> {
  const cells = await panel.locator('[data-testid="quality-row"] [data-col="tokens"]').allTextContents();
  return cells.map(Number);
}

/** The whole panel: the sidebar scrolls, so a viewport tall enough to hold it, for the shot only. */
async function shootPanel(page: Page, panel: Locator, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2000 });
  await panel.screenshot({ path: path.join(SCRATCH, name) });
  await page.setViewportSize(size);
}

test("the quality panel scores the sample, follows a parameter, sorts and selects", async ({ page }) => {
  await openApp(page);
  const panel = page.getByTestId("quality-panel");
  const count = Number(await page.getByTestId("chunk-count").textContent());

  await expect(panel.getByTestId("quality-endsAtSentence")).toHaveText(
    new RegExp(`^\\d+\\.\\d% \\(\\d+/${count}\\)$`),
  );
  await expect(panel.getByTestId("quality-coverage")).toHaveText(/^\d+\.\d%$/);
  await expect(panel.getByTestId("quality-redundancy")).toHaveText(/^\d\.\d{3}$/);
  await expect(panel.getByTestId("quality-overEmbeddingLimit")).toHaveText("0 (> 8191 tok)");
  // Coherence of every run, scored locally with no endpoint configured (the shipped GloVe vectors),
  // and labelled with the model. (SIF vectors lose their common component: a mean may dip below 0.)
  await expect(panel.getByTestId("quality-coherence")).toHaveText(
    /^-?0\.\d{3} · by local: GloVe 100d word vectors \(SIF\), static, English$/,
  );
  await expect(panel.getByTestId("quality-size")).toHaveText(
    /^mean \d+(\.\d)? · median \d+(\.\d)? · \d+–\d+$/,
  );
  await expect(panel.getByTestId("quality-overMax")).toHaveText("0 (> chunk_size 512)");
  // Every score carries its one-line definition.
  const definitions = panel.locator(".quality-definition");
  expect(await definitions.count()).toBe(await panel.locator(".quality-score").count());
  await expect(definitions.filter({ hasText: "Σ|chunk| / |∪ chunks| − 1" })).toBeVisible();
  await expect(panel.locator(".quality-histogram figcaption")).toContainText("chunk_size = 512");
  await expect(panel.locator('.quality-histogram [data-testid="histogram-target"]')).toHaveCount(1);
  await shootPanel(page, panel, "quality-panel.png");

  const sizeBefore = await panel.getByTestId("quality-size").textContent();
  await page.getByTestId("param-chunk_size").fill("128");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(panel.getByTestId("quality-overMax")).toHaveText("0 (> chunk_size 128)");
  await expect(panel.locator(".quality-histogram figcaption")).toContainText("chunk_size = 128");
  await expect(panel.getByTestId("quality-size")).not.toHaveText(sizeBefore!);
  const newCount = Number(await page.getByTestId("chunk-count").textContent());
  expect(newCount).toBeGreaterThan(count);
  await expect(panel.getByTestId("quality-endsAtSentence")).toContainText(`/${newCount})`);

  // Sorting: tokens ascending, then descending; the header says which.
  await panel.getByTestId("quality-sort-tokens").click();
  await expect(panel.locator('[role="columnheader"][aria-sort="ascending"]')).toContainText("tok");
  const ascending = await rowTokens(panel);
  expect(ascending.length).toBeGreaterThan(3);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await panel.getByTestId("quality-sort-tokens").click();
  await expect(panel.locator('[role="columnheader"][aria-sort="descending"]')).toContainText("tok");
  const descending = await rowTokens(panel);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  expect(descending[0]).toBeGreaterThan(ascending[0]!);

  // Sorting by index puts the run order back.
  await panel.getByTestId("quality-sort-index").click();
  const ids = await panel
    .getByTestId("quality-row")
    .evaluateAll((rows) => rows.slice(0, 3).map((r) => r.getAttribute("data-chunk-id")));
  expect(ids).toEqual(["chunk_0", "chunk_1", "chunk_2"]);

  // A click on a row selects its chunk everywhere: the row, the chunk list, the URL.
  const row = panel.getByTestId("quality-row").nth(2);
  const id = await row.getAttribute("data-chunk-id");
  await row.click();
  await expect(row).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(`[data-testid="chunk-item"][data-chunk-id="${id}"]`)).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.locator(`[data-testid="bbox"][data-chunk-id="${id}"]`).first()).toBeVisible();
  await shootPanel(page, panel, "quality-panel-128-selected.png");
  await saveShot(page, "quality-panel");
});

test("a character-sized chunker is measured in characters against its own keys", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("chunker-select").selectOption("header");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  const panel = page.getByTestId("quality-panel");
  await expect(panel.locator(".quality-histogram figcaption")).toContainText("(chars)");
  await expect(panel.locator(".quality-histogram figcaption")).toContainText("max_chunk_chars = 2000");
  await expect(panel.getByTestId("quality-underMin")).toContainText("(< min_chunk_chars 200)");
  await expect(panel.getByTestId("quality-sort-size")).toHaveText("chars");
  await shootPanel(page, panel, "quality-panel-header.png");
});

test("the table draws only the rows in view of a long run", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("param-overlap").fill("0");
  await page.getByTestId("param-chunk_size").fill("8");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  const count = Number(await page.getByTestId("chunk-count").textContent());
  expect(count).toBeGreaterThan(200);
  const panel = page.getByTestId("quality-panel");
  await expect(panel.getByTestId("quality-endsAtSentence")).toContainText(`/${count})`);
  const drawn = await panel.getByTestId("quality-row").count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(60);
  // The last chunk is reachable by sorting, not by drawing them all: the table starts in run
  // order, so a click on # reverses it.
  await panel.getByTestId("quality-sort-index").click();
  await expect(panel.locator('[role="columnheader"][aria-sort="descending"]')).toContainText("#");
  await expect(panel.getByTestId("quality-row").first()).toHaveAttribute(
    "data-chunk-id",
    `chunk_${count - 1}`,
  );
});

test("a long run's details are written in slices once it stays, and end whole and current", async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId("param-overlap").fill("0");
  await page.getByTestId("param-chunk_size").fill("1");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  const count = Number(await page.getByTestId("chunk-count").textContent());
  expect(count).toBeGreaterThan(1_000); // past one slice of scores
  const details = page.getByTestId("run-details");
  await expect(details).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  const report = JSON.parse((await details.textContent())!) as {
    config: Record<string, unknown>;
    stats: Record<string, unknown>;
  };
  expect(report.config).toMatchObject({ chunk_size: 1, overlap: 0 });
  expect(report.stats["chunk.count"]).toBe(count);
  const scores = report.stats["quality.scores"] as { chunk_id: string }[];
  expect(scores).toHaveLength(count);
  expect(scores.at(-1)!.chunk_id).toBe(`chunk_${count - 1}`);
});

test("a run in characters draws its boxes first; its token counts follow in the table, the tooltip and the export", async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId("chunker-select").selectOption("recursive");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  const presets = page.getByRole("combobox", { name: "Presets" });
  const preset = presets.locator("option", { hasText: "Characters 1000/200" });
  await presets.selectOption((await preset.getAttribute("value"))!);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("chunk-item").first()).toContainText(/\d+ chars/);
  const panel = page.getByTestId("quality-panel");
  const tokens = await rowTokens(panel);
  expect(tokens.length).toBeGreaterThan(0);
  expect(tokens.every((t) => Number.isInteger(t) && t > 0)).toBe(true);

  await page.getByTestId("bbox").first().hover();
  await expect(page.getByTestId("bbox-tooltip")).toContainText(/\d+ tokens/);

  // The exported chunks carry the counted tokens.
  await page.getByTestId("export-button").click();
  await page.getByTestId("export-format").selectOption("jsonl");
  const lines = (await page.getByTestId("export-preview").textContent())!.trim().split("\n");
  const exported = lines.map((line) => (JSON.parse(line) as { tokens: number }).tokens);
  expect(exported).toHaveLength(Number(await page.getByTestId("chunk-count").textContent()));
  expect(exported.every((t) => Number.isInteger(t) && t > 0)).toBe(true);
});
