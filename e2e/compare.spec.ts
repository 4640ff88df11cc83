/**
 * A/B compare (DESIGN §4 `compare-toggle`) on the sample PDF: B pinned as a copy of A, B's chunker
 * and a parameter changed, both sets of boundaries drawn with their status, the scores side by side
 * with deltas, swap, and toggling off.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

const SCRATCH = path.resolve(import.meta.dirname, "../.scratch");

async function openApp(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function bothDone(page: Page) {
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("compare-run-status")).toHaveText("done");
}

async function counts(page: Page): Promise<{ shared: number; onlyA: number; onlyB: number }> {
  const read = async (id: string) => Number(await page.getByTestId(id).textContent());
  return {
    shared: await read("compare-count-shared"),
    onlyA: await read("compare-count-only-a"),
    onlyB: await read("compare-count-only-b"),
  };
}

/** Each score row's verdict on its delta, by row key. */
async function verdicts(page: Page): Promise<Record<string, string>> {
  return page
    .getByTestId("compare-scores")
    .evaluate((table) =>
      Object.fromEntries(
        [...table.querySelectorAll("tbody tr")].map((tr) => [
          tr.getAttribute("data-score"),
          tr.querySelector('[data-col="delta"]')?.getAttribute("data-verdict"),
        ]),
      ),
    );
}

const marks = (page: Page, status?: "shared" | "only-a" | "only-b") =>
  page.locator(`[data-testid="compare-boundary"]${status ? `[data-status="${status}"]` : ""}`);

test("compare pins a B, draws both runs' boundaries by status, scores side by side, swaps and turns off", async ({
  page,
}) => {
  await openApp(page);
  await page.getByTestId("chunker-select").selectOption("recursive");
  await expect(page.getByTestId("run-status")).toHaveText("done");

  // On: B is a copy of A, so every boundary is shared and every delta is zero.
  const toggle = page.getByTestId("compare-toggle");
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByTestId("compare-chunker")).toHaveValue("recursive");
  const sizeA = await page.getByTestId("param-chunk_size").inputValue();
  await expect(page.getByTestId("compare-param-chunk_size")).toHaveValue(sizeA);
  await bothDone(page);
  const same = await counts(page);
  expect(same.shared).toBeGreaterThan(0);
  expect([same.onlyA, same.onlyB]).toEqual([0, 0]);
  await expect(marks(page, "shared").first()).toBeVisible();
  await expect(marks(page, "only-a")).toHaveCount(0);
  await expect(marks(page, "only-b")).toHaveCount(0);
  // A against B is read in the wide results dock, not in the sidebar.
  const scores = page.getByTestId("results-dock").getByTestId("compare-scores");
  await expect(scores).toBeVisible();
  await expect(page.locator(".sidebar").getByTestId("compare-scores")).toHaveCount(0);
  await expect(
    scores.locator('[data-col="delta"]:not([data-verdict="same"]):not([data-verdict="none"])'),
  ).toHaveCount(0);

  // B with smaller chunks: its cuts include paragraph breaks A also cuts at, and many more.
  await page.getByTestId("compare-param-chunk_size").fill("128");
  await bothDone(page);
  await expect.poll(async () => (await counts(page)).onlyB).toBeGreaterThan(0);
  const finer = await counts(page);
  console.log("recursive default vs 128", finer);
  expect(finer.shared).toBeGreaterThan(0);
  await expect(marks(page, "shared").first()).toBeVisible();
  await expect(marks(page, "only-b").first()).toBeVisible();
  // B's chunks are drawn too: dashed outlines of B's own chunk ids, on the pages beside A's boxes.
  const bBoxes = page.getByTestId("compare-b-box");
  await expect(bBoxes.first()).toBeVisible();
  const bIds = new Set(await bBoxes.evaluateAll((els) => els.map((el) => el.getAttribute("data-chunk-id"))));
  const aIds = new Set(
    await page.getByTestId("bbox").evaluateAll((els) => els.map((el) => el.getAttribute("data-chunk-id"))),
  );
  expect([...bIds].some((id) => !aIds.has(id))).toBe(true);
  await expect(page.getByTestId("compare-counts")).toContainText("edges shared");
  // The similarity chart shows B's cuts beside A's.
  const rugB = page.getByTestId("boundary-rug-b");
  await expect(rugB).toBeVisible();
  expect(Number(await rugB.getAttribute("data-boundaries"))).toBeGreaterThan(0);
  await expect(page.getByTestId("similarity-chart")).toContainText(/B: \d+ boundaries/);
  await saveShot(page, "compare-b-outlines");
  // A's own run did not move.
  await expect(page.getByTestId("param-chunk_size")).toHaveValue(sizeA);

  // B another chunker: fixed-size token windows cut where the recursive chunker does not.
  await page.getByTestId("compare-chunker").selectOption("token");
  await bothDone(page);
  await expect.poll(async () => (await counts(page)).onlyA).toBeGreaterThan(0);
  const vsToken = await counts(page);
  console.log("recursive vs token", vsToken);
  expect(vsToken.onlyB).toBeGreaterThan(0);
  await expect(marks(page, "only-a").first()).toBeVisible();
  await expect(marks(page, "only-b").first()).toBeVisible();
  // Every drawn mark names its page and lies on it.
  const first = marks(page).first();
  const pageNumber = await first.getAttribute("data-page");
  await expect(
    page.getByTestId(`page-${pageNumber}`).locator('[data-testid="compare-boundary"]').first(),
  ).toBeVisible();

  // The score table: A, B and Δ for every score; the chunk counts are the two runs' own.
  await expect(scores.locator("thead th")).toHaveText(["Score", "A", "B", "Δ B−A"]);
  const countRow = scores.locator('tr[data-score="chunkCount"]');
  const countA = Number(await page.getByTestId("chunk-count").textContent());
  await expect(countRow.locator('[data-col="a"]')).toHaveText(String(countA));
  const countB = Number(await countRow.locator('[data-col="b"]').textContent());
  expect(countB).toBeGreaterThan(0);
  const delta = countB - countA;
  await expect(countRow.locator('[data-col="delta"]')).toHaveText(
    delta === 0 ? "0" : `${delta > 0 ? "+" : "−"}${Math.abs(delta)}`,
  );
  // Where a direction means something the delta is judged, and coloured by its judgement.
  const verdictsAB = await verdicts(page);
  expect(Object.values(verdictsAB).some((v) => v === "better" || v === "worse")).toBe(true);
  for (const verdict of ["better", "worse", "same", "changed"]) {
    const cells = scores.locator(`[data-col="delta"][data-verdict="${verdict}"]`);
    for (const cell of await cells.all()) await expect(cell).toHaveClass(`compare-delta--${verdict}`);
  }
  await expect(scores.locator('tr[data-score="size.mean"] th')).toHaveText("Mean size (tokens)");

  await page.getByTestId("compare-scores").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCRATCH, "compare.png") });
  await page.getByTestId("page-1").screenshot({ path: path.join(SCRATCH, "compare-page1.png") });

  // Swap: A becomes token, B recursive, and what was only A's is now only B's.
  await page.getByTestId("compare-swap").click();
  await expect(page.getByTestId("chunker-select")).toHaveValue("token");
  await expect(page.getByTestId("compare-chunker")).toHaveValue("recursive");
  await bothDone(page);
  await expect
    .poll(() => counts(page))
    .toEqual({
      shared: vsToken.shared,
      onlyA: vsToken.onlyB,
      onlyB: vsToken.onlyA,
    });
  // Every judgement turns around with the runs.
  const flip: Record<string, string> = { better: "worse", worse: "better" };
  expect(await verdicts(page)).toEqual(
    Object.fromEntries(Object.entries(verdictsAB).map(([k, v]) => [k, flip[v] ?? v])),
  );

  // Off: the marks and the table go; A's run stays.
  await toggle.uncheck();
  await expect(marks(page)).toHaveCount(0);
  await expect(page.getByTestId("compare-scores")).toHaveCount(0);
  await expect(page.getByTestId("compare-chunker")).toHaveCount(0);
  await expect(page.getByTestId("bbox").first()).toBeVisible();
  await expect(page.getByTestId("run-status")).toHaveText("done");
});
