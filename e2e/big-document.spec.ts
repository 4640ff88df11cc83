/**
 * A long PDF as a user meets it (DESIGN §3): the first pages are shown and chunked while the rest is
 * read — boxes on the page, a provisional note, "running" — and the whole document's run replaces
 * them once it is in.
 */
import { furniturePdf } from "../test/fixtures/pdfs";
import { expect, saveShot, test } from "./helpers";

interface ProvisionalProbe {
  seen: { docStatus: string; runStatus: string; boxes: number; pageCount: string } | null;
}

test("a long PDF's first pages get boxes while the rest is read, then the whole document's run", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const pages = 1200;
  const fx = await furniturePdf({ pages, numbers: true });

  // Watched from the page itself: the provisional window may be short on a fast machine.
  await page.evaluate(() => {
    const probe: ProvisionalProbe = { seen: null };
    (window as unknown as { __provisional: ProvisionalProbe }).__provisional = probe;
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? "";
    const observer = new MutationObserver(() => {
      const boxes = document.querySelectorAll('[data-testid="bbox"]').length;
      if (document.querySelector('[data-testid="provisional-note"]') && boxes > 0) {
        probe.seen = {
          docStatus: text("doc-status"),
          runStatus: text("run-status"),
          boxes,
          pageCount: text("viewer-page-count"),
        };
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByTestId("file-input").setInputFiles({
    name: "long-manual.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(fx.bytes),
  });
  await expect(page.getByTestId("provisional-note")).toContainText(`of ${pages.toLocaleString("en")}`, {
    timeout: 30_000,
  });
  await saveShot(page, "big-document-provisional");

  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 90_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 60_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { __provisional: ProvisionalProbe }).__provisional.seen,
  );
  expect(seen).not.toBeNull();
  expect(seen!.docStatus).toMatch(/^extracting \d+\/1200$/);
  expect(seen!.runStatus).toBe("running");
  expect(seen!.pageCount).toBe("100");

  await expect(page.getByTestId("provisional-note")).toHaveCount(0);
  await expect(page.getByTestId("viewer-page-count")).toHaveText(String(pages));
  // The whole document's chunks reach its last page (the list is virtualized: scrolled to its end).
  await page.getByTestId("chunk-list").evaluate((list) => (list.scrollTop = list.scrollHeight));
  await expect
    .poll(async () =>
      (await page.getByTestId("chunk-item").last().getAttribute("data-pages"))?.split(",").pop(),
    )
    .toBe(String(pages));
  await saveShot(page, "big-document-whole");
});
