/**
 * Layers on the page (DESIGN §12 `layer-toggle-*`): A's boxes, compare's B, a question's references
 * and its retrieved chunks each turn off and on; a selected question dims the boxes that are not its.
 */
import { expect, saveShot, test } from "./helpers";
import { sampleQuestions } from "./sampleQuestions";

test("each layer turns off and on, and a selected question dims what is not its", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  // Nothing to draw yet for B or a question: their switches wait.
  await expect(page.getByTestId("layer-toggle-b")).toBeDisabled();
  await expect(page.getByTestId("layer-toggle-references")).toBeDisabled();

  await page.getByTestId("questions-input").setInputFiles({
    name: "sample-questions.jsonl",
    mimeType: "application/jsonl",
    buffer: Buffer.from(sampleQuestions()),
  });
  await expect(page.getByTestId("eval-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("compare-toggle").check();
  await page.getByTestId("compare-chunker").selectOption("recursive");
  await expect(page.getByTestId("compare-run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("question-item").first().click();

  const layers = {
    a: page.getByTestId("bbox"),
    b: page.getByTestId("compare-b-box"),
    references: page.getByTestId("reference-box"),
    retrieved: page.getByTestId("retrieved-box"),
  };
  for (const boxes of Object.values(layers)) await expect(boxes.first()).toBeAttached();

  // The question's retrieved chunks stand; A's other boxes step back.
  const retrievedIds = await layers.retrieved.evaluateAll((els) =>
    els.map((e) => e.getAttribute("data-chunk-id")),
  );
  const dimmed = page.locator(".bbox--not-question");
  await expect(dimmed.first()).toBeAttached();
  for (const id of await dimmed.evaluateAll((els) => els.map((e) => e.getAttribute("data-chunk-id"))))
    expect(retrievedIds).not.toContain(id);
  await saveShot(page, "layers-question-selected");

  for (const [layer, boxes] of Object.entries(layers)) {
    const toggle = page.getByTestId(`layer-toggle-${layer}`);
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(boxes).toHaveCount(0);
    // The other layers stay drawn.
    for (const [other, otherBoxes] of Object.entries(layers))
      if (other !== layer) await expect(otherBoxes.first()).toBeAttached();
    await toggle.check();
    await expect(boxes.first()).toBeAttached();
  }
});
