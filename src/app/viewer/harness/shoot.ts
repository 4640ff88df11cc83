/**
 * Drives the PdfViewer harness in Debian's Chromium and saves screenshots to
 * e2e-artifacts/viewer/ (git-ignored). Needs the dev server:
 *   npx vite --port 5180 &   npx tsx src/app/viewer/harness/shoot.ts
 * Corpus PDFs are served by intercepting /corpus/* (nothing is copied into public/).
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../../../e2e/chromium";

const BASE = process.env.HARNESS_URL ?? "http://127.0.0.1:5180/src/app/viewer/harness/index.html";
const CORPUS = process.env.CORPUS_DIR ?? "/work/shared/corpus";
const OUT = path.resolve("e2e-artifacts/viewer");

async function open(page: Page, file: string, extra = ""): Promise<void> {
  await page.goto(`${BASE}?file=${encodeURIComponent(file)}${extra}`);
  await page
    .getByTestId("harness-status")
    .filter({ hasText: /^(ready|error)/ })
    .waitFor({ timeout: 120_000 });
  const status = await page.getByTestId("harness-status").textContent();
  if (status !== "ready") throw new Error(`${file}: ${status}`);
}

async function canvasOn(page: Page, n: number): Promise<void> {
  await page.locator(`[data-testid="page-${n}"] canvas`).waitFor({ state: "attached", timeout: 30_000 });
}

async function goToPage(page: Page, n: number): Promise<void> {
  const input = page.getByTestId("viewer-page-input");
  await input.fill(String(n));
  await input.press("Enter");
}

async function shot(page: Page, name: string, selector?: string): Promise<void> {
  const file = path.join(OUT, `${name}.png`);
  if (selector) await page.locator(selector).screenshot({ path: file });
  else await page.screenshot({ path: file });
  console.log(`saved ${file}`);
}

/** Box edges on screen vs. the page: how many boxes, and do they fit inside the page? */
async function boxReport(page: Page, n: number): Promise<string> {
  return page.evaluate((pageNumber) => {
    const pageEl = document.querySelector(`[data-testid="page-${pageNumber}"]`)!;
    const p = pageEl.getBoundingClientRect();
    const boxes = [...pageEl.querySelectorAll('[data-testid="bbox"]')].map((b) => b.getBoundingClientRect());
    const outside = boxes.filter(
      (b) => b.left < p.left - 3 || b.right > p.right + 3 || b.top < p.top - 3 || b.bottom > p.bottom + 3,
    );
    return `page ${pageNumber}: ${boxes.length} boxes, ${outside.length} outside the page`;
  }, n);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.route("**/corpus/*", (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split("/").pop()!);
    return route.fulfill({ body: readFileSync(path.join(CORPUS, name)), contentType: "application/pdf" });
  });

  // --- the sample: page 1, the rotated page 8, zoom, fit width, hover, selection ---
  await open(page, "/sample.pdf");
  await canvasOn(page, 1);
  await page.waitForTimeout(300);
  await shot(page, "01-sample-p1");
  console.log(await boxReport(page, 1));

  await goToPage(page, 8);
  await canvasOn(page, 8);
  await page.waitForTimeout(300);
  await shot(page, "02-sample-p8-rotated", '[data-testid="page-8"]');
  console.log(await boxReport(page, 8));

  await page.getByTestId("viewer-zoom-in").click();
  await page.getByTestId("viewer-zoom-in").click();
  await page.waitForTimeout(600);
  console.log(
    "after zoom in:",
    await page.getByTestId("viewer-zoom-level").textContent(),
    "page",
    await page.getByTestId("viewer-page-input").inputValue(),
  );
  await shot(page, "03-sample-zoomed-in");

  await page.getByTestId("viewer-zoom-out").click();
  for (let i = 0; i < 6; i++) await page.getByTestId("viewer-zoom-out").click();
  await page.waitForTimeout(600);
  console.log(
    "after zoom out:",
    await page.getByTestId("viewer-zoom-level").textContent(),
    "page",
    await page.getByTestId("viewer-page-input").inputValue(),
  );
  await shot(page, "04-sample-zoomed-out");

  await page.getByTestId("viewer-fit-width").click();
  await page.waitForTimeout(600);
  console.log(
    "after fit width:",
    await page.getByTestId("viewer-zoom-level").textContent(),
    "page",
    await page.getByTestId("viewer-page-input").inputValue(),
  );
  await shot(page, "05-sample-fit-width");

  // Hover a box on page 3.
  await goToPage(page, 3);
  await canvasOn(page, 3);
  const box = page.locator('[data-testid="page-3"] [data-testid="bbox"]').nth(4);
  await box.hover();
  await page.getByTestId("bbox-tooltip").waitFor();
  await shot(page, "06-sample-hover-tooltip");

  // Select from the list: a chunk on page 5 scrolls into view and highlights.
  const item = page.locator('[data-testid="harness-chunk"]', { hasText: "p. 5" }).first();
  const id = await item.getAttribute("data-chunk-id");
  await item.click();
  await page.locator(`[data-testid="bbox"][data-chunk-id="${id}"]`).first().waitFor({ state: "visible" });
  await page.waitForTimeout(400);
  console.log(
    "selected from list:",
    id,
    "page now",
    await page.getByTestId("viewer-page-input").inputValue(),
  );
  await shot(page, "07-sample-selected-from-list");

  // Click a box: selects its chunk.
  const other = page.locator('[data-testid="page-5"] [data-testid="bbox"]').last();
  const otherId = await other.getAttribute("data-chunk-id");
  await other.click();
  console.log(
    "clicked box of",
    otherId,
    "→ selected",
    await page.getByTestId("harness-selected").textContent(),
  );
  await shot(page, "08-sample-selected-by-click");

  // Overlapping chunks: regions shared by two chunks show both colours; clicks there cycle.
  await open(page, "/sample.pdf", "&overlap=24");
  await canvasOn(page, 1);
  await page.waitForTimeout(300);
  await shot(page, "09a-sample-overlap-24", '[data-testid="page-1"]');
  const shared = page.locator('[data-testid="page-1"] [data-testid="bbox"]').nth(8);
  const rect = (await shared.boundingBox())!;
  // The mouse, not locator.click: Playwright refuses to click a box another box covers.
  const spot = { x: rect.x + 6, y: rect.y + 4 };
  const picks: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.mouse.click(spot.x, spot.y);
    picks.push((await page.getByTestId("harness-selected").textContent()) ?? "");
  }
  console.log("three clicks on an overlapped spot selected:", picks.join(" → "));
  await page.mouse.move(spot.x + 1, spot.y);
  await page.getByTestId("bbox-tooltip").waitFor();
  await shot(page, "09b-sample-overlap-selected");

  // --- crop box offset ---
  await open(page, "/corpus/cropbox-offset.pdf", "&chunk_size=32");
  await canvasOn(page, 1);
  await page.waitForTimeout(300);
  await shot(page, "09-cropbox-offset");
  console.log(await boxReport(page, 1));

  // --- rotated page 2 ---
  await open(page, "/corpus/rotated-page2-90.pdf", "&chunk_size=32");
  await goToPage(page, 2);
  await canvasOn(page, 2);
  await page.waitForTimeout(300);
  await shot(page, "10-rotated-page2", '[data-testid="page-2"]');
  console.log(await boxReport(page, 2));

  await open(page, "/corpus/rotated-270-word.pdf", "&chunk_size=32");
  await canvasOn(page, 1);
  await page.waitForTimeout(300);
  await shot(page, "11-rotated-270", '[data-testid="page-1"]');
  console.log(await boxReport(page, 1));

  // --- 352 pages: jump to 300, then scroll continuously and measure frames ---
  await open(page, "/corpus/large-freeculture-352p.pdf");
  await canvasOn(page, 1);
  console.log("page divs:", await page.locator('[data-testid^="page-"]').count());
  const t0 = Date.now();
  await goToPage(page, 300);
  await canvasOn(page, 300);
  console.log(`page 300 drawn ${Date.now() - t0} ms after the jump`);
  await page.waitForTimeout(300);
  await shot(page, "12-freeculture-p300");
  // A string, not a function: tsx would wrap a function's inner closures in its __name helper,
  // which does not exist in the page.
  const frames = await page.evaluate(`(async () => {
    const el = document.querySelector('[data-testid="pdf-viewer"]');
    const gaps = [];
    let last = performance.now();
    await new Promise((resolve) => {
      let steps = 0;
      const step = (now) => {
        gaps.push(now - last);
        last = now;
        el.scrollTop -= 120; // upwards, about 6 pages a second at 60 fps
        if (++steps < 240) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    gaps.sort((a, b) => a - b);
    const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * q))].toFixed(1);
    return { frames: gaps.length, median: at(0.5), p95: at(0.95), max: at(1) };
  })()`);
  console.log("scroll frames (ms):", JSON.stringify(frames));
  console.log("canvases while scrolling stopped:", await page.locator("canvas").count());
  await page.waitForTimeout(800);
  console.log("current page after scrolling:", await page.getByTestId("viewer-page-input").inputValue());
  console.log("canvases in DOM:", await page.locator("canvas").count());
  await shot(page, "13-freeculture-after-scroll");

  console.log(errors.length ? `console:\n${errors.join("\n")}` : "no console errors or warnings");
  await browser.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
