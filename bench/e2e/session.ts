/**
 * `session` (issue 27, DESIGN §12): drag_many_chunks' drag in a realistic session instead of an
 * empty tab — four documents open (the book, the corpus's R manual, the TraceMonkey paper and a
 * Markdown file), a question set on the book evaluated with the evaluation panel open, compare on,
 * the similarity chart on screen and a sweep's result present. Then the token chunk_size drag from
 * 1 to 512 on the book and on the R manual: `{longest_task_ms, fps, worst_frame_ms}` per document.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { installRunCounter } from "./drag";
import { dragChunkSizeUp, traced, type ManyChunksDrag } from "./dragManyChunks";
import { dropAndSettle, openSampleTab, settled } from "./sampleTab";

const ROOT = resolve(import.meta.dirname, "../..");
const QUESTIONS = 30;

/** Questions about the book whose references are passages of its extracted text (as the CLI extracts it). */
function bookQuestions(book: string): string {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "extract", book, "--json"],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const text = (JSON.parse(out) as { text: string }).text;
  const lines: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    // A passage of ~200 characters from word start to word end, evenly spread over the book.
    let start = Math.floor(((i + 0.5) * text.length) / QUESTIONS);
    while (start < text.length && !/\s/.test(text[start - 1] ?? " ")) start++;
    let end = Math.min(text.length, start + 200);
    while (end < text.length && !/\s/.test(text[end]!)) end++;
    const passage = text.slice(start, end);
    lines.push(
      JSON.stringify({
        id: `q${i + 1}`,
        question: `What does the book say about ${passage.split(/\s+/).slice(0, 12).join(" ")}?`,
        references: [{ doc: basename(book), start, end }],
      }),
    );
  }
  return lines.join("\n") + "\n";
}

const MARKDOWN = Array.from(
  { length: 40 },
  (_, i) =>
    `## Section ${i + 1}\n\nRetrieval pipelines split documents into chunks before embedding them. ` +
    `Section ${i + 1} holds a few sentences of plain prose, a list and a table.\n\n- one\n- two\n\n` +
    `| a | b |\n|---|---|\n| ${i} | ${i * 2} |\n`,
).join("\n");

async function show(page: Page, name: string) {
  await page.getByTestId("doc-switcher").selectOption({ label: name });
  await settled(page);
}

export async function measureSession(
  browser: Browser,
  url: string,
  files: { book: string; manual: string; paper: string },
  drop: (page: Page, name: string, bytes: Buffer) => Promise<void>,
): Promise<Record<string, unknown> | null> {
  if (![files.book, files.manual, files.paper].every((f) => existsSync(f))) return null;
  const dir = mkdtempSync(join(tmpdir(), "bench-session-"));
  const { context, page } = await openSampleTab(browser, url, [installRunCounter]);
  try {
    const setFile = join(dir, "book-questions.jsonl");
    writeFileSync(setFile, bookQuestions(files.book));
    for (const file of [files.manual, files.paper, files.book])
      await dropAndSettle(page, drop, basename(file), readFileSync(file));
    await dropAndSettle(page, drop, "notes.md", Buffer.from(MARKDOWN));
    await show(page, basename(files.book));

    // The session: questions evaluated with the panel open, compare on, a sweep's result, the chart.
    await page.getByTestId("chunker-select").selectOption("token");
    await page
      .getByTestId("run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 300_000 });
    await page.getByTestId("questions-input").setInputFiles(setFile);
    await page
      .getByTestId("eval-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 300_000 });
    await page.getByTestId("compare-toggle").check();
    await page
      .getByTestId("compare-run-status")
      .filter({ hasText: /^done$/ })
      .waitFor({ timeout: 300_000 });
    const vary = page.getByTestId("sweep-vary-token-chunk_size");
    if (!(await vary.isChecked())) await vary.check();
    await page.getByTestId("sweep-min-token-chunk_size").fill("200");
    await page.getByTestId("sweep-max-token-chunk_size").fill("600");
    await page.getByTestId("sweep-step-token-chunk_size").fill("200");
    await page.getByTestId("sweep-start").click();
    await page
      .getByTestId("sweep-progress")
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: 600_000 });
    await page.getByTestId("similarity-chart").scrollIntoViewIfNeeded();
    const open = {
      documents: await page.getByTestId("doc-switcher").locator("option").count(),
      questions_listed: await page.getByTestId("question-item").count(),
      sweep_rows: await page.getByTestId("sweep-row").count(),
      compare: await page.getByTestId("compare-toggle").isChecked(),
    };

    const results: Record<string, ManyChunksDrag | { error: string }> = {};
    for (const file of [files.book, files.manual]) {
      try {
        await show(page, basename(file));
        results[basename(file)] = await traced(browser, page, `${basename(file, ".pdf")}.session-drag`, () =>
          dragChunkSizeUp(page),
        );
      } catch (err) {
        results[basename(file)] = { error: err instanceof Error ? err.message : String(err) };
      }
    }
    return { session: open, ...results };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
