import { describe, expect, it } from "vitest";
import { BoundaryReplyError, groupsFromBoundaries, parseBoundaryReply } from "./validate";

describe("parseBoundaryReply", () => {
  it("reads ordered boundaries inside the segment with their reasons", () => {
    const reply = {
      boundaries: [
        { after_sentence: 3, reason: " topic shifts to pricing " },
        { after_sentence: 7, reason: "new section" },
      ],
    };
    expect(parseBoundaryReply(reply, 1, 10)).toEqual([
      { afterSentence: 3, reason: "topic shifts to pricing" },
      { afterSentence: 7, reason: "new section" },
    ]);
  });

  it.each([
    [{ boundary: [] }, /no "boundaries"/],
    [{ boundaries: [{ after_sentence: "3" }] }, /whole number/],
    [{ boundaries: [{ after_sentence: 2.5 }] }, /whole number/],
    [{ boundaries: [{ after_sentence: 0 }] }, /outside/],
    [{ boundaries: [{ after_sentence: 10 }] }, /outside/],
    [{ boundaries: [{ after_sentence: 4 }, { after_sentence: 4 }] }, /repeats/],
    [{ boundaries: [{ after_sentence: 6 }, { after_sentence: 4 }] }, /not in order/],
    [[1, 2], /no "boundaries"/],
  ])("rejects %j", (reply, message) => {
    expect(() => parseBoundaryReply(reply, 1, 10)).toThrow(BoundaryReplyError);
    expect(() => parseBoundaryReply(reply, 1, 10)).toThrow(message);
  });

  it("accepts an empty list (the segment is one chunk)", () => {
    expect(parseBoundaryReply({ boundaries: [] }, 5, 9)).toEqual([]);
  });
});

describe("groupsFromBoundaries", () => {
  it("turns boundaries into sentence groups carrying the opening reason", () => {
    const groups = groupsFromBoundaries(
      [
        { afterSentence: 2, reason: "a" },
        { afterSentence: 4, reason: "b" },
      ],
      [10, 10, 10, 10, 10],
      100,
    );
    expect(groups).toEqual([
      { first: 0, last: 1, reason: "", sizeSplit: false },
      { first: 2, last: 3, reason: "a", sizeSplit: false },
      { first: 4, last: 4, reason: "b", sizeSplit: false },
    ]);
  });

  it("cuts an over-long group at sentence ends and marks every part", () => {
    const groups = groupsFromBoundaries([], [40, 40, 40, 40], 100);
    expect(groups).toEqual([
      { first: 0, last: 1, reason: "", sizeSplit: true },
      { first: 2, last: 3, reason: "", sizeSplit: true },
    ]);
  });

  it("keeps a single sentence over the limit whole", () => {
    expect(groupsFromBoundaries([], [500], 100)).toEqual([
      { first: 0, last: 0, reason: "", sizeSplit: false },
    ]);
  });
});
