/**
 * findOptimalChunkEnd and the chunk loop exactly as entity-aware-chunking-policy.md's code and
 * CHUNKERS.md spell them: the exclusive lower bound, closest-to-target with the earlier on a tie,
 * entity end vs entity start, the final max(bestEnd, start + min_size) landing inside an entity,
 * the pure-overlap tail, and the stall guard.
 */
import { describe, expect, it } from "vitest";
import {
  findOptimalChunkEnd,
  insideEntity,
  planChunks,
  type ChunkSizes,
  type EntitySpan,
} from "../../src/core/entities/chunkEnd";

const SEED: ChunkSizes = { target_size: 800, min_size: 500, max_size: 1200, overlap_chars: 100 };
const ent = (start_offset: number, end_offset: number): EntitySpan => ({ start_offset, end_offset });

describe("findOptimalChunkEnd", () => {
  const cases: Array<{
    name: string;
    len: number;
    start: number;
    boundaries: number[];
    entities: EntitySpan[];
    want: number;
  }> = [
    { name: "no boundary: targetEnd", len: 5000, start: 0, boundaries: [], entities: [], want: 800 },
    {
      name: "the boundary closest to targetEnd among (start+min, maxEnd]",
      len: 5000,
      start: 0,
      boundaries: [300, 600, 790, 1000, 1300],
      entities: [],
      want: 790,
    },
    {
      name: "start + min_size itself is excluded (the seed's >)",
      len: 5000,
      start: 0,
      boundaries: [500],
      entities: [],
      want: 800,
    },
    {
      name: "one past start + min_size counts",
      len: 5000,
      start: 0,
      boundaries: [501],
      entities: [],
      want: 501,
    },
    {
      name: "maxEnd itself counts (the seed's <=)",
      len: 5000,
      start: 0,
      boundaries: [1200],
      entities: [],
      want: 1200,
    },
    { name: "beyond maxEnd does not", len: 5000, start: 0, boundaries: [1201], entities: [], want: 800 },
    {
      name: "a tie keeps the earlier boundary",
      len: 5000,
      start: 0,
      boundaries: [700, 900],
      entities: [],
      want: 700,
    },
    {
      name: "offsets are relative to start",
      len: 5000,
      start: 1000,
      boundaries: [1400, 1600, 1850, 2300],
      entities: [],
      want: 1850,
    },
    {
      name: "maxEnd is clamped to the text, targetEnd is not (raw value past the end)",
      len: 700,
      start: 0,
      boundaries: [],
      entities: [],
      want: 800,
    },
    {
      name: "a boundary before the text end within range wins over the unclamped target",
      len: 700,
      start: 0,
      boundaries: [650],
      entities: [],
      want: 650,
    },
    {
      name: "an entity across bestEnd: moved to its end when that is within maxEnd",
      len: 5000,
      start: 0,
      boundaries: [800],
      entities: [ent(780, 820)],
      want: 820,
    },
    {
      name: "an entity across bestEnd ending past maxEnd: moved before its start",
      len: 5000,
      start: 0,
      boundaries: [],
      entities: [ent(790, 1300)],
      want: 790,
    },
    {
      name: "an entity ending exactly at bestEnd is no conflict",
      len: 5000,
      start: 0,
      boundaries: [],
      entities: [ent(700, 800)],
      want: 800,
    },
    {
      name: "entity-split: the entity's start lies under start + min_size, so the min wins",
      len: 5000,
      start: 0,
      boundaries: [],
      entities: [ent(400, 1300)],
      want: 500,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(findOptimalChunkEnd(c.len, c.start, c.entities, c.boundaries, SEED)).toBe(c.want);
    });
  }
});

describe("planChunks (the seed's loop)", () => {
  it("next chunk starts at chunkEnd − overlap_chars", () => {
    const plans = planChunks(2000, [], [], SEED);
    expect(plans.map((p) => [p.start, p.end])).toEqual([
      [0, 800],
      [700, 1500],
      [1400, 2000],
    ]);
    expect(plans.every((p) => p.flags.length === 0)).toBe(true);
  });

  it("flags entity-split when min_size forces the end into an entity", () => {
    const entities = [ent(400, 1300)];
    const plans = planChunks(5000, entities, [], SEED);
    expect(plans[0]).toMatchObject({ start: 0, end: 500, flags: ["entity-split"] });
    expect(insideEntity(entities, 500)).toBe(true);
  });

  it("checks entity-split against all entities even when ends do not avoid them", () => {
    const entities = [ent(790, 810)];
    const plans = planChunks(5000, [], [], SEED, { splitCheck: entities });
    expect(plans[0]).toMatchObject({ end: 800, flags: ["entity-split"] });
    expect(planChunks(5000, entities, [], SEED)[0]).toMatchObject({ end: 810, flags: [] });
  });

  it("keeps and flags a last chunk lying wholly inside the previous one", () => {
    // Chunk 1 asks for 1500 on a 1450-character text: clamped to 1450, yet the next start is 1400.
    const plans = planChunks(1450, [], [], SEED);
    expect(plans.map((p) => [p.start, p.end, p.rawEnd])).toEqual([
      [0, 800, 800],
      [700, 1450, 1500],
      [1400, 1450, 2200],
    ]);
    expect(plans[2]!.flags).toEqual(["tail-inside-previous"]);
  });

  it("flags a pure-overlap tail when the text ends in whitespace", () => {
    // 1,440 characters of content then 10 of whitespace: the last chunk adds only whitespace.
    const plans = planChunks(
      1450,
      [],
      [],
      { ...SEED, overlap_chars: 100 },
      { splitCheck: [], contentEnd: 1440 },
    );
    const last = plans.at(-1)!;
    expect(last.start).toBeLessThan(plans.at(-2)!.end);
    expect(plans.at(-2)!.end).toBeGreaterThanOrEqual(1440);
    expect(last.flags).toContain("tail-inside-previous");
  });

  it("a text shorter than min_size is one chunk", () => {
    expect(planChunks(300, [], [], SEED).map((p) => [p.start, p.end])).toEqual([[0, 300]]);
  });

  it("guards a loop that would not advance (overlap ≥ min_size, which check() forbids)", () => {
    const sizes = { target_size: 500, min_size: 100, max_size: 600, overlap_chars: 700 };
    const plans = planChunks(2000, [], [], sizes);
    expect(plans.map((p) => [p.start, p.end])).toEqual([
      [0, 500],
      [500, 1000],
      [1000, 1500],
      [1500, 2000],
    ]);
    expect(plans.every((p) => p.flags.includes("stall-guarded"))).toBe(true);
  });

  it("always advances, covers the text, and never exceeds max_size (random inputs)", () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let trial = 0; trial < 150; trial++) {
      const len = 1 + rand(6000);
      const min = 1 + rand(400);
      const target = min + rand(400);
      const max = target + rand(400);
      const sizes = { min_size: min, target_size: target, max_size: max, overlap_chars: rand(min) };
      const boundaries = [...new Set(Array.from({ length: rand(60) }, () => 1 + rand(len)))].sort(
        (a, b) => a - b,
      );
      const entities: EntitySpan[] = [];
      for (let at = rand(50); at < len; at += 1 + rand(300)) {
        const end = Math.min(len, at + 1 + rand(40));
        entities.push(ent(at, end));
        at = end;
      }
      const plans = planChunks(len, entities, boundaries, sizes);
      expect(plans[0]!.start).toBe(0);
      expect(plans[plans.length - 1]!.end).toBe(len);
      for (let i = 0; i < plans.length; i++) {
        const p = plans[i]!;
        expect(p.end).toBeGreaterThan(p.start);
        expect(p.end - p.start).toBeLessThanOrEqual(max);
        expect(p.flags.includes("entity-split")).toBe(p.end < len && insideEntity(entities, p.end));
        expect(p.flags).not.toContain("stall-guarded");
        if (i > 0) {
          expect(p.start).toBeGreaterThan(plans[i - 1]!.start);
          expect(p.start).toBeLessThanOrEqual(plans[i - 1]!.end);
        }
      }
    }
  });
});
