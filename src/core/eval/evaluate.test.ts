import { describe, expect, it } from "vitest";
import { EmbedderError, type Embedder } from "../providers/embedder";
import {
  DEFAULT_K,
  Evaluator,
  RETRIEVERS,
  topPositions,
  type EvalDocument,
  type EvalResult,
} from "./evaluate";
import type { ResolvedQuestion } from "./questions";

/** A document whose chunks are its sentences, joined by one space; `tokens` per chunk as given. */
function evalDoc(id: string, name: string, sentences: [text: string, tokens: number][]): EvalDocument {
  let at = 0;
  const chunks = sentences.map(([text, tokens], i) => {
    const chunk = { id: `${id}${i}`, start: at, end: at + text.length, text, tokens };
    at += text.length + 1;
    return chunk;
  });
  return { id, name, text: sentences.map(([text]) => text).join(" "), chunks };
}

// alpha.md: a0 [0, 17) "cats purr softly.", a1 [18, 35) "dogs bark loudly.", a2 [36, 55) "birds sing at dawn."
// beta.md:  b0 [0, 24) "rust compiles fast code.", b1 [25, 45) "python reads easily."
// Collection order: a0 a1 a2 b0 b1 (positions 0–4).
const ALPHA = evalDoc("a", "alpha.md", [
  ["cats purr softly.", 3],
  ["dogs bark loudly.", 4],
  ["birds sing at dawn.", 5],
]);
const BETA = evalDoc("b", "beta.md", [
  ["rust compiles fast code.", 6],
  ["python reads easily.", 7],
]);
const DOCS = [ALPHA, BETA];

const Q_DOGS: ResolvedQuestion = {
  id: "1",
  question: "Why do dogs bark?",
  doc: 0,
  references: [{ start: 18, end: 35 }],
};
const Q_PYTHON: ResolvedQuestion = {
  id: "2",
  question: "Which language reads easily?",
  doc: 1,
  references: [{ start: 25, end: 45 }],
};
// Asks of a2 but shares a term ("softly") with a0 only: a miss.
const Q_MISS: ResolvedQuestion = {
  id: "3",
  question: "What purrs softly?",
  doc: 0,
  references: [{ start: 36, end: 55 }],
};
const QUESTIONS = [Q_DOGS, Q_PYTHON, Q_MISS];

/** What a result says apart from how long it took. */
const untimed = ({ timings, ...rest }: EvalResult) => {
  expect(timings.index_ms).toBeGreaterThanOrEqual(0);
  expect(timings.retrieve_ms).toBeGreaterThanOrEqual(0);
  expect(timings.score_ms).toBeGreaterThanOrEqual(0);
  return rest;
};

// BM25 over the five chunks: lengths 3 3 3 4 3 (stop word "at" out), average 16 / 5 = 3.2; a term
// in one chunk has idf ln(1 + 4.5 / 1.5) = ln 4; a chunk of length 3 has norm 1.2 · (0.25 + 0.75 · 3 / 3.2).
const NORM_3 = 1.2 * (0.25 + (0.75 * 3) / 3.2);
const ONE_TERM = (Math.log(4) * 2.2) / (1 + NORM_3);

describe("Evaluator: bm25", () => {
  it("retrieves k chunks per question, scores each question by hand, and averages", async () => {
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2 });
    const { questions, metrics, ci95, ...rest } = untimed(result);
    // Each mean inside its interval; hit (0 or 1 per question) resampled from {1, 1, 0}.
    for (const key of Object.keys(metrics) as (keyof typeof metrics)[]) {
      expect(ci95[key][0]).toBeLessThanOrEqual(metrics[key] + 1e-12);
      expect(ci95[key][1]).toBeGreaterThanOrEqual(metrics[key] - 1e-12);
    }
    expect(ci95.hit_at_k).toEqual([0, 1]);
    expect(ci95.precision_omega).toEqual([1, 1]);
    expect(rest).toEqual({
      retriever: "bm25",
      retrieval: "flat",
      contextualize: false,
      k: 2,
      retrieved_tokens: (7 + 10 + 7) / 3,
      chunks: 5,
      warnings: [],
      indexUpdate: { added: 5, removed: 0 },
    });
    expect(questions[0]).toEqual({
      id: "1",
      question: "Why do dogs bark?",
      doc: "alpha.md",
      // dogs and bark in a1, then a score-0 fill: a0, first in collection order.
      retrieved: [
        { doc: "alpha.md", start: 18, end: 35, score: expect.closeTo(2 * ONE_TERM, 12), chunk_id: "a1" },
        { doc: "alpha.md", start: 0, end: 17, score: 0, chunk_id: "a0" },
      ],
      retrieved_tokens: 4 + 3,
      recall: 1,
      precision: 17 / 34,
      iou: 17 / 34,
      precision_omega: 1,
      hit: 1,
      rr: 1,
      ndcg: 1, // the one chunk holding the answer, first
    });
    expect(questions[1]).toEqual({
      id: "2",
      question: "Which language reads easily?",
      doc: "beta.md",
      // reads and easily in b1; the fill is a0 of the other document, in precision's denominator only.
      retrieved: [
        { doc: "beta.md", start: 25, end: 45, score: expect.closeTo(2 * ONE_TERM, 12), chunk_id: "b1" },
        { doc: "alpha.md", start: 0, end: 17, score: 0, chunk_id: "a0" },
      ],
      retrieved_tokens: 7 + 3,
      recall: 1,
      precision: 20 / 37,
      iou: 20 / 37,
      precision_omega: 1,
      hit: 1,
      rr: 1,
      ndcg: 1,
    });
    expect(questions[2]).toEqual({
      id: "3",
      question: "What purrs softly?",
      doc: "alpha.md",
      retrieved: [
        { doc: "alpha.md", start: 0, end: 17, score: expect.closeTo(ONE_TERM, 12), chunk_id: "a0" },
        { doc: "alpha.md", start: 18, end: 35, score: 0, chunk_id: "a1" },
      ],
      retrieved_tokens: 3 + 4,
      recall: 0,
      precision: 0,
      iou: 0,
      precision_omega: 1, // a2 alone touches the reference, and covers it exactly
      hit: 0,
      rr: 0,
      ndcg: 0,
    });
    expect(metrics).toEqual({
      recall: 2 / 3,
      precision: expect.closeTo((0.5 + 20 / 37) / 3, 15),
      iou: expect.closeTo((0.5 + 20 / 37) / 3, 15),
      precision_omega: 1,
      hit_at_k: 2 / 3,
      mrr: 2 / 3,
      ndcg_at_k: 2 / 3,
    });
  });

  it("retrieves exactly k chunks, 5 by default, fewer only when the collection is smaller", async () => {
    const evaluator = new Evaluator();
    expect(DEFAULT_K).toBe(5);
    const byDefault = await evaluator.evaluate(DOCS, QUESTIONS);
    expect(byDefault.k).toBe(5);
    for (const q of byDefault.questions) expect(q.retrieved).toHaveLength(5);
    for (const k of [1, 3]) {
      const result = await evaluator.evaluate(DOCS, QUESTIONS, { k });
      for (const q of result.questions) expect(q.retrieved).toHaveLength(k);
    }
    const tooMany = await evaluator.evaluate(DOCS, QUESTIONS, { k: 10 });
    for (const q of tooMany.questions) expect(q.retrieved).toHaveLength(5);
    // Every chunk once: the positives by score, then the rest in collection order.
    expect(tooMany.questions[0]!.retrieved.map((r) => r.chunk_id)).toEqual(["a1", "a0", "a2", "b0", "b1"]);
  });

  it("refuses a k that is not a whole number from 1", async () => {
    const evaluator = new Evaluator();
    for (const k of [0, -1, 1.5, Number.NaN])
      await expect(evaluator.evaluate(DOCS, QUESTIONS, { k })).rejects.toThrow(RangeError);
  });

  it("keeps its index between runs: unchanged chunks are not read again, results the same", async () => {
    const evaluator = new Evaluator();
    const first = await evaluator.evaluate(DOCS, QUESTIONS, { k: 3 });
    const second = await evaluator.evaluate(DOCS, QUESTIONS, { k: 3 });
    expect(second.indexUpdate).toEqual({ added: 0, removed: 0 });
    const { indexUpdate: _first, ...a } = untimed(first);
    const { indexUpdate: _second, ...b } = untimed(second);
    expect(b).toEqual(a);
    // beta again with other text: scores as a fresh evaluator's.
    const beta2 = evalDoc("b", "beta.md", [
      ["rust compiles fast code.", 6],
      ["python reads easily and runs slowly.", 9],
    ]);
    const q2 = { ...Q_PYTHON, references: [{ start: 25, end: 61 }] };
    const third = await evaluator.evaluate([ALPHA, beta2], [Q_DOGS, q2, Q_MISS], { k: 3 });
    // beta's text changed under the same id (a DocModel id is a hash of its file, so the app never
    // does this): every chunk of it is read again.
    expect(third.indexUpdate).toEqual({ added: 2, removed: 2 });
    const fresh = await new Evaluator().evaluate([ALPHA, beta2], [Q_DOGS, q2, Q_MISS], { k: 3 });
    expect(fresh.indexUpdate).toEqual({ added: 5, removed: 0 });
    expect(third.questions).toEqual(fresh.questions);
    expect(third.metrics).toEqual(fresh.metrics);
  });

  it("scores no questions as zeros", async () => {
    const result = await new Evaluator().evaluate(DOCS, []);
    expect(result.questions).toEqual([]);
    expect(result.retrieved_tokens).toBe(0);
    expect(Object.values(result.metrics)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("answers many questions with a live signal, and stops for an aborted one", async () => {
    const many = Array.from({ length: 64 }, (_, i) => ({ ...Q_DOGS, id: String(i + 1) }));
    const live = await new Evaluator().evaluate(DOCS, many, { signal: new AbortController().signal });
    expect(live.questions).toHaveLength(64);
    const controller = new AbortController();
    controller.abort();
    await expect(new Evaluator().evaluate(DOCS, many, { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

/** Vectors by text from a table; records what it was asked to embed. */
function tableEmbedder(table: Record<string, number[]>, label = "fake endpoint") {
  const calls: string[][] = [];
  const embedder: Embedder = {
    id: `table:${label}`,
    label,
    kind: "neural",
    embed(texts) {
      calls.push([...texts]);
      return Promise.resolve(
        texts.map((t) => {
          const v = table[t];
          if (!v) throw new Error(`no vector for ${t}`);
          return Float32Array.from(v);
        }),
      );
    },
  };
  return { embedder, calls };
}

const TABLE: Record<string, number[]> = {
  "cats purr softly.": [1, 0],
  "dogs bark loudly.": [0.8, 0.6],
  "birds sing at dawn.": [0, 1],
  "rust compiles fast code.": [-1, 0],
  "python reads easily.": [-0.6, 0.8],
  "Why do dogs bark?": [2, 0], // not unit length: the evaluator normalises
  "Which language reads easily?": [0, 3],
};

describe("Evaluator: embed and local", () => {
  it("ranks by cosine with the endpoint's embedder, negative cosines included, ties in collection order", async () => {
    const { embedder } = tableEmbedder(TABLE);
    const result = await new Evaluator().evaluate(DOCS, [Q_DOGS, Q_PYTHON], {
      retriever: "embed",
      endpointEmbedder: embedder,
    });
    expect(result.retriever).toBe("embed");
    expect(result.embedderLabel).toBe("fake endpoint");
    expect(result.warnings).toEqual([]);
    expect(result.indexUpdate).toBeUndefined();
    const [dogs, python] = result.questions;
    // Question (1, 0): a0 1, a1 0.8, a2 0, b1 −0.6, b0 −1.
    expect(dogs!.retrieved.map((r) => r.chunk_id)).toEqual(["a0", "a1", "a2", "b1", "b0"]);
    expect(dogs!.retrieved.map((r) => r.score)).toEqual([
      1,
      expect.closeTo(0.8, 6),
      0,
      expect.closeTo(-0.6, 6),
      -1,
    ]);
    expect(dogs!.rr).toBe(1 / 2);
    // Question (0, 1): a2 1, b1 0.8, a1 0.6, then a0 and b0 tie at 0: a0 first.
    expect(python!.retrieved.map((r) => r.chunk_id)).toEqual(["a2", "b1", "a1", "a0", "b0"]);
    expect(python!.rr).toBe(1 / 2);
  });

  it("embeds each text once, keeping vectors between runs", async () => {
    const { embedder, calls } = tableEmbedder(TABLE);
    const evaluator = new Evaluator();
    const options = { retriever: "embed" as const, endpointEmbedder: embedder, k: 2 };
    const first = await evaluator.evaluate(DOCS, [Q_DOGS, Q_PYTHON], options);
    expect(calls).toEqual([
      [
        "cats purr softly.",
        "dogs bark loudly.",
        "birds sing at dawn.",
        "rust compiles fast code.",
        "python reads easily.",
      ],
      ["Why do dogs bark?", "Which language reads easily?"],
    ]);
    const second = await evaluator.evaluate(DOCS, [Q_DOGS, Q_PYTHON], options);
    expect(calls).toHaveLength(2);
    expect(second.questions).toEqual(first.questions);
  });

  it("falls back to bm25, with a warning, when no endpoint is configured for embed", async () => {
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, { retriever: "embed", k: 2 });
    expect(result.retriever).toBe("bm25");
    expect(result.embedderLabel).toBeUndefined();
    expect(result.warnings).toEqual([
      "no embedding endpoint is configured: ranked with bm25 instead of embed",
    ]);
    const bm25 = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2 });
    expect(result.questions).toEqual(bm25.questions);
  });

  it("falls back to bm25, with a warning naming the endpoint, when it fails with an EmbedderError", async () => {
    const failing: Embedder = {
      id: "down",
      label: "my endpoint",
      kind: "neural",
      embed: () => Promise.reject(new EmbedderError("HTTP 503 from http://localhost:1", 503)),
    };
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, {
      retriever: "embed",
      endpointEmbedder: failing,
      k: 2,
    });
    expect(result.retriever).toBe("bm25");
    expect(result.embedderLabel).toBeUndefined();
    expect(result.warnings).toEqual([
      "my endpoint failed (HTTP 503 from http://localhost:1): ranked with bm25 instead of embed",
    ]);
    expect(result.indexUpdate).toEqual({ added: 5, removed: 0 });
    const bm25 = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2 });
    expect(result.questions).toEqual(bm25.questions);
  });

  it("falls back as well when the endpoint answers with the wrong number of vectors", async () => {
    const short: Embedder = {
      id: "short",
      label: "short endpoint",
      kind: "neural",
      embed: () => Promise.resolve([Float32Array.of(1, 0)]),
    };
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, {
      retriever: "embed",
      endpointEmbedder: short,
    });
    expect(result.retriever).toBe("bm25");
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /^short endpoint failed \(short endpoint returned 1 vectors for 5 texts\.\)/,
    );
  });

  it("lets any other failure of the embedder through", async () => {
    const broken: Embedder = {
      id: "broken",
      label: "broken",
      kind: "neural",
      embed: () => Promise.reject(new TypeError("a bug")),
    };
    await expect(
      new Evaluator().evaluate(DOCS, QUESTIONS, { retriever: "embed", endpointEmbedder: broken }),
    ).rejects.toThrow(TypeError);
  });

  it("answers many questions with a live signal, and stops for an aborted one", async () => {
    const { embedder } = tableEmbedder(TABLE);
    const many = Array.from({ length: 16 }, (_, i) => ({ ...Q_DOGS, id: String(i + 1) }));
    const live = await new Evaluator().evaluate(DOCS, many, {
      retriever: "embed",
      endpointEmbedder: embedder,
      signal: new AbortController().signal,
    });
    expect(live.questions).toHaveLength(16);
    expect(live.questions[15]!.retrieved[0]!.chunk_id).toBe("a0");
    const controller = new AbortController();
    controller.abort();
    await expect(
      new Evaluator().evaluate(DOCS, many, {
        retriever: "embed",
        endpointEmbedder: embedder,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("ranks with the built-in local embedder, fitted on the documents' sentences", async () => {
    const evaluator = new Evaluator();
    const result = await evaluator.evaluate(DOCS, [Q_DOGS], { retriever: "local", k: 1 });
    expect(result.retriever).toBe("local");
    expect(result.embedderLabel).toEqual(expect.any(String));
    expect(result.warnings).toEqual([]);
    expect(result.questions[0]!.retrieved.map((r) => r.chunk_id)).toEqual(["a1"]);
    expect(result.questions[0]!.hit).toBe(1);
    // Same documents: the same embedder and answer; other documents: fitted again.
    const again = await evaluator.evaluate(DOCS, [Q_DOGS], { retriever: "local", k: 1 });
    expect(again.questions).toEqual(result.questions);
    const alphaOnly = await evaluator.evaluate([ALPHA], [Q_DOGS], { retriever: "local", k: 3 });
    expect(alphaOnly.chunks).toBe(3);
    expect(alphaOnly.questions[0]!.retrieved[0]!.chunk_id).toBe("a1");
  });

  it("offers the three retrievers of DESIGN §8 and §12's hybrid", () => {
    expect(RETRIEVERS).toEqual(["bm25", "embed", "local", "hybrid"]);
  });
});

describe("Evaluator: hybrid (BM25 and the embedder, fused by reciprocal rank)", () => {
  it("returns k chunks per question, first where both lists agree, and says it ran hybrid", async () => {
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2, retriever: "hybrid" });
    expect(result.retriever).toBe("hybrid");
    expect(result.warnings).toEqual([]);
    for (const q of result.questions) expect(q.retrieved).toHaveLength(2);
    // "dogs" and "bark" are a1's in both lists: it leads the fused one, with both lists' RRF share.
    expect(result.questions[0]!.retrieved[0]!.chunk_id).toBe("a1");
    expect(result.questions[0]!.retrieved[0]!.score).toBeCloseTo(2 / 61, 12);
    // Weighted all to BM25, the order is BM25's own.
    const bm25 = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2 });
    const onlyBm25 = await new Evaluator().evaluate(DOCS, QUESTIONS, {
      k: 2,
      retriever: "hybrid",
      hybridWeights: [1, 0],
    });
    expect(onlyBm25.questions.map((q) => q.retrieved.map((r) => r.chunk_id))).toEqual(
      bm25.questions.map((q) => q.retrieved.map((r) => r.chunk_id)),
    );
  });
});

describe("Evaluator: intervals", () => {
  it("skips the bootstrap when asked (a sweep point), giving each mean as its own interval", async () => {
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2, intervals: false });
    expect(result.ci95.recall).toEqual([result.metrics.recall, result.metrics.recall]);
    const seeded = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2, seed: 7 });
    const again = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2, seed: 7 });
    expect(seeded.ci95).toEqual(again.ci95);
  });
});

describe("Evaluator: parents and children (DESIGN §12 --retrieval)", () => {
  // P0 [0, 35) = c0 [0, 17) + c1 [18, 35); P1 [36, 66) = c2 [36, 55) + c3 [56, 66).
  const text = "cats purr softly. dogs bark loudly. birds sing at dawn. fish swim.";
  const piece = (id: string, start: number, end: number, extra: object) => ({
    id,
    start,
    end,
    text: text.slice(start, end),
    tokens: end - start,
    ...extra,
  });
  const tree: EvalDocument = {
    id: "t",
    name: "tree.md",
    text,
    chunks: [
      piece("P0", 0, 35, { level: "parent" }),
      piece("c0", 0, 17, { level: "child", parentId: "P0" }),
      piece("c1", 18, 35, { level: "child", parentId: "P0" }),
      piece("P1", 36, 66, { level: "parent" }),
      piece("c2", 36, 55, { level: "child", parentId: "P1" }),
      piece("c3", 56, 66, { level: "child", parentId: "P1" }),
    ],
  };
  const dogs: ResolvedQuestion = {
    id: "1",
    question: "Why do dogs bark?",
    doc: 0,
    references: [{ start: 18, end: 35 }],
  };
  const ids = (r: EvalResult) => r.questions[0]!.retrieved.map((c) => c.chunk_id);

  it("ranks children and returns each one's parent once, by default", async () => {
    const result = await new Evaluator().evaluate([tree], [dogs], { k: 2 });
    expect(result.retrieval).toBe("children-return-parents");
    expect(result.chunks).toBe(4); // the children ranked
    // c1 (dogs, bark) returns P0; the score-0 fill c0 is P0 again, skipped; c2 returns P1.
    expect(ids(result)).toEqual(["P0", "P1"]);
    const q = result.questions[0]!;
    expect(q.recall).toBe(1);
    expect(q.precision).toBeCloseTo(17 / (35 + 30), 12);
    // Ω over what can be returned (parents): P0 alone touches the answer.
    expect(q.precision_omega).toBeCloseTo(17 / 35, 12);
    expect(q.retrieved_tokens).toBe(35 + 30);
  });

  it("ranks and returns parents only, or every chunk flat", async () => {
    const parents = await new Evaluator().evaluate([tree], [dogs], { k: 2, retrieval: "parents-only" });
    expect(parents.chunks).toBe(2);
    expect(ids(parents)).toEqual(["P0", "P1"]);
    const flat = await new Evaluator().evaluate([tree], [dogs], { k: 2, retrieval: "flat" });
    expect(flat.retrieval).toBe("flat");
    expect(flat.chunks).toBe(6);
    // A parent and its child both count: the flat collection ranks both and precision pays twice.
    expect(ids(flat)).toEqual(["c1", "P0"]);
    expect(flat.questions[0]!.precision_omega).toBeCloseTo(17 / 35, 12);
  });

  it("finds k distinct parents however many of one parent's children rank first (hybrid too)", async () => {
    const result = await new Evaluator().evaluate([tree], [dogs], { k: 2, retriever: "hybrid" });
    expect(new Set(ids(result)).size).toBe(2);
  });

  it("is flat for a collection without levels, whatever is asked", async () => {
    const result = await new Evaluator().evaluate(DOCS, QUESTIONS, { k: 2, retrieval: "parents-only" });
    expect(result.retrieval).toBe("flat");
    expect(result.chunks).toBe(5);
  });
});

describe("Evaluator: contextualize (DESIGN §12)", () => {
  const text = "Felines\ncats purr softly.\nCanines\ndogs bark loudly.";
  const doc: EvalDocument = {
    id: "h",
    name: "pets.md",
    text,
    headings: [
      { level: 1, title: "Felines", start: 0 },
      { level: 1, title: "Canines", start: 26 },
    ],
    chunks: [
      { id: "x0", start: 8, end: 25, text: text.slice(8, 25), tokens: 4 },
      { id: "x1", start: 34, end: 51, text: text.slice(34, 51), tokens: 4 },
    ],
  };
  const canines: ResolvedQuestion = {
    id: "1",
    question: "canines?",
    doc: 0,
    references: [{ start: 34, end: 51 }],
  };

  it("indexes each chunk after its heading path; the chunk scored stays the same", async () => {
    const plain = await new Evaluator().evaluate([doc], [canines], { k: 1 });
    expect(plain.contextualize).toBe(false);
    expect(plain.questions[0]!.retrieved[0]!.chunk_id).toBe("x0"); // no shared term: the first chunk
    const contextual = await new Evaluator().evaluate([doc], [canines], { k: 1, contextualize: true });
    expect(contextual.contextualize).toBe(true);
    expect(contextual.questions[0]!.retrieved).toEqual([
      { doc: "pets.md", start: 34, end: 51, score: expect.any(Number), chunk_id: "x1" },
    ]);
    expect(contextual.questions[0]!.recall).toBe(1);
  });
});

describe("topPositions", () => {
  it("gives the best positions first, ties in collection order, as a full sort would (fast-check)", async () => {
    const fc = (await import("fast-check")).default;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        (values, take) => {
          const scores = Float64Array.from(values, (v) => v / 5);
          const sorted = values
            .map((_, position) => ({ position, score: scores[position]! }))
            .sort((a, b) => b.score - a.score || a.position - b.position)
            .slice(0, take);
          expect(topPositions(scores, Math.min(take, values.length))).toEqual(sorted);
        },
      ),
    );
  });
});
