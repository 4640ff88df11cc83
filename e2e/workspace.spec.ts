/**
 * The workspace (DESIGN §10): what the user opened and tuned comes back after the tab is opened
 * again, moves to another browser as one file, travels in a link (with compare's B), and a store
 * that cannot be used is a notice over a working app.
 */
import type { Page } from "@playwright/test";
import { expect, openExportMenu, saveShot, test } from "./helpers";
import { storedWorkspace } from "./storedWorkspace";

const NOTES =
  "# Notes\n\nA second document, in Markdown, to check that both come back.\n\nIt has two paragraphs.\n";

async function ready(page: Page) {
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** Tunes a workspace: the sample and a Markdown file open, recursive at 300, compare on. */
async function tune(page: Page) {
  await page.goto("/");
  await ready(page);
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(NOTES),
  });
  await ready(page);
  await page.getByTestId("doc-switcher").selectOption({ label: "sample.pdf" });
  await ready(page);
  await page.getByTestId("chunker-select").selectOption("recursive");
  await page.getByTestId("param-chunk_size").fill("300");
  await page.getByTestId("param-chunk_size").press("Enter");
  await ready(page);
  await page.getByTestId("compare-toggle").check();
  await expect(page.getByTestId("compare-run-status")).toHaveText("done", { timeout: 30_000 });
  return page.getByTestId("chunk-count").textContent();
}

/**
 * Whether the store holds what `tune` did — the config and compare both: the config's save can
 * land before compare is turned on, and compare's a moment later.
 */
async function tunedIsStored(page: Page): Promise<boolean> {
  const stored = await storedWorkspace(page);
  return stored?.configs["recursive"]?.["chunk_size"] === 300 && stored.compare.enabled;
}

async function expectTuned(page: Page, chunks: string | null) {
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveText(["sample.pdf", "notes.md"]);
  await expect(page.getByTestId("doc-switcher").locator("option:checked")).toHaveText("sample.pdf");
  await expect(page.getByTestId("chunker-select")).toHaveValue("recursive");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("300");
  await expect(page.getByTestId("compare-toggle")).toBeChecked();
  await expect(page.getByTestId("chunk-count")).toHaveText(chunks ?? "");
  await expect(page.locator('[data-testid="bbox"]').first()).toBeVisible();
}

test("a tab opened again shows the same documents, chunker, config and compare", async ({ page }) => {
  const chunks = await tune(page);
  // Saving follows changes by a moment (compare, turned on last, is in the last save); once it has
  // landed the tab is opened afresh, without the link's hash.
  await expect.poll(async () => tunedIsStored(page)).toBe(true);
  await page.goto("about:blank");
  await page.goto("/");
  await expectTuned(page, chunks);
  await expect(page.getByTestId("storage-notice")).toHaveCount(0);
  await saveShot(page, "workspace-restored");
});

test("a workspace file carries everything to a fresh browser", async ({ page, browser }) => {
  const chunks = await tune(page);
  const downloading = page.waitForEvent("download");
  await openExportMenu(page);
  await page.getByTestId("workspace-export").click();
  const file = await (await downloading).path();

  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const fresh = await other.newPage();
  await fresh.goto("/");
  await ready(fresh);
  await openExportMenu(fresh);
  await fresh.getByTestId("workspace-import").setInputFiles(file);
  // The menu closes once the workspace is in: what it holds is on screen.
  await expect(fresh.getByTestId("export-close")).toHaveCount(0);
  await expectTuned(fresh, chunks);
  await other.close();
});

test("a link carries A and B; a link with an invalid config says so and runs the defaults", async ({
  page,
}) => {
  const a = encodeURIComponent(JSON.stringify({ chunk_size: 300, chunk_overlap: 0 }));
  await page.goto(
    `/#chunker=recursive&config=${a}&b=token&bconfig=${encodeURIComponent('{"chunk_size":128}')}`,
  );
  await ready(page);
  await expect(page.getByTestId("param-chunk_size").first()).toHaveValue("300");
  await expect(page.getByTestId("compare-toggle")).toBeChecked();
  await expect(page.getByTestId("link-notice")).toHaveCount(0);

  await page.goto("about:blank");
  await page.goto(`/#chunker=token&config=${encodeURIComponent('{"chunk_size":-5}')}`);
  await ready(page);
  await expect(page.getByTestId("link-notice")).toContainText("chunk_size: must be between");
  await expect(page.getByTestId("param-chunk_size")).toHaveValue("512");
  await expect(page.locator('[data-testid="bbox"]').first()).toBeVisible();
});

test("two tabs on one workspace: the later write wins, and the store stays whole", async ({
  page,
  context,
}) => {
  await tune(page);
  // The first tab's last save (compare on) lands before the second tab writes: else it would win.
  await expect.poll(async () => tunedIsStored(page)).toBe(true);
  const other = await context.newPage();
  await other.goto("/");
  await ready(other);
  // The second tab restored the first's workspace; it now changes the chunker and its size.
  await expect(other.getByTestId("chunker-select")).toHaveValue("recursive");
  await other.getByTestId("chunker-select").selectOption("token");
  await other.getByTestId("param-chunk_size").fill("256");
  await other.getByTestId("param-chunk_size").press("Enter");
  await ready(other);
  await expect.poll(async () => (await storedWorkspace(other))?.configs["token"]?.["chunk_size"]).toBe(256);
  const third = await context.newPage();
  await third.goto("/");
  await ready(third);
  await expect(third.getByTestId("chunker-select")).toHaveValue("token");
  await expect(third.getByTestId("param-chunk_size")).toHaveValue("256");
  await expect(third.getByTestId("doc-switcher").locator("option")).toHaveText(["sample.pdf", "notes.md"]);
  await expect(third.getByTestId("storage-notice")).toHaveCount(0);
});

test.describe("without a usable store", () => {
  test("no IndexedDB (a private window): a notice, and the app works", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "indexedDB", { value: undefined });
    });
    await page.goto("/");
    await ready(page);
    await expect(page.getByTestId("storage-notice")).toContainText("no IndexedDB");
    await page.getByTestId("chunker-select").selectOption("recursive");
    await ready(page);
  });

  test("a full disk: a notice when storing fails, and the work goes on", async ({ page }) => {
    await page.addInitScript(() => {
      IDBObjectStore.prototype.put = function put() {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    await page.goto("/");
    await ready(page);
    await expect(page.getByTestId("storage-notice")).toContainText("storage for this site is full");
    await page.getByTestId("chunker-select").selectOption("recursive");
    await ready(page);
    await saveShot(page, "workspace-storage-full");
  });
});
