/**
 * Merging the three extractors, compromise's offsets checked against the text, the per-document
 * cache, and a shared run surviving one caller's abort.
 */
import { describe, expect, it } from "vitest";
import { extractEntities, mergeEntities } from "../../src/core/entities/extract";
import { locate, nlpEntities, nlpPieces, preloadNlp, runNlp } from "../../src/core/entities/nlp";
import type { EntityReference, EntitySource } from "../../src/core/entities/types";

function mention(start: number, end: number, source: EntitySource, name = "x"): EntityReference {
  return {
    entity_id: `customer:${name}`,
    entity_type: "customer",
    entity_name: name,
    mention_text: name,
    start_offset: start,
    end_offset: end,
    confidence: 1,
    source,
  };
}

describe("mergeEntities", () => {
  it("dictionary beats pattern beats NLP, then longer, then earlier; result in document order", () => {
    const merged = mergeEntities(100, [
      mention(10, 20, "nlp", "nlp-long"),
      mention(12, 15, "dictionary", "dict"),
      mention(14, 30, "pattern", "pat"),
      mention(40, 45, "nlp", "a"),
      mention(42, 50, "nlp", "b-longer"),
      mention(60, 64, "nlp", "c"),
      mention(62, 66, "nlp", "d"),
    ]);
    expect(merged.map((e) => e.entity_name)).toEqual(["dict", "b-longer", "c"]);
  });

  it("rejects offsets outside the text", () => {
    expect(() => mergeEntities(10, [mention(5, 11, "nlp")])).toThrow(RangeError);
  });
});

describe("compromise offsets", () => {
  it("locate() trims the punctuation compromise keeps in its text but skips in its offset", () => {
    const piece = "He said “Walt Disney’s films” were (Edison, too).";
    expect(locate(piece, { text: "“Walt Disney’s", offset: { start: 9, length: 14 } })).toEqual({
      start: 9,
      end: 20,
    });
    expect(locate(piece, { text: "(Edison,", offset: { start: 36, length: 8 } })).toEqual({
      start: 36,
      end: 42,
    });
    // An offset a few characters off is realigned to the nearest occurrence; text not nearby is dropped.
    expect(locate(piece, { text: "Edison", offset: { start: 33, length: 6 } })).toEqual({
      start: 36,
      end: 42,
    });
    expect(locate(piece, { text: "Tesla", offset: { start: 36, length: 5 } })).toBeNull();
  });

  it("pieces are whole paragraphs packed to a size; a long paragraph is cut after a sentence", () => {
    const text = "One.\n\nTwo two.\n\n" + "Long sentence here. ".repeat(10).trim();
    const pieces = nlpPieces(text, 60);
    expect(pieces[0]).toEqual({ start: 0, end: 14 });
    for (const p of pieces) expect(p.end - p.start).toBeLessThanOrEqual(60);
    expect(pieces.slice(1).every((p) => text.slice(p.start, p.end).startsWith("Long"))).toBe(true);
    expect(pieces[pieces.length - 1]!.end).toBe(text.length);
  });

  it("finds people, places and organizations at true offsets, across paragraphs", async () => {
    const text =
      "Ada Lovelace met Charles Babbage in London.\n\nLater, “Walt Disney” worked with IBM in Paris, France.";
    const { entities, dropped } = await runNlp(text);
    expect(dropped).toBe(0);
    for (const e of entities) expect(text.slice(e.start_offset, e.end_offset)).toBe(e.mention_text);
    const got = entities.map((e) => `${e.entity_type}:${e.mention_text}`);
    expect(got).toEqual(
      expect.arrayContaining([
        "person:Ada Lovelace",
        "person:Charles Babbage",
        "location:London",
        "person:Walt Disney",
        "organization:IBM",
      ]),
    );
    expect(entities.every((e) => e.source === "nlp")).toBe(true);
  });
});

describe("nlpEntities cache", () => {
  it("runs once per (id, text) and not across different texts sharing an id", async () => {
    const a = nlpEntities("cache-doc", "Grace Hopper lived in Arlington.");
    const b = nlpEntities("cache-doc", "Grace Hopper lived in Arlington.");
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toBe(rb);
    const c = await nlpEntities("cache-doc", "Alan Turing lived in Manchester.");
    expect(c).not.toBe(ra);
    expect(c.entities.some((e) => e.mention_text === "Alan Turing")).toBe(true);
  });

  it("one caller's abort does not fail another caller waiting on the same run", async () => {
    const text = "Marie Curie worked in Warsaw and Paris.";
    const controller = new AbortController();
    const first = nlpEntities("abort-doc", text, controller.signal);
    const second = nlpEntities("abort-doc", text);
    controller.abort(new Error("superseded"));
    await expect(first).rejects.toThrow("superseded");
    const result = await second;
    expect(result.entities.some((e) => e.mention_text === "Marie Curie")).toBe(true);
  });

  it("rejects at once for an already aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(nlpEntities("x", "text", controller.signal)).rejects.toThrow("gone");
  });
});

describe("extractEntities", () => {
  it("merges dictionary, patterns and NLP into non-overlapping mentions", async () => {
    const text = "Acme Corp called Ada Lovelace on 2024-03-01 about $500 at ada@acme.com.";
    const { entities, found } = await extractEntities({ id: "ex", text }, [
      { name: "Acme Corp", type: "customer" },
    ]);
    expect(found.dictionary).toBe(1);
    for (let i = 1; i < entities.length; i++) {
      expect(entities[i]!.start_offset).toBeGreaterThanOrEqual(entities[i - 1]!.end_offset);
    }
    const got = entities.map((e) => `${e.entity_type}:${e.mention_text}`);
    expect(got).toEqual(
      expect.arrayContaining([
        "customer:Acme Corp",
        "person:Ada Lovelace",
        "date:2024-03-01",
        "money:$500",
        "email:ada@acme.com",
      ]),
    );
    expect(got.filter((g) => g.includes("Acme Corp"))).toEqual(["customer:Acme Corp"]);
  });
});

describe("preloadNlp", () => {
  it("loads compromise ahead of a run, which then finds the same entities", async () => {
    await preloadNlp();
    const text = "Grace Hopper worked at Harvard in Cambridge.";
    const { entities } = await runNlp(text);
    expect(entities.map((e) => `${e.entity_type}:${e.mention_text}`)).toContain("person:Grace Hopper");
  });
});
