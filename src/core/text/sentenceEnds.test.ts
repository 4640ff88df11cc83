import { describe, expect, it } from "vitest";
import { endsSentence, sentenceCuts } from "./sentenceEnds";

describe("sentenceCuts", () => {
  it("cuts after each sentence's punctuation, before the whitespace that follows", () => {
    const text = "One is here. Two? Yes!  Three ends";
    const cuts = sentenceCuts(text, 0, text.length);
    expect(cuts.map((c) => text.slice(0, c))).toEqual([
      "One is here.",
      "One is here. Two?",
      "One is here. Two? Yes!",
    ]);
  });

  it("stays strictly inside the range and works on a range of a larger text", () => {
    const text = "xx A first. A second. A third.";
    const cuts = sentenceCuts(text, 3, text.length);
    expect(cuts).toEqual([text.indexOf(" A second"), text.indexOf(" A third")]);
    expect(sentenceCuts(text, 3, text.indexOf(" A second"))).toEqual([]);
  });

  it("finds no cut in a single sentence and treats a line break as a sentence end", () => {
    expect(sentenceCuts("just one long clause without an end", 0, 35)).toEqual([]);
    const text = "a line without a stop\nnext line";
    expect(sentenceCuts(text, 0, text.length)).toEqual([text.indexOf("\n")]);
  });
});

describe("endsSentence", () => {
  const text = "First sentence here. Second one is long and goes on\nA new line. Tail";
  it("is true at a sentence end, a line end and the end of the section", () => {
    expect(endsSentence(text, text.indexOf(" Second"), text.length)).toBe(true);
    expect(endsSentence(text, text.indexOf("\n"), text.length)).toBe(true);
    expect(endsSentence(text, text.length, text.length)).toBe(true);
    expect(endsSentence(text, text.indexOf(" Tail"), text.indexOf(" Tail") + 1)).toBe(true);
  });
  it("is false inside a sentence", () => {
    expect(endsSentence(text, text.indexOf(" is long"), text.length)).toBe(false);
    expect(endsSentence(text, text.indexOf("ence here"), text.length)).toBe(false);
  });
});
