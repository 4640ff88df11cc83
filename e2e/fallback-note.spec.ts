/**
 * The picker says before the run what a chunker will run instead on this document (DESIGN §12
 * `chunker-fallback-note`), with the reason and the setting that would change it — and the run
 * then does what it said.
 */
import { expect, saveShot, test } from "./helpers";

test("the picker says before a run which chunkers will fall back here, why, and what would change it", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const note = page.getByTestId("chunker-fallback-note");
  const select = page.getByTestId("chunker-select");
  // The default chunker runs as chosen: the note is empty.
  await expect(note).toHaveText("");
  // No LLM endpoint in this session: agentic and hybrid are marked in the picker already.
  await expect(select.locator('option[value="agentic"]')).toContainText("(runs late-jaccard here)");
  await expect(select.locator('option[value="late-embedding"]')).not.toContainText("runs");

  await select.selectOption("late-embedding");
  await expect(note).toHaveText("");
  await page.getByTestId("param-max_tokens").fill("50");
  await expect(note).toHaveText(
    /On this document late-embedding will run late-jaccard: the document has \d+ tokens, over max_tokens 50\. To run late-embedding itself: max_tokens of at least \d+\./,
  );
  await expect(select.locator('option[value="late-embedding"]')).toContainText("(runs late-jaccard here)");
  // The run does what the note said.
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("run-warnings")).toContainText(
    "fell back from late-embedding to late-jaccard",
  );
  await saveShot(page, "fallback-note");
  const needed = Number(/at least (\d+)/.exec((await note.textContent())!)![1]);
  await page.getByTestId("param-max_tokens").fill(String(needed));
  await expect(note).toHaveText("");

  await select.selectOption("agentic");
  await expect(note).toContainText("agentic will run late-jaccard: no LLM endpoint is configured");
  await expect(note).toContainText("an LLM endpoint (Settings)");
});
