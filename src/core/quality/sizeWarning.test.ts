import { describe, expect, it } from "vitest";
import type { Chunk } from "../chunk";
import { undersizeWarnings } from "./sizeWarning";

const chunk = (tokens: number, text = "x".repeat(tokens)): Chunk => ({
  id: `c${tokens}`,
  index: 0,
  start: 0,
  end: text.length,
  prefixChars: 0,
  text,
  tokens,
  pages: [],
  boxes: [],
  flags: [],
  meta: {},
});

describe("undersizeWarnings", () => {
  it("warns when the median chunk is under half the target, in the rule's unit", () => {
    const small = [chunk(50), chunk(60), chunk(70), chunk(450)];
    expect(undersizeWarnings("late-jaccard", { target_tokens: 450 }, small)).toEqual([
      expect.stringMatching(/^median chunk is 70 tokens, under half of target_tokens 450/),
    ]);
    expect(
      undersizeWarnings("late-jaccard", { target_tokens: 450 }, [chunk(300), chunk(400), chunk(460)]),
    ).toEqual([]);
    expect(
      undersizeWarnings("entity", { target_size: 800 }, [
        chunk(1, "a".repeat(100)),
        chunk(1, "b".repeat(200)),
        chunk(1, "c".repeat(300)),
      ]),
    ).toEqual([expect.stringMatching(/median chunk is 200 chars, under half of target_size 800/)]);
  });

  it("is quiet for ceilings (header's max, simple's bytes) and for too few chunks", () => {
    expect(undersizeWarnings("header", { max_chunk_chars: 2000 }, [chunk(5), chunk(5), chunk(5)])).toEqual(
      [],
    );
    expect(undersizeWarnings("simple", { max_bytes: 2048 }, [chunk(5), chunk(5), chunk(5)])).toEqual([]);
    expect(
      undersizeWarnings("hierarchical", { parent_chunk_size: 1500, child_chunk_size: 400 }, [
        chunk(5),
        chunk(5),
        chunk(5),
      ]),
    ).toEqual([]);
    expect(undersizeWarnings("token", { chunk_size: 512 }, [chunk(5), chunk(5)])).toEqual([]);
  });
});
