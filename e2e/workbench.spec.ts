/**
 * The workbench as a user drives it, through the test ids of DESIGN §4. Every test also fails on a
 * request off the app's origin and on any console error (helpers.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const CORPUS = path.resolve(ROOT, "../shared/corpus");
// In CI beside ../shared the corpus must be there: a skip would hide a broken spec (DESIGN §11).
const haveCorpus = existsSync(CORPUS);
if (!haveCorpus && process.env.CI === "true" && existsSync(path.resolve(ROOT, "../shared")))
  throw new Error("../shared/corpus is missing in CI: the corpus specs must run there");

async function openApp(page: Page, hash = "") {
  await page.goto("/" + hash);
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** Drops files on the page the way a browser does: a DataTransfer with File objects. */
async function dropFile(page: Page, name: string, bytes: Buffer, type = "application/pdf") {
  const transfer = await page.evaluateHandle(
    ({ name, data, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type }));
      return dt;
    },
    { name, data: bytes.toString("base64"), type },
  );
  await page.dispatchEvent("body", "dragover", { dataTransfer: transfer });
  await page.dispatchEvent("body", "drop", { dataTransfer: transfer });
}

async function boxRects(page: Page) {
  return page.getByTestId("bbox").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        id: el.getAttribute("data-chunk-id"),
        page: el.getAttribute("data-page"),
        x: Math.round(r.x),
        y: Math.round(r.y),
        w: Math.round(r.width),
        h: Math.round(r.height),
      };
    }),
  );
}

test("the sample loads with boxes on its pages", async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId("chunker-select")).toHaveValue("token");
  const count = Number(await page.getByTestId("chunk-count").textContent());
  expect(count).toBeGreaterThan(3);
  await expect(page.getByTestId("page-1")).toBeVisible();
  await expect(page.getByTestId("page-12")).toHaveCount(1);
  await expect(page.getByTestId("bbox").first()).toBeVisible();
  await expect(page.getByTestId("chunk-item").first()).toBeVisible();
  await expect(page.getByTestId("page-1").locator("canvas")).toBeVisible();
  await saveShot(page, "workbench-sample");
});

test("changing chunk_size changes the count and moves the boxes", async ({ page }) => {
  await openApp(page);
  const before = Number(await page.getByTestId("chunk-count").textContent());
  const boxesBefore = await boxRects(page);
  await page.getByTestId("param-chunk_size").fill("128");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("chunk-count")).not.toHaveText(String(before));
  const after = Number(await page.getByTestId("chunk-count").textContent());
  expect(after).toBeGreaterThan(before);
  const boxesAfter = await boxRects(page);
  expect(JSON.stringify(boxesAfter)).not.toBe(JSON.stringify(boxesBefore));
  await expect(page).toHaveURL(/chunk_size%22%3A128|chunk_size":128/);
  await saveShot(page, "workbench-chunk-size-128");

  // An invalid combination: an inline error, and the last good run stays on screen.
  await page.getByTestId("param-overlap").fill("500");
  await expect(page.getByTestId("run-status")).toHaveText(/^error: overlap/);
  await expect(page.getByRole("alert").filter({ hasText: /must be smaller than chunk_size/ })).toBeVisible();
  await expect(page.getByTestId("chunk-count")).toHaveText(String(after));
  await expect(page.getByTestId("bbox").first()).toBeVisible();
});

test("the URL hash restores chunker and config", async ({ page }) => {
  const config = encodeURIComponent(JSON.stringify({ chunk_size: 200, overlap: 0, encoding: "cl100k_base" }));
  await openApp(page, `#chunker=token&config=${config}`);
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("200");
  await expect(page.getByTestId("param-overlap")).toHaveValue("0");
});

test("clicking a chunk scrolls its page into view with its boxes highlighted", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("param-chunk_size").fill("256");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  const list = page.getByTestId("chunk-list");
  // Scroll the (virtualized) list to a chunk on a later page and click it.
  let item = page.locator('[data-testid="chunk-item"][data-pages^="9"]').first();
  for (let i = 0; i < 40 && (await item.count()) === 0; i++) {
    await list.evaluate((el) => el.scrollBy(0, 300));
    item = page.locator('[data-testid="chunk-item"][data-pages^="9"]').first();
  }
  const id = await item.getAttribute("data-chunk-id");
  await item.click();
  await expect(page.getByTestId("page-9")).toBeInViewport({ ratio: 0.2 });
  const boxes = page.locator(`[data-testid="bbox"][data-chunk-id="${id}"]`);
  await expect(boxes.first()).toBeVisible();
  await expect(boxes.first()).toHaveAttribute("data-page", "9");
  await expect(page.locator(`[data-testid="chunk-item"][data-chunk-id="${id}"]`)).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await saveShot(page, "workbench-chunk-selected");

  // ↓ moves the selection to the next chunk.
  await page.locator(`[data-testid="chunk-item"][data-chunk-id="${id}"]`).focus();
  await page.getByTestId("chunk-list").press("ArrowDown");
  await expect(page.locator('[data-testid="chunk-item"][aria-selected="true"]')).not.toHaveAttribute(
    "data-chunk-id",
    id!,
  );
});

test("boxes on the rotated page lie on its text", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("page-8").scrollIntoViewIfNeeded();
  const pageBox = page.getByTestId("page-8");
  await expect(pageBox.locator('[data-testid="bbox"]').first()).toBeVisible();
  await expect(pageBox.locator("canvas")).toBeVisible();
  // Landscape on screen: the /Rotate 90 page displays wider than tall.
  const size = await pageBox.boundingBox();
  expect(size!.width).toBeGreaterThan(size!.height);
  // Every box covers ink: the canvas under it has dark pixels (text), not blank paper.
  const inkShares = await pageBox.evaluate(async (el) => {
    const canvas = el.querySelector("canvas")!;
    await new Promise((r) => requestAnimationFrame(r));
    const ctx = canvas.getContext("2d")!;
    const c = canvas.getBoundingClientRect();
    const sx = canvas.width / c.width;
    const sy = canvas.height / c.height;
    return [...el.querySelectorAll('[data-testid="bbox"]')].map((box) => {
      const r = box.getBoundingClientRect();
      const x = Math.max(0, Math.floor((r.left - c.left) * sx));
      const y = Math.max(0, Math.floor((r.top - c.top) * sy));
      const w = Math.max(1, Math.floor(r.width * sx));
      const h = Math.max(1, Math.floor(r.height * sy));
      const data = ctx.getImageData(x, y, w, h).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 384) dark++;
      return dark / (w * h);
    });
  });
  expect(inkShares.length).toBeGreaterThan(3);
  const onText = inkShares.filter((share) => share > 0.03).length;
  expect(onText / inkShares.length).toBeGreaterThanOrEqual(0.95);
  await saveShot(page, "workbench-rotated-page");
});

test("a dropped PDF opens, gets boxes, and joins the document switcher", async ({ page }) => {
  await openApp(page);
  const file = haveCorpus ? path.join(CORPUS, "paper-tracemonkey.pdf") : path.join(ROOT, "public/sample.pdf");
  await dropFile(page, "dropped.pdf", readFileSync(file));
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("doc-switcher")).toHaveValue(/.+/);
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveCount(2);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("bbox").first()).toBeVisible();
  await expect(page.getByTestId("page-1").locator("canvas")).toBeVisible();
  await saveShot(page, "workbench-dropped");
  // Back to the sample through the switcher.
  await page.getByTestId("doc-switcher").selectOption({ label: "sample.pdf" });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
});

test("a Markdown file opens through the file button", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Notes\n\n" + "Chunking text for retrieval. ".repeat(200)),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  expect(Number(await page.getByTestId("chunk-count").textContent())).toBeGreaterThan(1);
  await expect(page.getByTestId("chunk-item").first()).toHaveAttribute("data-pages", "");
});

test("doc-remove closes the current document, a failed one too, and the others stay", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Notes\n\n" + "Chunking text for retrieval. ".repeat(100)),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveCount(2);
  await page.getByTestId("doc-remove").click();
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveText(["sample.pdf"]);
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("bbox").first()).toBeVisible();

  await page.getByTestId("file-input").setInputFiles({
    name: "broken.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\nthis is not really a pdf"),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^error: broken\.pdf/);
  await page.getByTestId("doc-remove").click();
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveText(["sample.pdf"]);
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);

  // The same file opened again is switched to, not added twice.
  const sample = readFileSync(path.join(import.meta.dirname, "../public/sample.pdf"));
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "sample.pdf", mimeType: "application/pdf", buffer: sample });
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveText(["sample.pdf"]);
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
});

test.describe("bad input", () => {
  test.use({ allowedConsoleErrors: [/Invalid PDF|cannot render|Failed to load resource/i] });

  test("a corrupt PDF shows a message and the app still works", async ({ page }) => {
    await openApp(page);
    const corrupt = haveCorpus
      ? readFileSync(path.join(CORPUS, "corrupt-bad-xref-w-reject.pdf"))
      : Buffer.from("%PDF-1.7\n1 0 obj <<>>\n%%EOF garbage");
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: "broken.pdf", mimeType: "application/pdf", buffer: corrupt });
    await expect(page.getByTestId("doc-status")).toHaveText(/^error: broken\.pdf/);
    await saveShot(page, "workbench-corrupt");
    // The failed document shows its error and no pages: never the previous document's pages and chunks.
    await expect(page.getByTestId("bbox")).toHaveCount(0);
    await expect(page.getByTestId("page-1")).toHaveCount(0);
    await expect(page.getByTestId("run-status")).toHaveText(/^error: no document to chunk/);
    await expect(page.getByTestId("chunk-count")).toHaveText("0");
    // The other document is one choice away and still works.
    await page.getByTestId("doc-switcher").selectOption({ label: "sample.pdf" });
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
    await expect(page.getByTestId("bbox").first()).toBeVisible();
    const before = await page.getByTestId("chunk-count").textContent();
    await page.getByTestId("param-chunk_size").fill("100");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await expect(page.getByTestId("chunk-count")).not.toHaveText(before!);
  });

  test("a valid PDF with no pages says so instead of a green ready over nothing", async ({ page }) => {
    await openApp(page);
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    await page
      .getByTestId("file-input")
      .setInputFiles({ name: "empty.pdf", mimeType: "application/pdf", buffer: Buffer.from(empty) });
    await expect(page.getByTestId("doc-status")).toHaveText(/^error: empty\.pdf: the PDF has no pages/);
    await expect(page.getByTestId("page-1")).toHaveCount(0);
  });

  test("an unsupported file type says so", async ({ page }) => {
    await openApp(page);
    await page.getByTestId("file-input").setInputFiles({
      name: "sheet.xlsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("PK\u0003\u0004 not a document"),
    });
    await expect(page.getByRole("alert")).toContainText("unsupported file type");
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  });
});

test.describe("encrypted PDFs", () => {
  test.skip(!haveCorpus, "needs ../shared/corpus");
  test.use({ allowedConsoleErrors: [/password|cannot render/i] });

  test("asks for the password, says when it is wrong, and opens", async ({ page }) => {
    await openApp(page);
    await page.getByTestId("file-input").setInputFiles({
      name: "locked.pdf",
      mimeType: "application/pdf",
      buffer: readFileSync(path.join(CORPUS, "encrypted-aes256-user-pass-abc.pdf")),
    });
    await expect(page.getByTestId("doc-status")).toHaveText("password needed");
    await page.getByTestId("password-input").fill("wrong");
    await page.getByTestId("password-submit").click();
    await expect(page.getByText(/password is wrong/)).toBeVisible();
    await saveShot(page, "workbench-password-wrong");
    await page.getByTestId("password-input").fill("abc");
    await page.getByTestId("password-submit").click();
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await expect(page.locator('[data-testid="chunk-item"]').first()).toContainText("Issue 6010");
    await expect(page).not.toHaveURL(/abc/);
  });

  test("Cancel and Esc close only the locked document; the others stay", async ({ page }) => {
    await openApp(page);
    const chunksBefore = await page.getByTestId("chunk-count").textContent();
    const lock = (name: string) =>
      page.getByTestId("file-input").setInputFiles({
        name,
        mimeType: "application/pdf",
        buffer: readFileSync(path.join(CORPUS, "encrypted-aes256-user-pass-abc.pdf")),
      });
    await lock("locked.pdf");
    await expect(page.getByTestId("doc-status")).toHaveText("password needed");
    await page.getByTestId("password-cancel").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
    await expect(page.getByTestId("chunk-count")).toHaveText(chunksBefore!);
    await expect(page.getByTestId("doc-switcher").locator("option")).toHaveCount(1);

    await lock("locked-again.pdf");
    await expect(page.getByTestId("password-input")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
    await expect(page.getByTestId("doc-switcher").locator("option")).toHaveCount(1);
  });
});

test("hovering a box shows its chunk; clicking it selects the chunk in the list; zoom rescales", async ({
  page,
}) => {
  await openApp(page);
  const box = page.getByTestId("page-1").locator('[data-testid="bbox"]').nth(3);
  const id = await box.getAttribute("data-chunk-id");
  await box.hover();
  const tooltip = page.getByTestId("bbox-tooltip");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(id!);
  await expect(tooltip).toContainText(/p\. 1|pp\. 1–/);
  await saveShot(page, "workbench-tooltip");
  await box.click();
  await expect(page.locator(`[data-testid="chunk-item"][data-chunk-id="${id}"]`)).toHaveAttribute(
    "aria-selected",
    "true",
  );

  const before = (await page.getByTestId("page-1").boundingBox())!.width;
  await page.getByRole("button", { name: /zoom in/i }).click();
  await expect
    .poll(async () => (await page.getByTestId("page-1").boundingBox())!.width)
    .toBeGreaterThan(before * 1.2);
  await expect(page).toHaveURL(/zoom=\d/);
});

test("the chunk filter narrows the list and the boxes on the page, its matches marked", async ({ page }) => {
  await openApp(page);
  const all = Number(await page.getByTestId("chunk-count").textContent());
  await page.getByTestId("chunk-filter").fill("bounding");
  const items = page.getByTestId("chunk-item");
  await expect.poll(() => items.count()).toBeLessThan(all);
  expect(await items.count()).toBeGreaterThan(0);
  const ids = await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-chunk-id")));
  await expect(items.first().locator("mark")).toHaveText(/bounding/i);
  // Its page: only the filtered chunks' boxes are drawn there.
  await items.first().click();
  await expect(page.getByTestId("bbox").first()).toBeVisible();
  const boxIds = await page
    .getByTestId("bbox")
    .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute("data-chunk-id")))]);
  expect(boxIds.length).toBeGreaterThan(0);
  for (const id of boxIds) expect(ids).toContain(id);
  await saveShot(page, "workbench-filter");
  await page.getByTestId("chunk-filter").fill("");
  await expect.poll(() => page.getByTestId("bbox").count()).toBeGreaterThan(boxIds.length);
});

test("sliders stay inside what validation allows; typed invalid values mark the chunks stale", async ({
  page,
}) => {
  await openApp(page);
  const slider = page.getByTestId("param-chunk_size-slider");
  // The slider spans the whole validated range (a log scale), and Home stops above the overlap.
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("51");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await page.keyboard.press("End");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("32768");
  await expect(page.getByTestId("run-status")).toHaveText("done");

  // A value typed past a cross-key rule: the error says so and the chunks left on screen are marked stale.
  await page.getByTestId("param-chunk_size").fill("40");
  await expect(page.getByTestId("run-status")).toHaveText(/^error: /);
  await expect(page.getByTestId("stale-note")).toBeVisible();
  await expect(page.locator("main.document-view")).toHaveAttribute("data-stale", "");
  await saveShot(page, "workbench-stale");
  await page.getByTestId("param-chunk_size").fill("300");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("stale-note")).toHaveCount(0);
});

test("sizes are shown in the unit the chunker works in", async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId("chunk-item").first()).toContainText(/\d+ tok/);
  await page.getByTestId("chunker-select").selectOption("header");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("chunk-item").first()).toContainText(/\d+ chars/);
  await expect(page.locator(".histogram figcaption")).toHaveText("Chunk sizes (chars)");
});
