// Paste and match (issue 31): each chunker says what would differ in its seed's system; a NOESIS
// settings.py exported by the CLI (the Phase 2 rule and threshold under WORKBENCH_ names) imports
// back into the panel whole; the header chunker's strategy "none" makes one chunk.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, saveShot, test } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");

test("each chunker lists what differs from its seed under the picker", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  for (const chunker of ["token", "recursive", "header", "late-embedding", "agentic"]) {
    await page.getByTestId("chunker-select").selectOption(chunker);
    const details = page.getByTestId("chunker-seed-differences");
    await expect(details).toContainText(/Differs from the seed \(\d+\)/);
    await details.locator("summary").click();
    expect(await details.locator("li").count()).toBeGreaterThan(0);
  }
  await expect(page.getByTestId("chunker-seed-differences")).toContainText("rate limit");
  await saveShot(page, "seed-differences");
});

test("a NOESIS settings.py exported by the CLI imports back whole, the Phase 2 rule included", async ({
  page,
}) => {
  const settings = execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/cli/main.ts",
      "export",
      "--chunker",
      "late-embedding",
      "--config",
      path.join(ROOT, "e2e/fixtures/late-embedding-tuned.json"),
      "--format",
      "noesis-settings",
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(settings).toMatch(/^WORKBENCH_THRESHOLD_MODE = "absolute"$/m);

  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("export-button").click();
  await page.getByTestId("export-import-file").setInputFiles({
    name: "base.py",
    mimeType: "text/x-python",
    buffer: Buffer.from(settings),
  });
  await expect(page.getByTestId("export-import-text")).toHaveValue(/RAG_CHUNK_TARGET_TOKENS = 300/);
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("chunker-select")).toHaveValue("late-embedding");
  await expect(page.getByTestId("param-target_tokens")).toHaveValue("300");
  await expect(page.getByTestId("param-threshold_mode")).toHaveValue("absolute");
  await expect(page.getByTestId("param-threshold_amount")).toHaveValue("0.6");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
});

test('header strategy "none": one chunk for the whole document', async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption("header");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  expect(Number(await page.getByTestId("chunk-count").textContent())).toBeGreaterThan(1);
  await page.getByTestId("param-strategy").selectOption("none");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).toHaveText("1");
});
