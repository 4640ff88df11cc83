/**
 * The stakeholder report (DESIGN §10, `report-button`): the downloaded HTML file opens in a browser
 * with no network at all, shows the rendered pages (images loaded), the chunker, the config and the
 * numbers the workbench showed, compare's A and B and the eval metrics, and prints one page image
 * per sheet. Nothing in it may ask for anything: no request leaves the opened file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Download, Page } from "@playwright/test";
import { expect, openExportMenu, test } from "./helpers";
import { sampleQuestions } from "./sampleQuestions";

async function openApp(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function downloadReport(page: Page): Promise<{ file: string; name: string }> {
  await openExportMenu(page);
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByTestId("report-button").click(),
  ]);
  // Saved under its own name: a browser opening the file reads it as HTML by its extension.
  const file = path.join(mkdtempSync(path.join(tmpdir(), "report-")), download.suggestedFilename());
  await download.saveAs(file);
  await expect(page.getByTestId("report-status")).toHaveText(/^Saved /);
  return { file, name: download.suggestedFilename() };
}

interface Opened {
  report: Page;
  /** Every request the opened file attempted, but its own navigation. */
  attempted: string[];
  consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * Opens the file the way a stakeholder would (file://), in a fresh context that is offline and
 * aborts every request: the file must not need one.
 */
async function openOffline(browser: Browser, file: string): Promise<Opened> {
  const context = await browser.newContext({ offline: true, viewport: { width: 1200, height: 900 } });
  const report = await context.newPage();
  const url = `file://${file}`;
  const attempted: string[] = [];
  const consoleErrors: string[] = [];
  context.on("request", (request) => {
    if (request.url() !== url) attempted.push(request.url());
  });
  report.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await context.route("**", (route) => (route.request().url() === url ? route.continue() : route.abort()));
  await report.goto(url, { waitUntil: "load" });
  return { report, attempted, consoleErrors, close: () => context.close() };
}

async function loadedImages(report: Page) {
  return report.locator("figure.page img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      complete: img.complete,
      width: img.naturalWidth,
      page: img.closest("figure")!.getAttribute("data-page"),
    })),
  );
}

test("the report opens offline with the pages, the chunker and the numbers", async ({ page, browser }) => {
  await openApp(page);
  const chunks = (await page.getByTestId("chunk-count").textContent())!;
  const coverage = (await page.getByTestId("quality-coverage").textContent())!;
  const endsAtSentence = (await page.getByTestId("quality-endsAtSentence").textContent())!;

  // A two-point sweep: the report draws its Pareto plot.
  await page.getByTestId("sweep-vary-token-chunk_size").check();
  await page.getByTestId("sweep-min-token-chunk_size").fill("256");
  await page.getByTestId("sweep-max-token-chunk_size").fill("512");
  await page.getByTestId("sweep-step-token-chunk_size").fill("256");
  await page.getByTestId("sweep-start").click();
  await expect(page.getByTestId("sweep-progress")).toHaveAttribute("data-status", "done", {
    timeout: 60_000,
  });

  // The default pages: those with the most flagged chunks (no chunk selected, no B), as the list shows them.
  const flaggedByPage = await page.getByTestId("chunk-item").evaluateAll((items) => {
    const counts = new Map<number, number>();
    for (const item of items as HTMLElement[])
      if (item.querySelector("[data-flag]"))
        for (const p of (item.dataset.pages ?? "").split(",").filter(Boolean).map(Number))
          counts.set(p, (counts.get(p) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 3)
      .map(([p]) => String(p))
      .sort((a, b) => Number(a) - Number(b));
  });
  const { file, name } = await downloadReport(page);
  expect(name).toBe("sample.token.report.html");
  // The button counted the pages and is back to itself.
  await expect(page.getByTestId("report-button")).toHaveText("Report");

  const html = readFileSync(file, "utf8");
  expect(html).not.toMatch(/<script|<link|@import|url\(/i);
  const { report, attempted, consoleErrors, close } = await openOffline(browser, file);
  try {
    // The summary comes first, in words, with a recommendation from the sweep.
    const summary = report.locator("#summary");
    await expect(summary.locator(".recommendation")).toContainText("Recommended: token ·");
    await expect(summary.locator("dt").first()).toHaveText("Recall");
    // Default pages: where the most chunks are flagged (no chunk selected).
    const images = await loadedImages(report);
    expect(flaggedByPage).toHaveLength(3);
    expect(images.map((i) => i.page)).toEqual(flaggedByPage);
    for (const image of images) {
      expect(image.complete).toBe(true);
      expect(image.width).toBeGreaterThan(500);
    }
    await expect(
      report.locator(`figure.page[data-page="${flaggedByPage[0]}"] rect.box-a`).first(),
    ).toBeAttached();
    await expect(report.locator("h1")).toHaveText("Chunking report: sample.pdf");
    const runs = report.locator("#runs");
    await expect(runs).toContainText("token");
    await expect(runs.locator(".chunk-count")).toHaveText(chunks);
    await expect(runs.locator("pre.config")).toContainText('"chunker": "token"');
    await expect(runs.locator("pre.config")).toContainText('"chunk_size"');
    const scores = report.locator("#scores");
    await expect(scores.locator('tr[data-score="coverage"] td')).toHaveText(coverage);
    await expect(scores.locator('tr[data-score="endsAtSentence"] td')).toHaveText(endsAtSentence);

    await expect(report.locator("#sweep svg.pareto circle")).toHaveCount(2);
    await expect(report.locator("#sweep")).toContainText("2 of 2 points ran");
    await expect(report.locator("#sweep table.front tbody tr").first()).toContainText("chunk_size");

    // Print: one page image per sheet.
    await report.emulateMedia({ media: "print" });
    const breaks = await report
      .locator("figure.page")
      .evaluateAll((figs) => figs.map((f) => getComputedStyle(f).breakBefore));
    expect(breaks).toEqual(["page", "page", "page"]);
    await report.emulateMedia({ media: "screen" });

    await report.screenshot({ path: "/tmp/report.png", fullPage: true });
    expect(attempted, "requests from the opened report").toEqual([]);
    expect(consoleErrors, "console errors in the opened report").toEqual([]);
  } finally {
    await close();
  }
});

test("the report holds compare's A and B, the eval metrics and the pages picked", async ({
  page,
  browser,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), "report-e2e-"));
  const setFile = path.join(dir, "sample-questions.jsonl");
  writeFileSync(setFile, sampleQuestions());

  await openApp(page);
  await page.getByTestId("questions-input").setInputFiles(setFile);
  await expect(page.getByTestId("eval-status")).toHaveText("done");
  await page.getByTestId("compare-toggle").check();
  await page.getByTestId("compare-chunker").selectOption("recursive");
  await expect(page.getByTestId("compare-run-status")).toHaveText("done");
  await expect(page.getByTestId("eval-status")).toHaveText("done");
  await expect(page.getByTestId("eval-metric-b-recall")).toBeVisible();
  const recallA = Number(await page.getByTestId("eval-metric-recall").getAttribute("data-value"));
  const recallB = Number(await page.getByTestId("eval-metric-b-recall").getAttribute("data-value"));

  // A page past the end is refused with a message, and nothing is downloaded.
  await openExportMenu(page);
  await page.getByTestId("report-pages").fill("1, 99");
  await page.getByTestId("report-button").click();
  await expect(page.getByTestId("report-status")).toHaveText(/past the last page/);

  // The rotated page 8 and page 2.
  await page.getByTestId("report-pages").fill("8, 2");
  const { file } = await downloadReport(page);
  const { report, attempted, consoleErrors, close } = await openOffline(browser, file);
  try {
    const images = await loadedImages(report);
    expect(images.map((i) => i.page)).toEqual(["2", "8"]);
    for (const image of images) expect(image.width).toBeGreaterThan(500);
    // Page 8 displays landscape: its image is wider than tall.
    const size = await report
      .locator('figure.page[data-page="8"] img')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size[0]).toBeGreaterThan(size[1]!);

    await expect(report.locator('.side[data-side="A"]')).toContainText("token");
    await expect(report.locator('.side[data-side="B"]')).toContainText("recursive");
    await expect(report.locator('.side[data-side="B"] pre.config')).toContainText('"chunker": "recursive"');
    await expect(report.locator("#scores thead")).toContainText("AB");
    await expect(report.locator("figure.page rect.box-b").first()).toBeAttached();

    const recall = report.locator('#evaluation tr[data-metric="recall"] td');
    // A, its 95% interval, B, then B − A with its interval (DESIGN §12: intervals in the report too).
    await expect(recall.nth(0)).toHaveText(`${(recallA * 100).toFixed(1)}%`);
    await expect(recall.nth(1)).toHaveText(/^\[\d+\.\d%, \d+\.\d%\]$/);
    await expect(recall.nth(2)).toHaveText(`${(recallB * 100).toFixed(1)}%`);
    await expect(recall.nth(3)).toContainText(" pt [");
    await expect(report.locator("#evaluation")).toContainText("3 questions from sample-questions.jsonl");
    await expect(report.locator("#evaluation .verdict")).toContainText("with 3 questions");
    await expect(report.locator("#evaluation")).toContainText("too few to tell configurations apart");

    expect(attempted, "requests from the opened report").toEqual([]);
    expect(consoleErrors, "console errors in the opened report").toEqual([]);
  } finally {
    await close();
  }
});
