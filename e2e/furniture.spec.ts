/**
 * Page furniture (DESIGN §12) as a user meets it: a manual whose running heads, footers and page
 * numbers are greyed on its pages and left out of every chunk; "keep" puts them back; the setting
 * belongs to the document and comes back after a reload.
 */
import type { Page } from "@playwright/test";
import { furniturePdf } from "../test/fixtures/pdfs";
import { expect, saveShot, test } from "./helpers";
import { storedWorkspace } from "./storedWorkspace";

async function ready(page: Page) {
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function chunkTexts(page: Page): Promise<string> {
  return (await page.getByTestId("chunk-item").allTextContents()).join("\n");
}

test("running heads, footers and page numbers are greyed, left out of the chunks, and kept on request", async ({
  page,
}) => {
  await page.goto("/");
  await ready(page);
  const fx = await furniturePdf({ pages: 8, footer: true, numbers: true });
  await page.getByTestId("file-input").setInputFiles({
    name: "manual.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(fx.bytes),
  });
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("manual.pdf");
  await ready(page);
  // Small chunks, so the list holds every chunk's whole text.
  await page.getByTestId("param-overlap").fill("0");
  await page.getByTestId("param-overlap").press("Tab");
  await page.getByTestId("param-chunk_size").fill("40");
  await page.getByTestId("param-chunk_size").press("Tab");
  await ready(page);

  const setting = page.getByTestId("furniture-setting");
  await expect(setting).toHaveValue("drop");
  const page1 = page.getByTestId("page-1").getByTestId("furniture-box");
  await expect(page1).toHaveCount(3);
  expect((await page1.evaluateAll((els) => els.map((e) => e.getAttribute("data-kind")))).sort()).toEqual([
    "footer",
    "header",
    "page-number",
  ]);
  await expect(page1.first()).toHaveAttribute("title", /^Left out of the text — “.+” is a (running|page)/);
  const dropped = await chunkTexts(page);
  expect(dropped).toContain("Page 3 opens with a sentence");
  expect(dropped).not.toContain("Company confidential");
  expect(dropped).not.toContain("R Installation and Administration");
  await saveShot(page, "furniture-drop");

  await setting.selectOption("keep");
  await ready(page);
  await expect(page1.first()).toHaveAttribute("title", /^Kept in the text/);
  await expect.poll(() => chunkTexts(page)).toContain("Company confidential");
  await expect(page.getByTestId("run-details")).toContainText('"document.furniture": "keep"');

  // The setting is the document's: stored with it, and back after a reload.
  await expect
    .poll(
      async () => (await storedWorkspace(page))?.documents.find((d) => d.name === "manual.pdf")?.furniture,
    )
    .toBe("keep");
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("manual.pdf");
  await expect(page.getByTestId("furniture-setting")).toHaveValue("keep");
  expect(await chunkTexts(page)).toContain("Company confidential");

  // And back: the worker derives the other text again (it holds one model per file).
  await page.getByTestId("furniture-setting").selectOption("drop");
  await ready(page);
  await expect.poll(() => chunkTexts(page)).not.toContain("Company confidential");
  await page.getByTestId("furniture-setting").selectOption("keep");
  await ready(page);
  await expect.poll(() => chunkTexts(page)).toContain("Company confidential");
  await expect(page.getByTestId("run-status")).toHaveText("done");
});
