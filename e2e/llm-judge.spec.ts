/**
 * LLM-as-judge coherence on request: with an LLM endpoint configured (a local OpenAI-compatible
 * test server), the quality panel's button rates a sample of the run's chunks and names the model;
 * without one the button is absent and nothing is sent.
 */
import { startOpenAIServer, type OpenAIServer } from "../test/support/openaiServer";
import { expect, test } from "./helpers";

// A fixed port, so the fixture that fails on requests off the app's origin can allow exactly this one.
const PORT = 4491;
let server: OpenAIServer;
test.beforeAll(async () => {
  server = await startOpenAIServer({ port: PORT });
});
test.afterAll(() => server.close());
test.use({ allowedOrigins: [`http://127.0.0.1:${PORT}`] });

test("the judge rates a sample of chunks with the configured model", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("quality-judge")).toHaveCount(0);

  const chunks = Number(await page.getByTestId("chunk-count").textContent());
  const sample = Math.min(chunks, 24);
  const replies = [];
  for (let b = 0; b < sample; b += 6) {
    const n = Math.min(6, sample - b);
    replies.push({
      json: { scores: Array.from({ length: n }, (_, i) => ({ passage: i + 1, score: 0.75 })) },
      usage: { prompt_tokens: 50, completion_tokens: 10 },
    });
  }
  server.reset();
  server.scriptChat(...replies);

  await page.getByTestId("settings-button").click();
  await page.getByTestId("settings-llm-url").fill(server.url + "/v1");
  await page.getByTestId("settings-llm-model").fill("judge-model");
  await page.getByTestId("settings-llm-key").fill("sk-judge-secret");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });

  await page.getByTestId("quality-judge").click();
  await expect(page.getByTestId("quality-judge-result")).toContainText(
    `mean 0.75 over ${sample} of ${chunks} chunks`,
    { timeout: 30_000 },
  );
  expect(server.count("/v1/chat/completions")).toBe(replies.length);
  expect(server.requests.at(-1)!.authorization).toBe("Bearer sk-judge-secret");
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + location.href);
  expect(stored).not.toContain("sk-judge-secret");
});
