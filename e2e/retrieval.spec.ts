// Retrieval as pipelines run it (DESIGN §12, issue 30): B may be the same chunks retrieved another
// way (here hybrid against bm25), with the same numbers as the CLI's --compare-retriever; a
// hierarchical run is evaluated as children returning their parents unless asked otherwise; the
// heading-path index is a control; a sweep varies the retriever as a param.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, saveShot, test } from "./helpers";
import { cli, SAMPLE, sampleQuestions } from "./sampleQuestions";

function setFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "retrieval-e2e-"));
  const file = path.join(dir, "sample-questions.jsonl");
  writeFileSync(file, sampleQuestions());
  return file;
}

test.describe("retrieval as pipelines run it", () => {
  test("B retrieves the same chunks with hybrid: the tab's B − A is the CLI's", async ({ page }) => {
    const questions = setFile();
    const expected = JSON.parse(
      cli(["eval", "--questions", questions, SAMPLE, "--chunker", "token", "--compare-retriever", "hybrid"]),
    ) as {
      compared_with: { retriever: string; metrics: Record<string, number> };
      difference: Record<string, { b_minus_a: number }>;
      verdict: string;
    };
    expect(expected.compared_with.retriever).toBe("hybrid");

    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("chunker-select").selectOption("token");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("questions-input").setInputFiles(questions);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("eval-retrieval")).toHaveText("Retrieved with k = 5, bm25");

    await page.getByTestId("compare-retriever-select").selectOption("hybrid");
    await expect(page.getByTestId("eval-retrieval")).toContainText("A: k = 5, bm25 · B: k = 5, hybrid");
    await expect(page.getByTestId("compare-verdict")).toBeVisible();
    await expect(page.getByTestId("eval-metric-b-recall")).toHaveAttribute(
      "data-value",
      String(expected.compared_with.metrics.recall),
    );
    await expect(page.getByTestId("compare-verdict")).toContainText(expected.verdict.split(";")[0]!);
    await saveShot(page, "retrieval-compare-hybrid");

    // Back to "as A": B is gone again (compare is off).
    await page.getByTestId("compare-retriever-select").selectOption("");
    await expect(page.getByTestId("compare-verdict")).toHaveCount(0);
    await expect(page.getByTestId("eval-retrieval")).toHaveText("Retrieved with k = 5, bm25");
  });

  test("hierarchical: children return their parents by default, flat on request, as the CLI says", async ({
    page,
  }) => {
    const questions = setFile();
    const cliOf = (mode: string) =>
      JSON.parse(
        cli(["eval", "--questions", questions, SAMPLE, "--chunker", "hierarchical", "--retrieval", mode]),
      ) as { retrieval: string; metrics: Record<string, number> };
    const parents = cliOf("children-return-parents");
    const flat = cliOf("flat");

    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("chunker-select").selectOption("hierarchical");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("questions-input").setInputFiles(questions);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("retrieval-select")).toHaveValue("children-return-parents");
    await expect(page.getByTestId("eval-retrieval")).toContainText("children-return-parents");
    await expect(page.getByTestId("eval-metric-precision")).toHaveAttribute(
      "data-value",
      String(parents.metrics.precision),
    );
    await page.getByTestId("retrieval-select").selectOption("flat");
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("eval-retrieval")).not.toContainText("children-return-parents");
    await expect(page.getByTestId("eval-metric-precision")).toHaveAttribute(
      "data-value",
      String(flat.metrics.precision),
    );
    // The heading-path index is a control too; the chunk scored stays the same.
    await page.getByTestId("contextualize-toggle").check();
    await expect(page.getByTestId("eval-retrieval")).toContainText("heading path indexed");
    await expect(page.getByTestId("eval-status")).toHaveText("done");
  });

  test("a sweep varies the retriever as a param: every point twice, each row naming its retriever", async ({
    page,
  }) => {
    const questions = setFile();
    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("questions-input").setInputFiles(questions);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    const vary = page.getByTestId("sweep-vary-token-chunk_size");
    await vary.check();
    await page.getByTestId("sweep-min-token-chunk_size").fill("200");
    await page.getByTestId("sweep-max-token-chunk_size").fill("400");
    await page.getByTestId("sweep-step-token-chunk_size").fill("200");
    await expect(page.getByTestId("sweep-estimate")).toContainText("2 points ·");
    await page.getByTestId("sweep-retrieval-retriever").check();
    await expect(page.getByTestId("sweep-estimate")).toContainText("4 points ·");
    await page.getByTestId("sweep-start").click();
    const progress = page.getByTestId("sweep-progress");
    await expect(progress).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    const rows = page.getByTestId("sweep-row");
    await expect(rows).toHaveCount(4);
    await expect(page.locator('[data-testid="sweep-row"]', { hasText: "· hybrid" })).toHaveCount(2);
    await expect(page.locator('[data-testid="sweep-row"]', { hasText: "· bm25" })).toHaveCount(2);
    // A hybrid point applied makes the evaluation hybrid.
    await page
      .locator('[data-testid="sweep-row"]', { hasText: "· hybrid" })
      .first()
      .getByTestId("sweep-apply")
      .click();
    await expect(page.getByTestId("retriever-select")).toHaveValue("hybrid");
    await saveShot(page, "retrieval-sweep");
  });

  test("a Chroma CSV reads a CRLF document's offsets as Python does; the toggle reads them as the text's own", async ({
    page,
  }) => {
    const lines = ["# Notes", "Line one of the notes.", "The answer is here.", "End of the notes."];
    const text = lines.join("\r\n") + "\r\n";
    const python = text.replaceAll("\r\n", "\n");
    const answer = "The answer is here.";
    const start = python.indexOf(answer);
    const refs = JSON.stringify([{ content: answer, start_index: start, end_index: start + answer.length }]);
    const dir = mkdtempSync(path.join(tmpdir(), "crlf-e2e-"));
    const csv = path.join(dir, "crlf-questions.csv");
    writeFileSync(
      csv,
      `question,references,corpus_id\nWhere is the answer?,"${refs.replaceAll('"', '""')}",crlf\n`,
    );

    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("file-input").setInputFiles({
      name: "crlf.md",
      mimeType: "text/markdown",
      buffer: Buffer.from(text),
    });
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
    await page.getByTestId("questions-input").setInputFiles(csv);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("universal-newlines-toggle")).toBeChecked();
    await expect(page.getByTestId("eval-warnings")).toHaveCount(0);
    // Read as the text's own UTF-16 offsets, the span lands two characters early: the content differs.
    await page.getByTestId("universal-newlines-toggle").uncheck();
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("eval-warnings")).toContainText("content differs");
  });
});
