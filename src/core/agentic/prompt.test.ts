import { describe, expect, it } from "vitest";
import { boundaryMessages, segmentSentences } from "./prompt";

describe("segmentSentences", () => {
  it("packs consecutive sentences up to the token limit, numbering from 1", () => {
    expect(segmentSentences([30, 30, 30, 30, 30], 70)).toEqual([
      { first: 1, last: 2 },
      { first: 3, last: 4 },
      { first: 5, last: 5 },
    ]);
  });
  it("gives an over-long sentence a segment of its own", () => {
    expect(segmentSentences([10, 200, 10], 50)).toEqual([
      { first: 1, last: 1 },
      { first: 2, last: 2 },
      { first: 3, last: 3 },
    ]);
  });
  it("has no segment for no sentences", () => {
    expect(segmentSentences([], 50)).toEqual([]);
  });
});

describe("boundaryMessages", () => {
  it("numbers the segment's sentences globally, one per line, whitespace collapsed", () => {
    const [system, user] = boundaryMessages(["One.", "Two\nlines.", "Three."], { first: 2, last: 3 }, 450);
    expect(system!.content).toContain('"after_sentence"');
    expect(user!.content).toContain("[2] Two lines.\n[3] Three.");
    expect(user!.content).not.toContain("[1]");
    expect(user!.content).toContain("450 tokens");
  });
});
