// Retrieval evaluation (DESIGN §8): a question set loaded in the tab scores the same as the CLI's
// `eval` on the same inputs; a selected question draws its references and retrieved chunks; a
// question written here gets its reference by a drag on the page; bad sets say what is wrong.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, saveShot, test } from "./helpers";
import { cli, SAMPLE, sampleQuestions } from "./sampleQuestions";

const METRICS = ["recall", "precision", "iou", "precision_omega", "hit_at_k", "mrr", "ndcg_at_k"] as const;

test.describe("retrieval evaluation", () => {
  test("a question set scores the same in the tab and in the CLI, and its question draws on the page", async ({
    page,
  }) => {
    const dir = mkdtempSync(path.join(tmpdir(), "eval-e2e-"));
    const setFile = path.join(dir, "sample-questions.jsonl");
    writeFileSync(setFile, sampleQuestions());
    const cliResult = JSON.parse(cli(["eval", "--questions", setFile, SAMPLE, "--chunker", "token"])) as {
      metrics: Record<string, number>;
      ci95: Record<string, [number, number]>;
      questions: { id: string; recall: number; hit: number }[];
    };

    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("chunker-select").selectOption("token");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("questions-input").setInputFiles(setFile);
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    for (const key of METRICS) {
      await expect(page.getByTestId(`eval-metric-${key}`)).toHaveAttribute(
        "data-value",
        String(cliResult.metrics[key]),
      );
      // The same seeded bootstrap in the tab and the CLI: the same interval (DESIGN §12 eval-ci-<metric>).
      const ci = page.getByTestId(`eval-ci-${key}`);
      await expect(ci).toHaveAttribute("data-lo", String(cliResult.ci95[key]![0]));
      await expect(ci).toHaveAttribute("data-hi", String(cliResult.ci95[key]![1]));
    }
    // Three questions: too few to tell configs apart, and the panel says so.
    await expect(page.getByTestId("eval-small-set")).toContainText(
      "3 questions: too few to tell configs apart",
    );
    await page.getByTestId("compare-toggle").check();
    await expect(page.getByTestId("compare-verdict")).toContainText(/recall/);
    await expect(page.getByTestId("compare-verdict")).toContainText("with 3 questions");
    await saveShot(page, "eval-intervals");
    await page.getByTestId("compare-toggle").uncheck();
    const items = page.getByTestId("question-item");
    await expect(items).toHaveCount(3);
    for (const [i, q] of cliResult.questions.entries())
      await expect(items.nth(i)).toHaveAttribute("data-recall", String(q.recall));

    await items.first().click();
    await expect(page.getByTestId("reference-box").first()).toBeVisible();
    await expect(page.getByTestId("retrieved-box").first()).toBeAttached();
    await expect(page.locator('[data-testid="retrieved-box"][data-rank="1"]')).toHaveCount(1);
    // The list narrows to the question's retrieved chunks (k = 5 by default).
    await page.getByTestId("eval-only-retrieved").check();
    await expect(page.getByTestId("chunk-item")).toHaveCount(5);
    await page.getByTestId("eval-only-retrieved").uncheck();

    // k and the retriever are controls; a change evaluates again.
    await page.getByTestId("eval-k").fill("1");
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    const k1 = JSON.parse(
      cli(["eval", "--questions", setFile, SAMPLE, "--chunker", "token", "--k", "1"]),
    ) as {
      metrics: Record<string, number>;
    };
    await expect(page.getByTestId("eval-metric-recall")).toHaveAttribute(
      "data-value",
      String(k1.metrics.recall),
    );
  });

  test("a question written here gets its reference by a drag across the page's words", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("question-text").fill("What is the guide about?");
    await page.getByTestId("mark-reference").click();
    const layer = page.locator('[data-testid="mark-layer"][data-page="1"]');
    await expect(layer).toBeVisible();
    const box = (await layer.boundingBox())!;
    // From the title's first word to the subtitle's last: two lines, every word between.
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.175);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.215, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId("draft-reference-item")).toHaveCount(1);
    await expect(page.getByTestId("draft-reference-item")).toContainText("Chunking for Retrieval");
    await expect(page.getByTestId("draft-reference").first()).toBeVisible();
    await page.getByTestId("question-add").click();
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await expect(page.getByTestId("question-item")).toHaveCount(1);
    await expect(page.getByTestId("reference-box").first()).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByTestId("questions-export").click();
    const file = await (await download).path();
    const line = JSON.parse(readFileSync(file, "utf8").trim()) as {
      question: string;
      references: { doc: string; start: number; end: number }[];
    };
    expect(line.question).toBe("What is the guide about?");
    expect(line.references[0]!.doc).toBe("sample.pdf");
  });

  test("bad question sets say what is wrong, and compare shows A and B side by side", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("run-status")).toHaveText("done");
    await page.getByTestId("questions-input").setInputFiles({
      name: "wrong.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("query,answer\nWhat?,42\n"),
    });
    await expect(page.getByTestId("questions-error")).toContainText("references, corpus_id");
    await page.getByTestId("questions-input").setInputFiles({
      name: "elsewhere.jsonl",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(
        JSON.stringify({ question: "Where?", references: [{ doc: "atlas.pdf", start: 0, end: 5 }] }) + "\n",
      ),
    });
    await expect(page.getByTestId("eval-status")).toContainText(
      'error: line 1: no open document is named "atlas.pdf"',
    );

    await page.getByTestId("questions-input").setInputFiles({
      name: "one.jsonl",
      mimeType: "application/x-ndjson",
      buffer: Buffer.from(
        JSON.stringify({
          question: "What is chunking?",
          references: [{ doc: "sample", start: 100, end: 400 }],
        }) + "\n",
      ),
    });
    await expect(page.getByTestId("eval-status")).toHaveText("done");
    await page.getByTestId("compare-toggle").check();
    await expect(page.getByTestId("eval-metric-b-recall")).toBeVisible();
  });
});

test("a Chroma set exported from the panel holds UTF-16 offsets and each reference's text", async ({
  page,
}) => {
  // Two astral characters before the answer: Chroma's code-point offsets are 2 short of UTF-16's.
  const text = "# Notes 😀🎉\n\nThe answer is here: forty-two.\n";
  const answer = "forty-two";
  const utf16 = text.indexOf(answer);
  const codePoints = [...text.slice(0, utf16)].length;
  expect(utf16 - codePoints).toBe(2);
  const csv =
    "question,references,corpus_id\n" +
    `"What is the answer?","${JSON.stringify([{ content: answer, start_index: codePoints, end_index: codePoints + answer.length }]).replace(/"/g, '""')}",notes\n`;

  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(text) });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/);
  await page
    .getByTestId("questions-input")
    .setInputFiles({ name: "set.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByTestId("eval-status")).toHaveText("done");
  const download = page.waitForEvent("download");
  await page.getByTestId("questions-export").click();
  const line = JSON.parse(readFileSync(await (await download).path(), "utf8").trim()) as {
    references: { doc: string; start: number; end: number; content: string }[];
  };
  expect(line.references[0]).toEqual({
    doc: "notes.md",
    start: utf16,
    end: utf16 + answer.length,
    content: answer,
  });
});
