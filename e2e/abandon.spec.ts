/**
 * A stale run never holds the page up (DESIGN §3): a run abandoned for a newer one is aborted in the
 * engine worker, and a worker still busy 2 s later (a chunker deep in a synchronous library call)
 * is terminated and replaced — the newer run is drawn within seconds, and the stale result never.
 */
import { expect, saveShot, test } from "./helpers";

/** About 1 MB of prose full of names and places, so the entity chunker's NLP runs for many seconds. */
function longProse(): string {
  const people = ["Ada Lovelace", "Charles Babbage", "Grace Hopper", "Alan Turing", "Mary Somerville"];
  const places = ["London", "Paris", "Geneva", "Boston", "Edinburgh"];
  const lines: string[] = [];
  for (let i = 0; lines.join("\n").length < 1_000_000; i++) {
    lines.push(
      `${people[i % 5]} wrote to ${people[(i + 2) % 5]} from ${places[i % 5]} on ${1 + (i % 28)} March ${1840 + (i % 60)} about engine ${i}. ` +
        `The letter ran to ${i % 17} pages and was read aloud in ${places[(i + 3) % 5]}.`,
    );
  }
  return lines.join("\n");
}

test("switching away from a long entity run draws the new run within seconds, never the stale one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("file-input").setInputFiles({
    name: "letters.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(longProse()),
  });
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const tokenCount = await page.getByTestId("chunk-count").textContent();

  await page.getByTestId("chunker-select").selectOption("entity");
  await expect(page.getByTestId("run-status")).toHaveText("running");
  // Let the entity run get deep into its NLP pass before it is abandoned.
  await page.waitForTimeout(1500);
  const switchedAt = Date.now();
  await page.getByTestId("chunker-select").selectOption("token");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 8_000 });
  const ms = Date.now() - switchedAt;
  expect(ms).toBeLessThan(8_000);
  await expect(page.getByTestId("chunk-count")).toHaveText(tokenCount!);
  // The abandoned entity run, if it ever finished somewhere, is never drawn.
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId("chunker-select")).toHaveValue("token");
  await expect(page.getByTestId("chunk-count")).toHaveText(tokenCount!);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await saveShot(page, "abandon-entity");
});
