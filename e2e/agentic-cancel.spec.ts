/**
 * A long agentic run can be cancelled mid-run (its LLM call aborts), the last finished run stays on
 * screen, and the day's LLM tokens show as a meter against the chunker's token_budget.
 */
import { startOpenAIServer, type OpenAIServer } from "../test/support/openaiServer";
import { expect, test } from "./helpers";

const PORT = 4492;
let server: OpenAIServer;
test.beforeAll(async () => {
  server = await startOpenAIServer({ port: PORT });
});
test.afterAll(() => server.close());
test.use({ allowedOrigins: [`http://127.0.0.1:${PORT}`] });

test("cancel stops an agentic run mid-call; the budget meter counts the day's tokens", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await page.getByTestId("settings-button").click();
  await page.getByTestId("settings-llm-url").fill(server.url + "/v1");
  await page.getByTestId("settings-llm-model").fill("slow-model");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  const tokenCount = await page.getByTestId("chunk-count").textContent();

  // Every reply takes 20 s: far longer than the test waits.
  server.reset();
  for (let i = 0; i < 20; i++) server.scriptChat({ delayMs: 20_000, then: { json: { boundaries: [] } } });
  await page.getByTestId("chunker-select").selectOption("agentic");
  await expect(page.getByTestId("run-status")).toHaveText("running");
  await expect.poll(() => server.count("/v1/chat/completions"), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByTestId("run-cancel").click();
  await expect(page.getByTestId("run-status")).toHaveText(/^error: cancelled/, { timeout: 5_000 });
  // The last finished run (the token chunker's) is still what the page shows.
  await expect(page.getByTestId("chunk-count")).toHaveText(tokenCount!);
  await expect(page.getByTestId("run-cancel")).toHaveCount(0);

  // Any change runs again: a quick valid reply this time, whose usage the meter books.
  server.reset();
  // One valid reply per segment of the sample (it is sent in a few).
  for (let i = 0; i < 6; i++)
    server.scriptChat({ json: { boundaries: [] }, usage: { prompt_tokens: 300, completion_tokens: 20 } });
  await page.getByTestId("param-max_retries").fill("0");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("llm-budget")).toBeVisible();
  await expect(page.getByTestId("llm-budget-text")).toContainText("/ 100,000");
  const used = Number(
    (await page.getByTestId("llm-budget-text").textContent())!.split("/")[0]!.replace(/,/g, ""),
  );
  // At least the finished run's replies (the sample is three segments); a superseded call may add more.
  expect(used).toBeGreaterThanOrEqual(3 * 320);
  await expect(page.getByTestId("run-warnings")).toHaveText("");
});
