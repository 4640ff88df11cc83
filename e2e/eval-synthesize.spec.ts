/**
 * Questions from the LLM (DESIGN §8, optional): with an LLM endpoint configured (a local
 * OpenAI-compatible test server), the evaluation tab asks for questions about the document on
 * screen; a reply whose quote is in the passage word for word becomes a question with that
 * reference, one whose quote is not is rejected and said so.
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

test("questions from the LLM are kept only with a verbatim answer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("synthesize-questions")).toHaveCount(0);
  server.reset();
  server.scriptChat(
    {
      // The first passage is the sample's opening: its title line, with a space for the line break.
      json: {
        question: "What is the sample document's title?",
        quote: "Chunking for Retrieval A field guide",
      },
      usage: { prompt_tokens: 400, completion_tokens: 20 },
    },
    {
      json: { question: "Who wrote it?", quote: "A sentence the document never says." },
      usage: { prompt_tokens: 400, completion_tokens: 20 },
    },
  );
  await page.getByTestId("settings-button").click();
  await page.getByTestId("settings-llm-url").fill(server.url + "/v1");
  await page.getByTestId("settings-llm-model").fill("question-model");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });

  await page.getByTestId("synthesize-count").fill("2");
  await page.getByTestId("synthesize-questions").click();
  await expect(page.getByTestId("synthesize-status")).toContainText(
    "1 question added (question-model); 1 rejected",
  );
  await expect(page.getByTestId("eval-status")).toHaveText("done");
  await expect(page.getByTestId("question-item")).toHaveCount(1);
  await page.getByTestId("question-item").click();
  await expect(page.getByTestId("reference-box").first()).toBeVisible();
  expect(server.count("/v1/chat/completions")).toBe(2);
});
