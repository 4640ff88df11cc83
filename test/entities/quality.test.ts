/** The seed's scores on known input: length_score, entity_density, confidence; and CHUNKERS.md's three. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  assessTextQuality,
  boundaryRespect,
  confidenceScore,
  entityDensity,
  lengthScore,
  onWordBoundary,
  overlapQuality,
  qualityIssues,
  qualityScore,
  sizeFit,
} from "../../src/core/entities/quality";
import {
  centroid,
  coherence,
  termVector,
  unitCosine as cosine,
  Vocabulary,
} from "../../src/core/entities/similarity";
import { segmentSentences } from "../../src/core/text/segment";
import { haveChroma, SHARED } from "../support/fixtures";

const SEED = { target_size: 800, min_size: 500, max_size: 1200 };

describe("length_score (the seed's assessLengthScore)", () => {
  it.each([
    [800, 1],
    [600, 0.75],
    [1000, 0.75],
    [500, 0.7],
    [1200, 0.7],
    [250, 0.5],
    [0, 0.3],
    [1201, 0.3],
    [5000, 0.3],
  ])("%i characters → %f", (len, want) => {
    expect(lengthScore(len)).toBeCloseTo(want, 12);
  });

  it("keeps the seed's fixed constants whatever the run's sizes; sizeFit measures the user's target", () => {
    // The seed hard-codes 800/500/1200: a 400-character chunk scores 0.3 + 0.8·0.4 = 0.62.
    expect(lengthScore(400)).toBeCloseTo(0.62, 12);
    expect(sizeFit(400, 400)).toBe(1);
    expect(sizeFit(200, 400)).toBe(0.5);
    expect(sizeFit(800, 400)).toBe(0.5);
    expect(sizeFit(0, 400)).toBe(0);
  });
});

describe("entity_density (the seed's calculateEntityDensity)", () => {
  it.each([
    [3, 100, 1],
    [2, 100, 1],
    [5, 100, 1],
    [1, 100, 0.5],
    [0, 100, 0],
    [6, 100, 0.3],
    [1, 18, 1.5 - 100 / 18 / 5],
    [1, 10, 0.3],
    [1, 30, 1],
  ])("%i entities in %i characters → %f", (n, len, want) => {
    expect(entityDensity(n, len)).toBeCloseTo(want, 12);
  });
});

describe("confidence_score (the seed's calculateConfidenceScores)", () => {
  const prose = (chars: number) =>
    "The boiler was serviced on time today. ".repeat(Math.ceil(chars / 39)).slice(0, chars);

  it("assessTextQuality: sentence length and special characters", () => {
    expect(assessTextQuality(prose(600))).toBe(1);
    expect(assessTextQuality("Hi. Yo. Ok. No.")).toBe(0.8);
    expect(assessTextQuality("x".repeat(300))).toBe(0.8);
    expect(assessTextQuality("Price list — €€€ «special» offer ★★★ for all our clients today.")).toBe(0.7);
  });

  it("assessTextQuality gives what the seed's regular expressions give", () => {
    const seed = (content: string) => {
      const sentences = content.split(/[.!?]+/).filter((s) => s.trim().length > 0);
      const avg = content.length / sentences.length;
      if (avg < 20 || avg > 200) return 0.8;
      return (content.match(/[^\w\s.,;:!?()-]/g) || []).length / content.length > 0.1 ? 0.7 : 1.0;
    };
    // Every kind of character the two tests tell apart: sentence ends, each whitespace trim()
    // removes (and U+200B, which it keeps), the seed's plain punctuation, word characters, others.
    const alphabet = [
      ..."abcXYZ019_ .!?,;:()-\t\n\r\v\f",
      "\u00a0",
      "\u1680",
      "\u2000",
      "\u200a",
      "\u200b",
      "\u2028",
      "\u2029",
      "\u202f",
      "\u205f",
      "\u3000",
      "\ufeff",
      "é",
      "€",
      "«",
      "★",
      "\ud83d\ude00",
      "'",
      '"',
      "/",
      "#",
    ];
    let seedState = 11;
    const next = () => (seedState = (seedState * 1103515245 + 12345) % 2147483648) / 2147483648;
    const outcomes = new Set<number>();
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(next() * 400);
      // Runs of word characters with the rest sprinkled in, so every branch's thresholds are met.
      const text = Array.from({ length }, () =>
        next() < 0.7 ? "abcdefgh"[Math.floor(next() * 8)]! : alphabet[Math.floor(next() * alphabet.length)]!,
      ).join("");
      expect(assessTextQuality(text), JSON.stringify(text)).toBe(seed(text));
      outcomes.add(seed(text));
    }
    expect([...outcomes].sort()).toEqual([0.7, 0.8, 1]);
  });

  it.each([
    [600, 0, 1],
    [600, 2, 1],
    [300, 0, 0.8],
    [300, 2, 0.9],
    [300, 9, 1],
    [1300, 0, 0.9],
  ])("%i characters, %i entities → %f", (chars, entities, want) => {
    expect(confidenceScore(prose(chars), entities, SEED)).toBeCloseTo(want, 12);
  });

  it("multiplies by text quality and floors at 0.1", () => {
    expect(confidenceScore("Hi. Yo.", 2, SEED)).toBeCloseTo((0.8 + 0.1) * 0.8, 12);
  });
});

describe("boundary_respect and overlap_quality", () => {
  const text = "One two. Three four.\n\nFive six.";
  const sentences = segmentSentences(text);

  it("counts chunk ends outside any sentence's interior", () => {
    expect(boundaryRespect(sentences, 0, 8)).toBe(1);
    expect(boundaryRespect(sentences, 0, 5)).toBe(0.5);
    expect(boundaryRespect(sentences, 4, 5)).toBe(0);
    expect(boundaryRespect(sentences, 9, text.length)).toBe(1);
    expect(boundaryRespect(sentences, 21, 22)).toBe(1);
  });

  it("scores the ends of the overlaps a chunk shares on word boundaries", () => {
    const t = "alpha beta gamma delta";
    expect(onWordBoundary(t, 6)).toBe(true);
    expect(onWordBoundary(t, 8)).toBe(false);
    expect(onWordBoundary(t, 0)).toBe(true);
    expect(onWordBoundary(t, t.length)).toBe(true);
    expect(
      overlapQuality(
        t,
        [
          { start: 0, end: 11 },
          { start: 6, end: 22 },
        ],
        0,
      ),
    ).toBe(1);
    expect(
      overlapQuality(
        t,
        [
          { start: 0, end: 13 },
          { start: 8, end: 22 },
        ],
        1,
      ),
    ).toBe(0);
    expect(
      overlapQuality(
        t,
        [
          { start: 0, end: 13 },
          { start: 6, end: 22 },
        ],
        0,
      ),
    ).toBe(0.5);
    // No overlap with either neighbour: nothing cut badly.
    expect(
      overlapQuality(
        t,
        [
          { start: 0, end: 6 },
          { start: 6, end: 22 },
        ],
        0,
      ),
    ).toBe(1);
  });
});

describe("semantic_coherence (lexical TF vectors)", () => {
  const words = new Vocabulary();
  const tv = (text: string) => termVector(text, words);

  it("is 1 for agreeing sentences, 1/√2 for two with no word in common, 1 for a single sentence", () => {
    expect(coherence([tv("red boiler"), tv("Red boiler!")])).toBeCloseTo(1, 6);
    expect(coherence([tv("red boiler"), tv("blue pump")])).toBeCloseTo(Math.SQRT1_2, 6);
    expect(coherence([tv("anything")])).toBe(1);
  });

  it("cosine of unit TF vectors, centroid of unit length", () => {
    expect(cosine(tv("a b"), tv("a c"))).toBeCloseTo(0.5, 12);
    const c = centroid([tv("a"), tv("b")]);
    expect(cosine(c, c)).toBeCloseTo(1, 12);
    // A chunk without sentences has a zero vector, comparable with an embedding too.
    expect(cosine(centroid([]), new Float32Array([1, 0]))).toBe(0);
    expect(cosine(tv("!!"), tv("a"))).toBe(0);
    expect(() => cosine(tv("a"), new Float32Array([1, 0]))).toThrow(TypeError);
  });

  it("gives, to the last bit, what word → weight maps summed in first-seen order give", () => {
    // The vectors' earlier form, kept here as the reference the packed one must equal exactly
    // (a chunk's figures are rounded to 6 digits and written out: a last-bit change can show).
    type WordMap = Map<string, number>;
    const unit = (v: WordMap) => {
      let sum = 0;
      for (const x of v.values()) sum += x * x;
      const n = Math.sqrt(sum);
      if (n > 0) for (const [k, x] of v) v.set(k, x / n);
      return v;
    };
    const mapVector = (text: string) => {
      const tf: WordMap = new Map();
      for (const w of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) tf.set(w, (tf.get(w) ?? 0) + 1);
      return unit(tf);
    };
    const mapCentroid = (vs: WordMap[]) => {
      const sum: WordMap = new Map();
      for (const v of vs) for (const [k, x] of v) sum.set(k, (sum.get(k) ?? 0) + x);
      return unit(sum);
    };
    const mapCosine = (a: WordMap, b: WordMap) => {
      if (a.size === 0 || b.size === 0) return 0;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      let s = 0;
      for (const [k, x] of small) s += x * (large.get(k) ?? 0);
      return s;
    };
    // Generated sentences over a small vocabulary (words recur within and across sentences), and
    // real prose where ../shared is beside the repo.
    const lexicon =
      "the boiler pump valve pressure red blue water heat flow check manual page run it of a".split(" ");
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const text = Array.from({ length: 400 }, () =>
      Array.from(
        { length: 1 + Math.floor(next() * 14) },
        () => lexicon[Math.floor(next() * lexicon.length)],
      ).join(" "),
    );
    if (haveChroma())
      text.push(
        ...readFileSync(path.join(SHARED, "eval/chroma/corpora/wikitexts.md"), "utf8")
          .slice(0, 60_000)
          .split(/(?<=[.!?])\s+/),
      );
    const vocabulary = new Vocabulary();
    const packed = text.map((t) => termVector(t, vocabulary));
    const maps = text.map(mapVector);
    // Chunks of 1–12 sentences, overlapping, as the chunker's plans are.
    const chunks: [number, number][] = [];
    for (let i = 0, n = 1; i < text.length; i += Math.max(1, n - 2), n = (n % 12) + 1)
      chunks.push([i, Math.min(text.length, i + n)]);
    const packedCentroids = chunks.map(([a, b]) => centroid(packed.slice(a, b)));
    const mapCentroids = chunks.map(([a, b]) => mapCentroid(maps.slice(a, b)));
    let compared = 0;
    chunks.forEach(([a, b], c) => {
      const sentences = packed.slice(a, b);
      const mapSentences = maps.slice(a, b);
      const mine = coherence(sentences, packedCentroids[c]!);
      const theirs =
        mapSentences.length < 2
          ? 1
          : mapSentences.reduce((sum, v) => sum + mapCosine(v, mapCentroids[c]!), 0) / mapSentences.length;
      expect(mine).toBe(theirs);
      for (const other of [c + 1, c + 3, c + 7].filter((o) => o < chunks.length)) {
        expect(cosine(packedCentroids[c]!, packedCentroids[other]!)).toBe(
          mapCosine(mapCentroids[c]!, mapCentroids[other]!),
        );
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(100);
  });
});

describe("quality_score", () => {
  it("weighs the five metrics 0.2, 0.2, 0.3, 0.15, 0.15", () => {
    const m = {
      length_score: 1,
      entity_density: 0,
      semantic_coherence: 0,
      boundary_respect: 0,
      overlap_quality: 0,
    };
    expect(qualityScore(m)).toBeCloseTo(0.2, 12);
    expect(qualityScore({ ...m, length_score: 0, semantic_coherence: 1 })).toBeCloseTo(0.3, 12);
    expect(qualityScore({ ...m, length_score: 0, overlap_quality: 1, boundary_respect: 1 })).toBeCloseTo(
      0.3,
      12,
    );
    expect(
      qualityScore({
        length_score: 1,
        entity_density: 1,
        semantic_coherence: 1,
        boundary_respect: 1,
        overlap_quality: 1,
      }),
    ).toBeCloseTo(1, 12);
  });
});

describe("qualityIssues (the seed's QualityIssue types)", () => {
  const good = {
    length_score: 1,
    entity_density: 1,
    semantic_coherence: 0.9,
    boundary_respect: 1,
    overlap_quality: 1,
  };

  it("reports nothing for a chunk inside every band", () => {
    expect(qualityIssues(good, { length: 800, entitySplit: false })).toEqual([]);
  });

  it("names each metric outside its band, with a severity by how far", () => {
    const issues = qualityIssues(
      { ...good, length_score: lengthScore(100), boundary_respect: 0, semantic_coherence: 0.2 },
      { length: 100, entitySplit: true },
    );
    expect(issues.map((i) => [i.type, i.severity])).toEqual([
      ["length_violation", "high"], // 100 chars: 0.3 + 0.2·0.4 = 0.38 < 0.4
      ["entity_split", "high"],
      ["poor_boundary", "medium"],
      ["low_coherence", "high"],
    ]);
    expect(issues[0]!.suggestion).toBe("raise min_size or target_size");
    const mild = qualityIssues(
      { ...good, length_score: lengthScore(300), boundary_respect: 0.5 },
      { length: 300, entitySplit: false },
    );
    expect(mild.map((i) => [i.type, i.severity])).toEqual([
      ["length_violation", "medium"],
      ["poor_boundary", "low"],
    ]);
  });
});
