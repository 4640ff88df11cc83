/** Back-references as the seed builds them: first three related chunks in document order, then by relevance. */
import { describe, expect, it } from "vitest";
import {
  contextSummary,
  determineRelationship,
  entityBackReferences,
  entityFrequency,
  relevanceScore,
  type BackRefChunk,
} from "../../src/core/entities/backRefs";
import type { EntityReference } from "../../src/core/entities/types";

function ref(name: string): EntityReference {
  return {
    entity_id: `customer:${name.toLowerCase()}`,
    entity_type: "customer",
    entity_name: name,
    mention_text: name,
    start_offset: 0,
    end_offset: name.length,
    confidence: 1,
    source: "dictionary",
  };
}

const X = ref("Acme");
const Y = ref("Globex");

describe("entityBackReferences", () => {
  const chunks: BackRefChunk[] = [
    { content: "Acme is our oldest customer. It pays late.", entities: [X] },
    { content: "Acme ordered boilers.", entities: [X] },
    { content: "Nothing here.", entities: [] },
    { content: "Globex and Acme merged. Globex leads.", entities: [Y, X, Y] },
    { content: "Acme again.", entities: [X] },
    { content: "Acme once more.", entities: [X] },
  ];
  // Only chunks 0 and 4 are alike: relevance must reorder what document order chose.
  const sim = (i: number, j: number) => ((i === 0 && j === 4) || (i === 4 && j === 0) ? 1 : 0);

  it("takes the first three other chunks in document order, then sorts by relevance", () => {
    const refs = entityBackReferences(chunks, sim)[0]!;
    // Chunks 1, 3, 4 (not 5): relevance 0.3/2 + 0.3·1 + 0 = 0.45; 0.3/4 + 0.3·⅓ = 0.175;
    // 0.3/5 + 0.3·1 + 0.4 = 0.76.
    expect(refs.map((r) => r.context_summary)).toEqual([
      "Acme again...",
      "Acme ordered boilers...",
      "Globex and Acme merged...",
    ]);
    expect(refs.map((r) => r.relevance_score)).toEqual([
      expect.closeTo(0.76, 10),
      expect.closeTo(0.45, 10),
      expect.closeTo(0.175, 10),
    ]);
    expect(refs.every((r) => r.entity_id === "customer:acme" && r.relationship === "defines")).toBe(true);
  });

  it("repeats back-references per mention, as the seed loops over mentions", () => {
    const refs = entityBackReferences(chunks, sim)[3]!;
    // Globex is mentioned twice but nowhere else; Acme once → chunks 0, 1, 4.
    expect(refs).toHaveLength(3);
    const twice = entityBackReferences(
      [{ content: "Acme, Acme.", entities: [X, X] }, ...chunks.slice(1)],
      sim,
    )[0]!;
    expect(twice).toHaveLength(6);
  });

  it("a chunk without entities has none", () => {
    expect(entityBackReferences(chunks, sim)[2]).toEqual([]);
  });
});

describe("the seed's helpers", () => {
  it("relevanceScore weighs proximity, frequency and similarity 0.3 / 0.3 / 0.4", () => {
    expect(relevanceScore(0, 0, 0)).toBeCloseTo(0.3, 12);
    expect(relevanceScore(1, 1, 1)).toBeCloseTo(0.15 + 0.3 + 0.4, 12);
  });

  it("entityFrequency is the entity's share of the chunk's mentions", () => {
    expect(entityFrequency({ content: "", entities: [X, Y, Y, X] }, X)).toBe(0.5);
    expect(entityFrequency({ content: "", entities: [] }, X)).toBe(0);
  });

  it("determineRelationship reads the phrases the seed lists", () => {
    expect(determineRelationship("We define acme as …", X)).toBe("defines");
    expect(determineRelationship("A note about Acme.", X)).toBe("describes");
    expect(determineRelationship("Please see ACME below.", X)).toBe("references");
    expect(determineRelationship("Acme, Inc.", X)).toBe("mentions");
  });

  it("contextSummary: the first sentence naming the entity, cut at 150, else the first sentence", () => {
    const long = "Acme " + "x".repeat(200);
    expect(contextSummary(`Intro. ${long}. End`, X)).toBe(long.slice(0, 150) + "...");
    expect(contextSummary("First one! Second one.", X)).toBe("First one...");
  });
});
