// Peer frameworks' chunkers (issue 32): LangChain's SemanticChunker and Chonkie's chunkers run on the
// sample with the local embedder; the threshold calibrator shows each breakpoint method's choice and
// the chunk sizes it yields, applies one, and drags the threshold on its histogram; recursive follows
// LangChain Python when asked, with keep_separator "end".
import { expect, saveShot, test } from "./helpers";

test("the calibrator shows each method's chunks, applies one, and drags the threshold", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption("langchain-semantic");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const calibrator = page.getByTestId("threshold-calibrator");
  await calibrator.locator("summary").click();
  await expect(page.getByTestId("calibrator-choice-current").getByTestId("calibrator-count")).toContainText(
    /\d+ chunks · median [\d,]+ chars/,
    { timeout: 30_000 },
  );
  await expect(
    page.getByTestId("calibrator-choice-interquartile").getByTestId("calibrator-count"),
  ).toContainText(/\d+ chunks/);
  await saveShot(page, "calibrator-langchain-semantic");
  await page.getByTestId("calibrator-apply-interquartile").click();
  await expect(page.getByTestId("param-breakpoint_threshold_type")).toHaveValue("interquartile");
  await expect(page.getByTestId("param-breakpoint_threshold_amount")).toHaveValue("1.5");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });

  await page.getByTestId("chunker-select").selectOption("chonkie-semantic");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("param-threshold")).toHaveValue("0.8");
  const histogram = page.getByTestId("calibrator-histogram");
  await expect(histogram).toBeVisible();
  const box = (await histogram.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId("param-threshold")).not.toHaveValue("0.8");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  // The sample has non-ASCII text: Chonkie's own byte offsets are flagged where they are wrong.
  await expect(page.getByTestId("chunk-list").getByText("framework-offset-differs").first()).toBeVisible();
});

test("recursive follows LangChain Python with keep_separator end; Chonkie and LlamaIndex sentence chunkers pack to their size", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption("recursive");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("param-flavor").selectOption("python");
  await page.getByTestId("param-keep_separator").selectOption("end");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("param-keep_separator")).toHaveValue("end");
  const before = Number(
    await page
      .getByTestId("chunk-count")
      .textContent()
      .then((t) => t?.match(/\d+/)?.[0]),
  );
  expect(before).toBeGreaterThan(1);
  await page.getByTestId("chunker-select").selectOption("chonkie-sentence");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("param-chunk_size").fill("400");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).toContainText(/\d+/);
  await saveShot(page, "chonkie-sentence");
  await page.getByTestId("chunker-select").selectOption("llamaindex-sentence");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const whole = Number((await page.getByTestId("chunk-count").textContent()) ?? "0");
  // chunk_size 128 under the default overlap (200) breaks LlamaIndex's rule: it says so, in its words.
  await page.getByTestId("param-chunk_size").fill("128");
  await expect(page.getByText("Chunk overlap must be less than chunk size.").first()).toBeVisible();
  await page.getByTestId("param-chunk_overlap").fill("16");
  await expect(page.getByTestId("chunk-count")).not.toHaveText(String(whole), { timeout: 30_000 });
  expect(Number(await page.getByTestId("chunk-count").textContent())).toBeGreaterThan(whole);
});
