import { describe, expect, it } from "vitest";
import type { ChatMessage, Llm } from "../providers/llm";
import {
  findVerbatim,
  samplePassages,
  synthesisMessages,
  synthesizeQuestions,
  SYNTHESIS_MAX,
} from "./synthesize";

function scriptedLlm(replies: unknown[]): Llm & { asked: ChatMessage[][] } {
  const asked: ChatMessage[][] = [];
  return {
    id: "fake",
    label: "fake",
    model: "fake-model",
    asked,
    async completeJSON(messages) {
      asked.push([...messages]);
      return {
        json: replies[asked.length - 1],
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
        model: "m1",
      };
    },
  };
}

describe("findVerbatim", () => {
  it("finds a quote whatever the whitespace between its words", () => {
    const text = "Intro.\nThe answer is\nforty two. Done.";
    expect(findVerbatim(text, "The answer is forty  two.")).toEqual({ start: 7, end: 31 });
  });
  it("refuses a quote with other words, and an empty one", () => {
    expect(findVerbatim("The answer is forty two.", "The answer is 42.")).toBeNull();
    expect(findVerbatim("text", "   ")).toBeNull();
  });
  it("treats regex characters literally", () => {
    expect(findVerbatim("cost (in $) is 3.5*2", "(in $) is 3.5*2")).toEqual({ start: 5, end: 20 });
  });
});

describe("samplePassages", () => {
  it("spreads passages over the text and starts them at line starts", () => {
    const text = Array.from({ length: 400 }, (_, i) => `line ${i} of the document`).join("\n");
    const passages = samplePassages(text, 3);
    expect(passages).toHaveLength(3);
    expect(passages[0]!.start).toBe(0);
    for (const p of passages) {
      expect(p.start === 0 || text[p.start - 1] === "\n").toBe(true);
      expect(p.end).toBeGreaterThan(p.start);
    }
    expect(passages[2]!.start).toBeGreaterThan(passages[1]!.start);
  });
  it("gives one passage for a short text", () => {
    expect(samplePassages("short", 5)).toEqual([{ start: 0, end: 5 }]);
  });
});

describe("synthesizeQuestions", () => {
  const doc = { id: "d", name: "doc.md", text: "Alpha beta.\nGamma delta is\nthe answer.\nEpsilon." };
  it("keeps a question whose quote is in the passage, at its offsets, and rejects the others", async () => {
    const llm = scriptedLlm([{ question: " What is the answer? ", quote: "Gamma delta is the answer." }]);
    const result = await synthesizeQuestions(doc, llm, 1, { firstId: 4 });
    expect(result.questions).toEqual([
      {
        id: "llm-4",
        question: "What is the answer?",
        line: 1,
        references: [{ doc: "doc.md", start: 12, end: 38, content: "Gamma delta is\nthe answer." }],
      },
    ]);
    expect(result.tokensUsed).toBe(15);
    expect(result.model).toBe("m1");
    expect(llm.asked[0]).toEqual(synthesisMessages(doc.text));
  });
  it("rejects replies without strings and quotes not in the text", async () => {
    const long = { ...doc, text: Array.from({ length: 300 }, (_, i) => `Sentence ${i}.`).join("\n") };
    const llm = scriptedLlm([{ question: "Q?", quote: "not there" }, { nope: 1 }]);
    const result = await synthesizeQuestions(long, llm, 2);
    expect(result.questions).toEqual([]);
    expect(result.rejected).toHaveLength(2);
    expect(result.rejected[0]).toContain('"Q?"');
  });
  it("asks at most SYNTHESIS_MAX passages and waits for the limiter before each call", async () => {
    const text = "x ".repeat(200_000);
    const llm = scriptedLlm(Array.from({ length: 100 }, () => ({ question: "Q?", quote: "x x" })));
    let acquired = 0;
    const result = await synthesizeQuestions({ id: "d", name: "big.txt", text }, llm, 500, {
      limiter: { acquire: async () => void acquired++ } as never,
    });
    expect(llm.asked).toHaveLength(SYNTHESIS_MAX);
    expect(acquired).toBe(SYNTHESIS_MAX);
    expect(result.questions).toHaveLength(SYNTHESIS_MAX);
  });
});
