/**
 * The export dialog (issue 6 item 4): a tuned config exported as the workbench JSON runs in the CLI
 * to the very chunks the page lists; a seed's own file for its chunker; import back, and a bad
 * import that keeps what was typed.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);

interface ChunkLine {
  chunk_id: string;
  start_char: number;
  doc_id: string;
  doc_name: string;
}

async function openApp(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function tuneChunkSize(page: Page, value: string) {
  await page.getByTestId("param-chunk_size").fill(value);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

function chunkLines(jsonl: string): ChunkLine[] {
  return jsonl
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ChunkLine);
}

/** Every id the (virtualized) chunk list shows, in list order, scrolling it from top to bottom. */
async function listedChunkIds(page: Page): Promise<string[]> {
  const list = page.getByTestId("chunk-list");
  const byIndex = new Map<number, string>();
  await list.evaluate((el) => el.scrollTo(0, 0));
  for (let step = 0; step < 500; step++) {
    const rows = await page
      .getByTestId("chunk-item")
      .evaluateAll((els) =>
        els.map((el) => [Number(el.getAttribute("data-index")), el.getAttribute("data-chunk-id")!] as const),
      );
    for (const [index, id] of rows) byIndex.set(index, id);
    const atEnd = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollBy(0, el.clientHeight * 0.8);
      return end;
    });
    if (atEnd) break;
    // The virtualizer renders the new window on its scroll event.
    await page.waitForTimeout(50);
  }
  const indices = [...byIndex.keys()].sort((a, b) => a - b);
  expect(indices, "the list's rows are contiguous").toEqual(indices.map((_, i) => i));
  return indices.map((i) => byIndex.get(i)!);
}

test("a tuned token config exports as JSON that the CLI runs to the same chunks", async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openApp(page);
  await tuneChunkSize(page, "300");
  const count = Number(await page.getByTestId("chunk-count").textContent());
  expect(count).toBeGreaterThan(3);

  await page.getByTestId("export-button").click();
  const format = page.getByTestId("export-format");
  await expect(format).toHaveValue("json");
  const preview = page.getByTestId("export-preview");
  const json = (await preview.textContent())!;
  const exported = JSON.parse(json) as { version: number; chunker: string; config: Record<string, unknown> };
  expect(exported).toMatchObject({ version: 1, chunker: "token", config: { chunk_size: 300 } });
  await expect(preview).toHaveCSS("font-family", /mono/i);
  await saveShot(page, "export-dialog-json");

  // Download: a blob: URL with the format's file name; the file is the preview's exact text.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-download").click(),
  ]);
  expect(download.suggestedFilename()).toBe("token.workbench.json");
  expect(download.url()).toMatch(/^blob:/);
  const saved = testInfo.outputPath("token.workbench.json");
  await download.saveAs(saved);
  expect(readFileSync(saved, "utf8")).toBe(json);

  // Copy: the same text reaches the clipboard, and the dialog says so.
  await page.getByTestId("export-copy").click();
  await expect(page.getByTestId("export-copy-status")).toHaveText("copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(json);

  // The page's own chunks as JSONL: ids and offsets to compare with the CLI's.
  await format.selectOption("jsonl");
  await expect(page.getByTestId("export-format-note")).toContainText(`${count} chunks`);
  const pageChunks = chunkLines((await preview.textContent())!);
  expect(pageChunks).toHaveLength(count);
  const [jsonlDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("export-download").click(),
  ]);
  expect(jsonlDownload.suggestedFilename()).toBe("sample.token.jsonl");

  const { stdout } = await run(
    "npm",
    ["run", "-s", "cli", "--", "chunk", "public/sample.pdf", "--config", saved],
    {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const cliChunks = chunkLines(stdout);
  expect(cliChunks.map((c) => c.chunk_id)).toEqual(pageChunks.map((c) => c.chunk_id));
  expect(cliChunks.map((c) => c.start_char)).toEqual(pageChunks.map((c) => c.start_char));
  // Every line names its document (DESIGN §12), the same in the page and the CLI.
  expect(new Set(pageChunks.map((c) => c.doc_name))).toEqual(new Set(["sample.pdf"]));
  expect(cliChunks.map((c) => [c.doc_id, c.doc_name])).toEqual(pageChunks.map((c) => [c.doc_id, c.doc_name]));

  await page.getByTestId("export-close").click();
  await expect(page.getByTestId("export-preview")).toHaveCount(0);
  expect(await listedChunkIds(page)).toEqual(cliChunks.map((c) => c.chunk_id));
});

test("the header chunker offers its [chunking] TOML", async ({ page }) => {
  await openApp(page);
  await page.getByTestId("chunker-select").selectOption("header");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("param-max_chunk_chars").fill("1500");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });

  await page.getByTestId("export-button").click();
  const format = page.getByTestId("export-format");
  // The dialog's code loads on first open (it is not in the first paint's bundle).
  await expect(format).toBeVisible();
  // Only the formats that can express the header chunker, then the chunk formats.
  const offered = await format
    .locator("option")
    .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  expect(offered).toEqual(["json", "header-toml", "langchain", "jsonl", "csv"]);
  await format.selectOption("header-toml");
  const preview = page.getByTestId("export-preview");
  await expect(preview).toContainText("[chunking]");
  await expect(preview).toContainText('strategy = "header_based"');
  await expect(preview).toContainText("max_chunk_chars = 1500");
  await expect(page.getByTestId("export-format-note")).toContainText("[chunking]");
  await saveShot(page, "export-dialog-header-toml");

  // A library's file carries its own caveat: what differs from the workbench's chunker.
  await format.selectOption("langchain");
  await expect(preview).toContainText("MarkdownHeaderTextSplitter");
  await expect(page.getByTestId("export-format-note")).toContainText("Not the same algorithm");
});

test("import: the exported JSON brings the tuned config back; a bad paste keeps the text", async ({
  page,
}) => {
  await openApp(page);
  await tuneChunkSize(page, "300");
  const count = await page.getByTestId("chunk-count").textContent();
  await page.getByTestId("export-button").click();
  const json = (await page.getByTestId("export-preview").textContent())!;
  await page.getByTestId("export-close").click();

  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByTestId("param-chunk_size")).not.toHaveValue("300");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).not.toHaveText(count!);

  // A bad paste: the typed error, and the text stays for fixing.
  await page.getByTestId("export-button").click();
  const text = page.getByTestId("export-import-text");
  const broken = json.replace('"chunk_size": 300', '"chunk_size": 300,,');
  await text.fill(broken);
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("export-import-error")).toContainText("not valid JSON");
  await expect(text).toHaveValue(broken);
  await saveShot(page, "export-dialog-import-error");

  // A value the chunker refuses and a credential are refused before anything changes.
  await text.fill(json.replace('"chunk_size": 300', '"chunk_size": -5'));
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("export-import-error")).toContainText("chunk_size");
  await text.fill('{"version": 1, "chunker": "token", "config": {"chunk_size": 300, "api_key": "sk-x"}}');
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("export-import-error")).toContainText("secret");
  await expect(page.getByTestId("param-chunk_size")).not.toHaveValue("300");

  await text.fill(json);
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("export-import-text")).toHaveCount(0);
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("300");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("chunk-count")).toHaveText(count!);

  // A file works the same way: the header chunker's TOML switches the chunker.
  await page.getByTestId("export-button").click();
  await page.getByTestId("export-import-file").setInputFiles({
    name: "chunking.toml",
    mimeType: "application/toml",
    buffer: Buffer.from('[chunking]\nstrategy = "header_based"\nmax_chunk_chars = 1500\n'),
  });
  await expect(page.getByTestId("export-import-text")).toHaveValue(/max_chunk_chars = 1500/);
  await page.getByTestId("export-import-apply").click();
  await expect(page.getByTestId("chunker-select")).toHaveValue("header");
  await expect(page.getByTestId("param-max_chunk_chars")).toHaveValue("1500");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
});
