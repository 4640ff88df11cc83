/**
 * Retrieval evaluation's fixed points (DESIGN §8) on Chroma's own data: its 472 questions over its
 * five corpora, chunked by the recursive chunker with Chroma's separators and cl100k tokens, give
 * the paper's precision_Ω — 29.9% at 200/0 and 13.9% at 400/200, each within 0.001.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Chunk } from "../../src/core/chunk";
import { CHROMA_SEPARATORS } from "../../src/core/chunkers/recursive/meta";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, runRanges } from "../../src/core/engine";
import { Evaluator, type EvalDocument, type EvalResult } from "../../src/core/eval/evaluate";
import { precisionOmega } from "../../src/core/eval/metrics";
import {
  namedDocuments,
  parseQuestionSet,
  resolveQuestionSet,
  type QuestionSet,
  type ResolvedSet,
} from "../../src/core/eval/questions";
import { haveChroma, SHARED } from "../support/fixtures";

const CHROMA = path.join(SHARED, "eval/chroma");
const CORPORA = ["chatlogs", "finance", "pubmed", "state_of_the_union", "wikitexts"];
const haveChromaData = haveChroma();

describe.skipIf(!haveChromaData)("retrieval evaluation on Chroma's questions and corpora", () => {
  let docs: DocModel[];
  let set: QuestionSet;
  let resolved: ResolvedSet;
  const ctx = createRunContext();
  const runs = new Map<string, Promise<Chunk[][]>>();

  /** Every corpus chunked by recursive with Chroma's separators, cl100k tokens; once per setting. */
  const chunked = (chunk_size: number, chunk_overlap: number) => {
    const key = `${chunk_size}/${chunk_overlap}`;
    if (!runs.has(key))
      runs.set(
        key,
        Promise.all(
          docs.map(async (doc) => {
            const config = { chunk_size, chunk_overlap, separators: [...CHROMA_SEPARATORS] };
            return (await runRanges(doc, "recursive", config, ctx)).chunks;
          }),
        ),
      );
    return runs.get(key)!;
  };

  const meanPrecisionOmega = async (chunk_size: number, chunk_overlap: number) => {
    const chunks = await chunked(chunk_size, chunk_overlap);
    const scores = resolved.questions.map((q) => precisionOmega(q.references, chunks[q.doc]!));
    return scores.reduce((s, x) => s + x, 0) / scores.length;
  };

  const evalDocs = async (chunk_size: number, chunk_overlap: number): Promise<EvalDocument[]> => {
    const chunks = await chunked(chunk_size, chunk_overlap);
    return docs.map((doc, i) => ({
      id: doc.id,
      name: doc.name,
      text: doc.text,
      chunks: chunks[i]!.map(({ id, start, end, text, tokens }) => ({ id, start, end, text, tokens })),
    }));
  };

  beforeAll(() => {
    docs = CORPORA.map((name) =>
      textDocModel(name, `${name}.md`, readFileSync(path.join(CHROMA, "corpora", `${name}.md`), "utf8")),
    );
    set = parseQuestionSet(readFileSync(path.join(CHROMA, "questions_df.csv"), "utf8"), "questions_df.csv");
    resolved = resolveQuestionSet(set, docs);
  });

  it("reads the 472 questions of the five corpora, every reference equal to the text", () => {
    expect(set.format).toBe("chroma-csv");
    expect(set.questions).toHaveLength(472);
    expect(set.questions.map((q) => q.id)).toEqual(Array.from({ length: 472 }, (_, i) => String(i + 1)));
    expect([...namedDocuments(set)].sort()).toEqual(CORPORA);
    expect(resolved.warnings).toEqual([]);
    expect(resolved.questions).toHaveLength(472);
    // Every reference has its content, and it is the text at the span (so no warning) …
    resolved.questions.forEach((q, i) =>
      set.questions[i]!.references.forEach((ref, j) => {
        const { start, end } = q.references[j]!;
        expect(ref.content).toBeDefined();
        expect(docs[q.doc]!.text.slice(start, end)).toBe(ref.content);
      }),
    );
    // … and the corpora have no astral characters: the code-point offsets are the UTF-16 ones.
    expect(resolved.questions.map((q) => q.references)).toEqual(
      set.questions.map((q) => q.references.map(({ start, end }) => ({ start, end }))),
    );
  });

  it("recursive 200/0 tokens: mean precision_Ω within 0.001 of the paper's 0.299", async () => {
    const omega = await meanPrecisionOmega(200, 0);
    expect(Math.abs(omega - 0.299)).toBeLessThanOrEqual(0.001);
  });

  it("recursive 400/200 tokens: mean precision_Ω within 0.001 of the paper's 0.139", async () => {
    const omega = await meanPrecisionOmega(400, 200);
    expect(Math.abs(omega - 0.139)).toBeLessThanOrEqual(0.001);
  });

  it("bm25 at 200/0, k 5: sane hits and recall; 400/200 then 200/0 again gives the first answer", async () => {
    const evaluator = new Evaluator();
    const untimed = ({ timings: _t, indexUpdate: _u, ...rest }: EvalResult) => rest;
    const small = await evalDocs(200, 0);
    const first = await evaluator.evaluate(small, resolved.questions, { k: 5 });
    const chunkCount = small.reduce((s, d) => s + d.chunks.length, 0);
    expect(first.retriever).toBe("bm25");
    expect(first.warnings).toEqual([]);
    expect(first.chunks).toBe(chunkCount);
    expect(first.indexUpdate).toEqual({ added: chunkCount, removed: 0 });
    expect(first.questions).toHaveLength(472);
    for (const q of first.questions) expect(q.retrieved).toHaveLength(5);
    const m = first.metrics;
    expect(m.recall).toBeGreaterThan(0.7);
    expect(m.hit_at_k).toBeGreaterThan(0.8);
    expect(m.hit_at_k).toBeGreaterThanOrEqual(m.mrr);
    expect(m.mrr).toBeGreaterThan(0.5);
    expect(m.precision).toBeGreaterThan(0);
    expect(m.precision).toBeLessThan(m.precision_omega);
    expect(m.iou).toBeLessThanOrEqual(m.precision);
    expect(Math.abs(m.precision_omega - 0.299)).toBeLessThanOrEqual(0.001);

    const large = await evaluator.evaluate(await evalDocs(400, 200), resolved.questions, { k: 5 });
    expect(large.metrics.precision_omega).not.toBe(m.precision_omega);
    const again = await evaluator.evaluate(small, resolved.questions, { k: 5 });
    expect(again.indexUpdate!.added).toBeGreaterThan(0);
    expect(untimed(again)).toEqual(untimed(first));
  });
});
