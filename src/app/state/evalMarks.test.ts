import { beforeEach, describe, expect, it } from "vitest";
import { groupByPage, useEvalMarks, type EvalBox } from "./evalMarks";

const box = (page: number, kind: EvalBox["kind"], y0: number, extra: Partial<EvalBox> = {}): EvalBox => ({
  page,
  x0: 10,
  y0,
  x1: 100,
  y1: y0 + 10,
  kind,
  ...extra,
});

beforeEach(() => {
  useEvalMarks.setState(useEvalMarks.getInitialState(), true);
});

describe("eval marks", () => {
  it("groups boxes by page, pages in order of first appearance, boxes in the order given", () => {
    const boxes = [
      box(3, "reference", 0),
      box(1, "hit", 10, { rank: 1, chunkId: "chunk_4" }),
      box(3, "miss", 20, { rank: 2, chunkId: "chunk_9" }),
      box(1, "reference", 30),
      box(2, "miss", 40, { rank: 3 }),
    ];
    const byPage = groupByPage(boxes);
    expect([...byPage.keys()]).toEqual([3, 1, 2]);
    expect(byPage.get(3)).toEqual([boxes[0], boxes[2]]);
    expect(byPage.get(1)).toEqual([boxes[1], boxes[3]]);
    expect(byPage.get(2)).toEqual([boxes[4]]);
    // The boxes themselves, not copies.
    expect(byPage.get(1)![0]).toBe(boxes[1]);
    expect(byPage.get(4)).toBeUndefined();
  });

  it("is an empty map for no boxes", () => {
    expect(groupByPage([]).size).toBe(0);
  });

  it("starts with nothing to draw", () => {
    expect(useEvalMarks.getState()).toEqual({
      byPage: null,
      ranges: [],
      retrievedIds: null,
      marker: null,
      draftByPage: null,
    });
    const byPage = groupByPage([box(1, "reference", 0)]);
    useEvalMarks.setState({ byPage, ranges: [{ start: 0, end: 5, kind: "reference" }] });
    expect(useEvalMarks.getState().byPage).toBe(byPage);
  });
});
