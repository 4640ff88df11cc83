/**
 * The local embedder's asset as the tab meets it (issue 19): a corrupt download is a warning and the
 * lexical fallback — named in the stats, said in the run's warnings — never a silent change of
 * embedder and never a failed run.
 */
import { expect, test } from "./helpers";

test("a corrupt word-vector asset: the run falls back to lexical and says why", async ({ page }) => {
  await page
    .context()
    .route("**/embeddings/*.bin", (route) =>
      route.fulfill({ status: 200, body: Buffer.from("not vectors") }),
    );
  await page.goto("/#chunker=late-embedding");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.locator('[data-stat="chunker.ran"] dd')).toHaveText("late-embedding");
  await expect(page.locator('[data-stat="embedding.kind"] dd')).toHaveText("lexical");
  await expect(page.getByTestId("run-warnings")).toContainText(
    /word vectors: checksum mismatch.*lexical TF-IDF/,
  );
});
