/**
 * Accessibility (issue 16 item 5): axe-core on the main views — the workbench with the sample
 * loaded, compare on, the evaluation with a question set, the sweep panel with a finished sweep,
 * and the settings dialog open. A `serious` or `critical` violation fails; each is listed with the
 * elements it was found on, so the failure says what to fix. Plus: the top bar's controls are
 * reached by Tab, in order, each with a name.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";
import { sampleQuestions } from "./sampleQuestions";

const FAILING_IMPACTS = new Set(["serious", "critical"]);

async function openApp(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** The serious and critical violations on the page as it stands, one line per rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id}: ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`,
      ),
    );
}

test.describe("accessibility (axe: no serious or critical violations)", () => {
  test("the workbench with the sample loaded", async ({ page }) => {
    await openApp(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("compare on", async ({ page }) => {
    await openApp(page);
    await page.getByTestId("compare-toggle").check();
    await page.getByTestId("compare-chunker").selectOption("recursive");
    await expect(page.getByTestId("compare-run-status")).toHaveText("done");
    await expect(page.getByTestId("compare-scores")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the evaluation with a question set and a question selected", async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "a11y-e2e-"));
    const setFile = path.join(dir, "sample-questions.jsonl");
    writeFileSync(setFile, sampleQuestions());
    await openApp(page);
    await page.getByTestId("questions-input").setInputFiles(setFile);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await page.getByTestId("question-item").first().click();
    await expect(page.getByTestId("reference-box").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sweep panel with a finished sweep", async ({ page }) => {
    await openApp(page);
    const vary = page.getByTestId("sweep-vary-token-chunk_size");
    await vary.check();
    await page.getByTestId("sweep-min-token-chunk_size").fill("256");
    await page.getByTestId("sweep-max-token-chunk_size").fill("512");
    await page.getByTestId("sweep-step-token-chunk_size").fill("256");
    await expect(page.getByTestId("sweep-estimate")).toContainText("2 points");
    await page.getByTestId("sweep-start").click();
    await expect(page.getByTestId("sweep-progress")).toHaveAttribute("data-status", "done", {
      timeout: 60_000,
    });
    await expect(page.getByTestId("sweep-point")).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the settings dialog open", async ({ page }) => {
    await openApp(page);
    await page.getByTestId("settings-button").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the top bar is reached by keyboard, every control named", async ({ page }) => {
    await openApp(page);
    const names: string[] = [];
    await page.locator("body").focus();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest("header")) return null;
        return { testId: el.getAttribute("data-testid"), tag: el.tagName };
      });
      if (!focused) break;
      names.push(focused.testId ?? focused.tag);
    }
    for (const id of ["doc-switcher", "export-button", "settings-button"]) expect(names).toContain(id);
    // The one Export menu holds the report and the workspace, each control named.
    await page.getByTestId("export-button").press("Enter");
    await expect(page.getByRole("button", { name: "Report" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Pages" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Export the workspace as a file" })).toBeVisible();
  });

  test("the quality table's rows are selected by keyboard", async ({ page }) => {
    await openApp(page);
    const rows = page.locator(".quality-rows");
    await rows.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[data-testid="quality-row"][aria-selected="true"]')).toHaveCount(1);
    const first = await page
      .locator('[data-testid="quality-row"][aria-selected="true"]')
      .getAttribute("data-chunk-id");
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[data-testid="quality-row"][aria-selected="true"]')).not.toHaveAttribute(
      "data-chunk-id",
      first!,
    );
    // The chunk list follows: the same chunk is selected there.
    const second = await page
      .locator('[data-testid="quality-row"][aria-selected="true"]')
      .getAttribute("data-chunk-id");
    await expect(page.locator(`[data-testid="chunk-item"][data-chunk-id="${second}"]`)).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });
});
