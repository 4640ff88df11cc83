/**
 * Marking an answer by words (DESIGN §12): a drag from a word mid-line to a word on the next line
 * takes exactly the words between — not the rest of the line before; on to the next page too; the
 * keyboard grows and shrinks it by a word; the draft is drawn on the page (`draft-reference`)
 * until the question is saved.
 */
import type { Page } from "@playwright/test";
import type { TextRun } from "../src/core/document";
import { advanceBetween } from "../src/core/text/glyphAdvance";
import { expect, saveShot, test } from "./helpers";
import { cli, SAMPLE } from "./sampleQuestions";

interface Extracted {
  text: string;
  runs: TextRun[];
  pages: { number: number; width: number }[];
}

const model = JSON.parse(cli(["extract", SAMPLE, "--json"])) as Extracted;

/**
 * The client point at the middle of the first word of the `nth` occurrence of `phrase` in the
 * document's text (the phrase finds the place, its first word is pointed at).
 */
async function pointOf(
  page: Page,
  phrase: string,
  nth = 0,
  scroll = true,
): Promise<{ x: number; y: number }> {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = model.text.indexOf(phrase, at + 1);
  const word = phrase.split(" ")[0]!;
  const run = model.runs.find((r) => r.start <= at && at < r.end)!;
  const total = advanceBetween(model.text, run.start, run.end);
  const middle =
    advanceBetween(model.text, run.start, at) + advanceBetween(model.text, at, at + word.length) / 2;
  const xPt = run.x0 + ((run.x1 - run.x0) * middle) / total;
  const yPt = (run.y0 + run.y1) / 2;
  const layer = page.locator(`[data-testid="mark-layer"][data-page="${run.page}"]`);
  if (scroll) await layer.scrollIntoViewIfNeeded();
  const box = (await layer.boundingBox())!;
  const scale = box.width / model.pages.find((p) => p.number === run.page)!.width;
  return { x: box.x + xPt * scale, y: box.y + yPt * scale };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

test("an answer is marked from word to word, mid-line, across lines and pages, and by keyboard", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("question-text").fill("What is the chunking decision?");
  await page.getByTestId("mark-reference").click();
  await expect(page.locator('[data-testid="mark-layer"][data-page="1"]')).toBeVisible();

  // Mid-line "That" to "made" at the start of the next line: the sentence before stays out.
  await drag(page, await pointOf(page, "That decision"), await pointOf(page, "made once"));
  const item = page.getByTestId("draft-reference-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("That decision, called chunking, is made");
  await expect(item).not.toContainText("begins");
  await expect(page.getByTestId("draft-reference")).toHaveCount(2);
  await saveShot(page, "mark-words-draft");

  // The keyboard: a word more at the end, then a word more at the start, then one less at the end.
  const layer = page.locator('[data-testid="mark-layer"][data-page="1"]');
  await layer.focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(item).toContainText("is made once");
  await page.keyboard.press("Alt+Shift+ArrowLeft");
  await expect(item).toContainText("begins. That decision");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(item).toContainText("begins. That decision, called chunking, is made”");

  // On to the next page: zoomed out so the end of page 1 and the top of page 2 are both on screen.
  for (let i = 0; i < 4; i++) await page.getByTestId("viewer-zoom-out").click();
  const viewer = page.getByTestId("pdf-viewer");
  await viewer.evaluate((el) => {
    const second = el.querySelector<HTMLElement>('[data-testid="page-2"]')!;
    el.scrollTop = second.offsetTop - el.clientHeight / 2;
  });
  await expect(page.locator('[data-testid="mark-layer"][data-page="2"]')).toBeVisible();
  const from = await pointOf(page, "Practical recommendations", 0, false);
  const to = await pointOf(page, "retrieval\nA language", 0, false);
  await drag(page, from, to);
  await expect(item).toHaveCount(2);
  await expect(item.nth(1)).toContainText("Practical recommendations");
  await expect(item.nth(1)).toContainText("Chunking for retrieval");
  await expect(page.locator('[data-testid="draft-reference"][data-page="2"]').first()).toBeAttached();

  // Saved: the question holds both, and the draft is no longer drawn.
  await page.getByTestId("question-add").click();
  await expect(page.getByTestId("question-item")).toHaveCount(1);
  await expect(page.getByTestId("draft-reference")).toHaveCount(0);
});
