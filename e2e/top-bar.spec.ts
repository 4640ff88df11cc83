/**
 * One top bar that never wraps (DESIGN §12): a long file name is cut short with the whole name in
 * its tooltip, and one Export menu holds config, chunks, workspace and report.
 */
import { readFileSync } from "node:fs";
import { expect, openExportMenu, saveShot, test } from "./helpers";
import { SAMPLE } from "./sampleQuestions";

test("a long file name keeps the top bar on one line; one Export menu holds every export", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const header = page.locator("header");
  const oneLine = (await header.boundingBox())!.height;

  const name = `quarterly-operations-manual-${"with-a-very-long-name-".repeat(5)}final.pdf`;
  await page.getByTestId("file-input").setInputFiles({
    name,
    mimeType: "application/pdf",
    buffer: readFileSync(SAMPLE),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  expect((await header.boundingBox())!.height).toBe(oneLine);
  await expect(page.getByTestId("doc-switcher")).toHaveAttribute("title", name);
  const switcher = (await page.getByTestId("doc-switcher").boundingBox())!;
  expect(switcher.width).toBeLessThanOrEqual(280);

  // The only export in the bar; what it offers is behind it.
  await expect(header.getByRole("button", { name: /export/i })).toHaveCount(1);
  await expect(page.getByTestId("workspace-export")).toHaveCount(0);
  await openExportMenu(page);
  await expect(page.getByTestId("export-format")).toBeVisible();
  await expect(page.getByTestId("export-format").locator("optgroup")).toHaveCount(2);
  await expect(page.getByTestId("workspace-export")).toBeVisible();
  await expect(page.getByTestId("report-button")).toBeVisible();
  await expect(page.getByTestId("report-pages")).toBeVisible();
  await saveShot(page, "top-bar-export-menu");
});
