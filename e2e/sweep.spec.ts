// Parameter sweeps (DESIGN §9): a space picked in the panel runs in the sweep workers; progress,
// the scatter plot with its Pareto front, a point applied to the panel; with a question set the plot
// is recall (the same numbers as the CLI's `sweep`); cancel keeps the finished points; points that
// break a rule between params are skipped rows with the reason.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";
import { cli, SAMPLE, sampleQuestions as sampleQuestionsOf } from "./sampleQuestions";

const sampleQuestions = () => sampleQuestionsOf(["q1", "q3"]);

/** The token chunker's range for `key` in the sweep editor (ticked to vary). */
async function range(page: Page, key: string, min: number, max: number, step: number) {
  const vary = page.getByTestId(`sweep-vary-token-${key}`);
  if (!(await vary.isChecked())) await vary.check();
  // min first while max is still large; then max; then step — each valid as typed.
  await page.getByTestId(`sweep-min-token-${key}`).fill(String(min));
  await page.getByTestId(`sweep-max-token-${key}`).fill(String(max));
  await page.getByTestId(`sweep-step-token-${key}`).fill(String(step));
  await expect(page.getByTestId(`sweep-min-token-${key}`)).toHaveValue(String(min));
  await expect(page.getByTestId(`sweep-max-token-${key}`)).toHaveValue(String(max));
  await expect(page.getByTestId(`sweep-step-token-${key}`)).toHaveValue(String(step));
}

async function open(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  // The sweep starts from the chunker on screen (token, the default).
  await expect(page.getByTestId("sweep-chunker-token")).toBeChecked();
}

async function finished(page: Page, total: number) {
  const progress = page.getByTestId("sweep-progress");
  await expect(progress).toHaveAttribute("aria-valuemax", String(total));
  await expect(progress).toHaveAttribute("aria-valuenow", String(total), { timeout: 60_000 });
  await expect(progress).toHaveAttribute("data-status", "done");
}

test.describe("parameter sweeps", () => {
  test("a grid without questions: progress, the plot with its front, a point applied to the panel", async ({
    page,
  }) => {
    await open(page);
    await range(page, "chunk_size", 100, 300, 100);
    await range(page, "overlap", 0, 50, 50);
    await expect(page.getByTestId("sweep-estimate")).toContainText("6 points ·");
    await expect(page.getByTestId("sweep-estimate")).toContainText("about");
    await page.getByTestId("sweep-start").click();
    await finished(page, 6);

    await expect(page.getByTestId("sweep-objective")).toContainText(
      "no question set: quality score against mean tokens",
    );
    const points = page.getByTestId("sweep-point");
    await expect(points).toHaveCount(6);
    await expect(page.locator('[data-testid="sweep-point"][data-pareto="true"]').first()).toBeAttached();
    await expect(page.getByTestId("sweep-row")).toHaveCount(6);
    for (const chunker of await points.evaluateAll((els) => els.map((e) => e.getAttribute("data-chunker"))))
      expect(chunker).toBe("token");

    // A point's hover names its config; a click applies it (points may overlap: the click is sent to this one).
    const target = points.nth(2);
    const chosen = JSON.parse((await target.getAttribute("data-config"))!) as {
      chunk_size: number;
      overlap: number;
    };
    await expect(target.locator("title")).toContainText(`chunk_size ${chosen.chunk_size}`);
    await target.dispatchEvent("click");
    await expect(page.getByTestId("param-chunk_size")).toHaveValue(String(chosen.chunk_size));
    await expect(page.getByTestId("param-overlap")).toHaveValue(String(chosen.overlap));
    await expect(page.getByTestId("run-status")).toHaveText("done");

    // The front exports as JSON (each point a workbench export), the table as CSV.
    const [frontFile] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("sweep-export-front").click(),
    ]);
    const front = JSON.parse(readFileSync((await frontFile.path())!, "utf8")) as {
      version: number;
      points: { version: number; chunker: string; config: Record<string, unknown> }[];
    };
    const onFront = await page.locator('[data-testid="sweep-point"][data-pareto="true"]').count();
    expect(front.points).toHaveLength(onFront);
    for (const p of front.points) expect(p).toMatchObject({ version: 1, chunker: "token" });
    const [csvFile] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("sweep-export-csv").click(),
    ]);
    expect(
      readFileSync((await csvFile.path())!, "utf8")
        .trim()
        .split("\n"),
    ).toHaveLength(7);

    // The table sorts, and its Apply button applies a row.
    await page.getByTestId("sweep-sort-mean_tokens").click();
    const first = page.getByTestId("sweep-row").first();
    await expect(page.getByTestId("sweep-sort-mean_tokens")).toContainText("▴");
    await first.getByTestId("sweep-apply").click();
    await expect(page.getByTestId("param-chunk_size")).toHaveValue("100");
    await expect(page.getByTestId("run-status")).toHaveText("done");

    // Shift-click sends a point to compare's B.
    const forB = JSON.parse((await points.first().getAttribute("data-config"))!) as { chunk_size: number };
    await points.first().dispatchEvent("click", { shiftKey: true });
    await expect(page.getByTestId("compare-param-chunk_size")).toHaveValue(String(forB.chunk_size));
    await expect(page.getByTestId("param-chunk_size")).toHaveValue("100");

    // Tall enough for the whole sidebar (it scrolls on its own): the panel in one picture.
    await page.setViewportSize({ width: 1440, height: 2300 });
    await page.getByTestId("sweep-panel").scrollIntoViewIfNeeded();
    await saveShot(page, "sweep");
  });

  test("with a question set the plot is recall against retrieved tokens, as the CLI's sweep says", async ({
    page,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "sweep-e2e-"));
    const setFile = path.join(dir, "sample-questions.jsonl");
    writeFileSync(setFile, sampleQuestions());
    const spaceFile = path.join(dir, "space.json");
    writeFileSync(
      spaceFile,
      JSON.stringify({
        chunkers: [
          {
            chunker: "token",
            params: {
              chunk_size: { min: 100, max: 300, step: 100 },
              overlap: [50],
              encoding: ["cl100k_base"],
            },
          },
        ],
      }),
    );
    const cliLines = cli(["sweep", "--space", spaceFile, "--questions", setFile, SAMPLE, "--workers", "1"])
      .trim()
      .split("\n")
      .map(
        (l) =>
          JSON.parse(l) as { metrics?: { recall: number }; retrieved_tokens?: number; pareto?: number[] },
      );

    await open(page);
    await page.getByTestId("questions-input").setInputFiles(setFile);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("sweep-target")).toContainText("recall@5 (bm25) over 2 questions");
    await range(page, "chunk_size", 100, 300, 100);
    await expect(page.getByTestId("sweep-estimate")).toContainText("3 points ·");
    await page.getByTestId("sweep-start").click();
    await finished(page, 3);

    await expect(page.getByTestId("sweep-chart")).toHaveAttribute("data-objective", "recall");
    await expect(page.getByTestId("sweep-objective")).toContainText(
      "Recall@5 against tokens retrieved per question",
    );
    await expect(page.getByTestId("sweep-point")).toHaveCount(3);
    const rows = page.getByTestId("sweep-row");
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      await expect(row).toHaveAttribute("data-index", String(i));
      await expect(row.locator('[data-key="recall"]')).toHaveAttribute(
        "data-value",
        String(cliLines[i]!.metrics!.recall),
      );
      await expect(row.locator('[data-key="retrieved_tokens"]')).toHaveAttribute(
        "data-value",
        String(cliLines[i]!.retrieved_tokens),
      );
      await expect(row).toHaveAttribute("data-pareto", String(cliLines[3]!.pareto!.includes(i)));
    }
  });

  test("cancel mid-sweep stops the workers and keeps the finished points", async ({ page }) => {
    await open(page);
    // Token points take a millisecond or two once warm: the largest grid the tab takes, the
    // slowest points (the smallest windows, thousands of chunks) first.
    await range(page, "chunk_size", 1, 5000, 1);
    await range(page, "overlap", 0, 0, 1);
    await expect(page.getByTestId("sweep-estimate")).toContainText("5000 points ·");
    await page.getByTestId("sweep-start").click();
    const progress = page.getByTestId("sweep-progress");
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    await page.getByTestId("sweep-cancel").click();
    await expect(progress).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByTestId("sweep-cancel")).toHaveCount(0);
    const done = Number(await progress.getAttribute("aria-valuenow"));
    expect(done).toBeGreaterThanOrEqual(3);
    expect(done).toBeLessThan(5000);
    await expect(page.getByTestId("sweep-point")).toHaveCount(done);
    // The table draws its first 200 rows (the CSV holds them all).
    await expect(page.getByTestId("sweep-row")).toHaveCount(Math.min(done, 200));
    // Stopped: nothing more comes in.
    await page.waitForTimeout(1500);
    await expect(progress).toHaveAttribute("aria-valuenow", String(done));
    await expect(page.getByTestId("sweep-point")).toHaveCount(done);
    // The editor is usable again.
    await expect(page.getByTestId("sweep-start")).toBeEnabled();
  });

  test("a reload mid-sweep loses only the points that had not finished", async ({ page }) => {
    await open(page);
    await range(page, "chunk_size", 1, 5000, 1);
    await range(page, "overlap", 0, 0, 1);
    await page.getByTestId("sweep-start").click();
    const progress = page.getByTestId("sweep-progress");
    // The first lines are saved as they come in (later ones every 2 s): reload as soon as there are some.
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await expect(progress).toHaveAttribute("data-status", "interrupted");
    const kept = Number(await progress.getAttribute("aria-valuenow"));
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(5000);
    await expect(page.getByTestId("sweep-point")).toHaveCount(kept);
    await expect(page.getByTestId("sweep-start")).toBeEnabled();
  });

  test("points that break overlap < chunk_size are skipped rows with the reason", async ({ page }) => {
    await open(page);
    await range(page, "chunk_size", 50, 150, 50);
    await range(page, "overlap", 0, 100, 100);
    await expect(page.getByTestId("sweep-estimate")).toContainText("6 points (2 skipped)");
    await page.getByTestId("sweep-start").click();
    await finished(page, 6);
    const skipped = page.locator('[data-testid="sweep-row"][data-status="skipped"]');
    await expect(skipped).toHaveCount(2);
    await expect(skipped.first()).toContainText("overlap: must be smaller than chunk_size");
    await expect(skipped.first().getByTestId("sweep-apply")).toBeDisabled();
    await expect(page.getByTestId("sweep-point")).toHaveCount(4);
  });
});
