/**
 * State that belongs to its document (DESIGN §12): each document keeps its own chunker and config,
 * a new one starts from the settings in use and says so, "apply to all" is asked for; a link names
 * the document it was made on and waits for it when it is not open; after a reload the evaluation
 * waits for the documents its set names instead of reporting them missing.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";
import { SAMPLE, sampleQuestions } from "./sampleQuestions";
import { storedWorkspace } from "./storedWorkspace";

const NOTES = "# Notes\n\nA second document, in Markdown.\n\nIt has two paragraphs, and a third line.\n";

async function ready(page: Page) {
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function setChunkSize(page: Page, value: number) {
  await page.getByTestId("param-chunk_size").fill(String(value));
  await page.getByTestId("param-chunk_size").press("Enter");
  await ready(page);
}

async function openNotes(page: Page) {
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(NOTES),
  });
  await ready(page);
}

/** The chunk_size the stored workspace holds for document `name` (under its own chunker). */
async function storedChunkSize(page: Page, name: string): Promise<unknown> {
  const doc = (await storedWorkspace(page))?.documents.find((d) => d.name === name);
  return doc?.chunker ? doc.configs?.[doc.chunker]?.["chunk_size"] : undefined;
}

async function switchTo(page: Page, name: string) {
  await page.getByTestId("doc-switcher").selectOption({ label: name });
  await ready(page);
}

test("each document keeps its own config; a new one says where its settings came from", async ({ page }) => {
  await page.goto("/");
  await ready(page);
  await setChunkSize(page, 100);

  await openNotes(page);
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("100");
  await expect(page.getByTestId("config-inherited-note")).toContainText("sample.pdf");
  await saveShot(page, "session-state-inherited");
  await setChunkSize(page, 400);
  await expect(page.getByTestId("config-inherited-note")).toHaveCount(0);

  // Tuning notes.md never moved the sample's 100.
  await switchTo(page, "sample.pdf");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("100");
  await expect(page).toHaveURL(/doc=[0-9a-f]{64}&name=sample\.pdf/);
  await switchTo(page, "notes.md");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("400");

  // Applying to all is its own action.
  await page.getByTestId("config-apply-all").click();
  await switchTo(page, "sample.pdf");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("400");

  // And each document's settings come back after a reload.
  await setChunkSize(page, 200);
  await expect.poll(() => storedChunkSize(page, "sample.pdf")).toBe(200);
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("sample.pdf");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("200");
  await switchTo(page, "notes.md");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("400");
});

test("a link made on a document that is not open applies nothing, names the file and waits for it", async ({
  page,
}) => {
  const id = createHash("sha256").update(NOTES).digest("hex");
  const config = encodeURIComponent(JSON.stringify({ chunk_size: 64 }));
  await page.goto(`/#doc=${id}&name=notes.md&chunker=recursive&config=${config}`);
  await ready(page);
  const notice = page.getByTestId("link-notice");
  await expect(notice).toContainText("This link was made on notes.md, which is not open here");
  // The sample on screen kept its own settings.
  await expect(page.getByTestId("chunker-select")).toHaveValue("token");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("512");
  await saveShot(page, "session-state-link-waiting");

  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("link-open-document").click();
  await (await chooser).setFiles({ name: "notes.md", mimeType: "text/markdown", buffer: Buffer.from(NOTES) });
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("notes.md");
  await expect(page.getByTestId("chunker-select")).toHaveValue("recursive");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("64");
  await expect(notice).toHaveCount(0);
  await switchTo(page, "sample.pdf");
  await expect(page.getByTestId("chunker-select")).toHaveValue("token");
  await expect.poll(() => storedChunkSize(page, "notes.md")).toBe(64);

  // A link made on a document that is open applies to it, even when another is on screen.
  const sampleId = createHash("sha256").update(readFileSync(SAMPLE)).digest("hex");
  await page.goto("about:blank");
  await page.goto(`/#doc=${sampleId}&name=sample.pdf&chunker=token&config=${config}`);
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("sample.pdf");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("64");
  await expect(page.getByTestId("link-notice")).toHaveCount(0);
  await switchTo(page, "notes.md");
  await expect(page.getByTestId("chunker-select")).toHaveValue("recursive");
});

test("after a reload the evaluation waits for the documents its set names, with no error", async ({
  page,
}) => {
  await page.goto("/");
  await ready(page);
  await page.getByTestId("questions-input").setInputFiles({
    name: "sample-questions.jsonl",
    mimeType: "application/jsonl",
    buffer: Buffer.from(sampleQuestions()),
  });
  await expect(page.getByTestId("eval-status")).toHaveText("done", { timeout: 30_000 });
  // Another document on screen: the set's own document is not the current one after the reload.
  await openNotes(page);
  await expect(page.getByTestId("eval-status")).toHaveText("done", { timeout: 30_000 });
  await expect.poll(async () => (await storedWorkspace(page))?.documents.length).toBe(2);

  const statuses: string[] = [];
  await page.exposeFunction("recordEvalStatus", (s: string) => statuses.push(s));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="eval-status"]')?.textContent;
      if (status) (window as unknown as { recordEvalStatus(s: string): void }).recordEvalStatus(status);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("notes.md");
  await expect(page.getByTestId("eval-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("question-item")).toHaveCount(3);
  expect(statuses.filter((s) => s.startsWith("error"))).toEqual([]);
});
