import { describe, expect, it } from "vitest";
import { endsSentence, sentenceCuts, unwrapLineBreaks } from "./sentenceEnds";

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

  it("reads a single line break as a space (a wrap) and a blank line as a paragraph end", () => {
    expect(sentenceCuts("just one long clause without an end", 0, 35)).toEqual([]);
    const wrapped = "emit generic code that can\nhandle every case. Next one";
    expect(sentenceCuts(wrapped, 0, wrapped.length)).toEqual([wrapped.indexOf(" Next")]);
    const paragraphs = "a paragraph without a stop\n\nnext paragraph";
    expect(sentenceCuts(paragraphs, 0, paragraphs.length)).toEqual([paragraphs.indexOf("\n")]);
  });

  it("unwrapLineBreaks keeps offsets and paragraph breaks", () => {
    const text = "one\ntwo \n\n three\r\nfour";
    const out = unwrapLineBreaks(text);
    expect(out).toBe("one two \n\n three  four");
    expect(out.length).toBe(text.length);
  });
});

describe("endsSentence", () => {
  const text = "First sentence here. Second one is long and goes on\nA new line. Tail";
  it("is true at a sentence end, a paragraph end and the end of the section, not at a line wrap", () => {
    expect(endsSentence(text, text.indexOf(" Second"), text.length)).toBe(true);
    expect(endsSentence(text, text.indexOf("\n"), text.length)).toBe(false);
    const para = "A heading-less paragraph\n\nNext paragraph.";
    expect(endsSentence(para, para.indexOf("\n"), para.length)).toBe(true);
    expect(endsSentence(text, text.length, text.length)).toBe(true);
    expect(endsSentence(text, text.indexOf(" Tail"), text.indexOf(" Tail") + 1)).toBe(true);
  });
  it("is false inside a sentence", () => {
    expect(endsSentence(text, text.indexOf(" is long"), text.length)).toBe(false);
    expect(endsSentence(text, text.indexOf("ence here"), text.length)).toBe(false);
  });
});
