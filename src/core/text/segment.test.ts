import { describe, expect, it } from "vitest";
import { paragraphs, regexWords, segmentSentences, segmentWords } from "./segment";

const TEXT = "Chunking matters. Does it? Yes!\n\nA new paragraph starts here. Dr. Smith agrees";

describe("segmentSentences", () => {
  it("returns trimmed ranges, paragraph breaks ending sentences (Intl)", () => {
    const spans = segmentSentences(TEXT);
    const texts = spans.map((s) => TEXT.slice(s.start, s.end));
    expect(texts.slice(0, 3)).toEqual(["Chunking matters.", "Does it?", "Yes!"]);
    expect(texts[3]).toBe("A new paragraph starts here.");
    expect(texts.at(-1)).toMatch(/Smith agrees$/);
  });

  it("splits after . ! ? followed by whitespace in regex mode", () => {
    const texts = segmentSentences(TEXT, "regex").map((s) => TEXT.slice(s.start, s.end));
    expect(texts).toEqual([
      "Chunking matters.",
      "Does it?",
      "Yes!",
      "A new paragraph starts here.",
      "Dr.",
      "Smith agrees",
    ]);
  });

  it("handles CJK sentence ends", () => {
    const cjk = "这是第一句。这是第二句！";
    expect(segmentSentences(cjk).map((s) => cjk.slice(s.start, s.end))).toEqual([
      "这是第一句。",
      "这是第二句！",
    ]);
  });
});

describe("paragraphs and words", () => {
  it("splits paragraphs at blank lines", () => {
    const text = "one\ntwo\n \nthree\n\n\nfour  ";
    expect(paragraphs(text).map((s) => text.slice(s.start, s.end))).toEqual(["one\ntwo", "three", "four"]);
  });
  it("finds word-like segments and regex words", () => {
    const text = "It's 42 naïve—words.";
    expect(segmentWords(text).map((s) => text.slice(s.start, s.end))).toEqual([
      "It's",
      "42",
      "naïve",
      "words",
    ]);
    expect(regexWords("Naïve Words, naïve!")).toEqual(["naïve", "words", "naïve"]);
  });
});
