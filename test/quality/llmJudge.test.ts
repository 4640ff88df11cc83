import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlmError } from "../../src/core/providers/llm";
import { createOpenAILlm } from "../../src/core/providers/openaiLlm";
import {
  evenSample,
  JudgeReplyError,
  judgeCoherence,
  judgeMessages,
  parseJudgeReply,
} from "../../src/core/quality/llmJudge";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

describe("evenSample", () => {
  it("takes everything when there is little, else spreads over the whole run", () => {
    expect(evenSample(3, 5)).toEqual([0, 1, 2]);
    expect(evenSample(100, 4)).toEqual([0, 33, 66, 99]);
  });
});

describe("parseJudgeReply", () => {
  it("reads one score per passage, in passage order", () => {
    expect(
      parseJudgeReply(
        {
          scores: [
            { passage: 2, score: 0.2 },
            { passage: 1, score: 0.9 },
          ],
        },
        2,
      ),
    ).toEqual([0.9, 0.2]);
  });
  it.each([
    [{}, /no "scores"/],
    [{ scores: [{ passage: 3, score: 0.5 }] }, /not one of 1–2/],
    [{ scores: [{ passage: 1, score: 1.5 }] }, /not between 0 and 1/],
    [{ scores: [{ passage: 1, score: 0.5 }] }, /no score for passage 2/],
  ])("rejects %j", (reply, message) => {
    expect(() => parseJudgeReply(reply, 2)).toThrow(JudgeReplyError);
    expect(() => parseJudgeReply(reply, 2)).toThrow(message);
  });
});

describe("judgeCoherence against an OpenAI-compatible server", () => {
  let server: OpenAIServer;
  beforeAll(async () => {
    server = await startOpenAIServer();
  });
  afterAll(() => server.close());

  it("asks in batches, names the model and counts the tokens", async () => {
    server.reset();
    const texts = Array.from({ length: 8 }, (_, i) => `Passage ${i}. ${"word ".repeat(10)}`);
    server.scriptChat(
      {
        json: { scores: Array.from({ length: 6 }, (_, i) => ({ passage: i + 1, score: 0.5 })) },
        usage: { prompt_tokens: 100, completion_tokens: 20 },
      },
      {
        json: {
          scores: [
            { passage: 1, score: 1 },
            { passage: 2, score: 0 },
          ],
        },
        usage: { prompt_tokens: 40, completion_tokens: 10 },
      },
    );
    const llm = createOpenAILlm({ baseUrl: server.url, model: "judge-model", timeoutMs: 2000 });
    const result = await judgeCoherence(texts, llm);
    expect(server.count("/v1/chat/completions")).toBe(2);
    expect(result.judged.map((j) => j.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(result.mean).toBeCloseTo((6 * 0.5 + 1) / 8, 9);
    expect(result.tokensUsed).toBe(170);
    expect(result.model).toBeTruthy();
    const body = server.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(body.messages[1]!.content).toContain("[1] Passage 6.");
  });

  it("surfaces a malformed reply as a typed error", async () => {
    server.reset();
    server.scriptChat({ content: "{not json" });
    const llm = createOpenAILlm({ baseUrl: server.url, model: "judge-model", timeoutMs: 2000 });
    await expect(judgeCoherence(["a", "b"], llm)).rejects.toBeInstanceOf(LlmError);
  });

  it("cuts long passages for judging", () => {
    const [, user] = judgeMessages(["x".repeat(5000)]);
    expect(user!.content.length).toBeLessThan(1600);
  });
});
