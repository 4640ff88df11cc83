/**
 * OCR in the tab (DESIGN §10 `ocr-button`, `ocr-progress`): a PDF whose only page is an image of
 * known words opens with no text; recognized, its words become chunks whose boxes land on the
 * words in the page image — with nothing fetched beyond the app's origin (the fixture checks).
 */
import { scannedPdf } from "../test/fixtures/scannedPdf";
import { expect, saveShot, test } from "./helpers";
import { storedWorkspace } from "./storedWorkspace";

const LINES = [
  { text: "Scanned pages need recognition", x: 72, y: 120 },
  { text: "before any chunk can cite them", x: 72, y: 160 },
];

test("an image-only page is recognized on request: its words become chunks with boxes on them", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("ocr-button")).toHaveCount(0);
  await page.getByTestId("file-input").setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from((await scannedPdf(LINES, 22)).bytes),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).toHaveText("0");
  await page.getByTestId("ocr-button").click();
  await expect(page.getByTestId("ocr-summary")).toContainText("1 page recognized by OCR", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("ocr-button")).toHaveCount(0);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-item").first()).toContainText("Scanned pages need recognition");
  const box = page.locator('[data-testid="bbox"][data-page="1"]').first();
  await expect(box).toBeVisible();
  // The box sits where the words were drawn: from x = 72 pt, around y = 100–160 pt, on page 1.
  const pageBox = (await page.getByTestId("page-1").boundingBox())!;
  const b = (await box.boundingBox())!;
  const pt = pageBox.width / 612;
  expect(Math.abs((b.x - pageBox.x) / pt - 72)).toBeLessThan(6);
  expect((b.y - pageBox.y) / pt).toBeGreaterThan(90);
  expect((b.y + b.height - pageBox.y) / pt).toBeLessThan(175);
  await saveShot(page, "ocr");

  // The recognized words are part of the workspace: a tab opened again does not redo the OCR.
  await expect.poll(async () => (await storedWorkspace(page))?.documents.at(-1)?.ocr?.length).toBe(1);
  await page.goto("about:blank");
  await page.goto("/");
  await expect(page.getByTestId("ocr-summary")).toContainText("1 page recognized by OCR", {
    timeout: 30_000,
  });
  await expect(page.getByTestId("chunk-item").first()).toContainText("Scanned pages need recognition");
});
