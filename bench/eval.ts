/**
 * Retrieval evaluation on Chroma's corpora (DESIGN §8, §11): `eval_warm_ms` is one whole
 * evaluation after a parameter change — the five corpora chunked anew, the BM25 index updated,
 * the 472 questions asked and scored — through the same host the worker and the CLI use. Beside
 * it, the paper's configurations with bm25 and the local embedder, for docs/evaluation.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CHROMA_SEPARATORS } from "../src/core/chunkers/recursive/meta";
import { textDocModel } from "../src/core/document";
import type { RetrieverId } from "../src/core/eval/evaluate";
import { parseQuestionSet } from "../src/core/eval/questions";
import { EngineHost } from "../src/host/engine";
import { EvaluationHost } from "../src/host/evaluation";
import { extractPdfBytes } from "../src/pdf/node";
import { readWordVectorsFile } from "../src/cli/wordVectorsFile";

const CHROMA = resolve(import.meta.dirname, "../../shared/eval/chroma");
const CORPORA = ["chatlogs", "finance", "pubmed", "state_of_the_union", "wikitexts"];

/**
 * `eval_hybrid_warm_ms` (DESIGN §12): a hybrid evaluation (BM25 + the app's default local embedder,
 * GloVe, fused by RRF) after a parameter change, on its own engine so the bm25 runs above warm
 * nothing of it; the chunks a change leaves the same keep their cached vectors, as in the app.
 */
async function benchHybrid(
  set: ReturnType<typeof parseQuestionSet>,
  config: (size: number, overlap: number) => Record<string, unknown>,
  repeats: number,
): Promise<Record<string, unknown>> {
  const engine = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
  engine.providers.useWordVectors(readWordVectorsFile);
  engine.setEndpoints({ localEmbedder: "glove" });
  for (const name of CORPORA)
    engine.keep(
      textDocModel(name, `${name}.md`, readFileSync(join(CHROMA, "corpora", `${name}.md`), "utf8")),
    );
  const evaluation = new EvaluationHost(engine);
  const run = (size: number) =>
    evaluation.evaluate({ set, chunker: "recursive", config: config(size, 0), retriever: "hybrid" });
  const t0 = performance.now();
  const first = await run(200);
  const cold = performance.now() - t0;
  const warm: number[] = [];
  let last = first;
  for (let i = 0; i < Math.max(3, repeats * 2); i++) {
    const t1 = performance.now();
    last = await run(200 + 10 * (i + 1));
    warm.push(performance.now() - t1);
  }
  return {
    eval_hybrid_warm_ms: round(median(warm)),
    eval_hybrid: {
      embedder: last.embedderLabel ?? "none",
      cold_ms: round(cold),
      warm_runs_ms: warm.map((v) => round(v)),
      recall_percent_200_0: round(first.metrics.recall * 100, 1),
    },
  };
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchEvaluation(repeats: number): Promise<Record<string, unknown> | null> {
  if (!existsSync(join(CHROMA, "questions_df.csv"))) {
    process.stderr.write("bench: ../shared/eval/chroma is missing: eval_warm_ms skipped\n");
    return null;
  }
  const engine = new EngineHost(extractPdfBytes, Number.POSITIVE_INFINITY);
  // The paper rows' `local` is the lexical embedder, as docs/evaluation.md's table names it (GloVe's
  // figures are docs/embedder.md's, from the CLI).
  engine.setEndpoints({ localEmbedder: "tfidf" });
  for (const name of CORPORA)
    engine.keep(
      textDocModel(name, `${name}.md`, readFileSync(join(CHROMA, "corpora", `${name}.md`), "utf8")),
    );
  const evaluation = new EvaluationHost(engine);
  const set = parseQuestionSet(readFileSync(join(CHROMA, "questions_df.csv"), "utf8"), "questions_df.csv");
  const config = (size: number, overlap: number) => ({
    chunk_size: size,
    chunk_overlap: overlap,
    separators: [...CHROMA_SEPARATORS],
  });
  const run = (size: number, overlap: number, retriever: RetrieverId = "bm25") =>
    evaluation.evaluate({ set, chunker: "recursive", config: config(size, overlap), retriever });

  await run(200, 0); // cold: tokenizer, encodings, index
  const warm: number[] = [];
  const phases: { index_ms: number; retrieve_ms: number; score_ms: number; ci_ms: number }[] = [];
  // Each a parameter change: new chunks on every corpus, as a slider move makes them.
  for (let i = 0; i < Math.max(3, repeats * 2); i++) {
    const t0 = performance.now();
    const result = await run(200 + 10 * (i + 1), 0);
    warm.push(performance.now() - t0);
    phases.push(result.timings);
  }
  const paper: Record<string, unknown> = {};
  for (const [size, overlap] of [
    [200, 0],
    [400, 200],
  ] as const)
    for (const retriever of ["bm25", "local"] as const) {
      const t0 = performance.now();
      const r = await run(size, overlap, retriever);
      paper[`recursive_${size}_${overlap}_${retriever}`] = {
        ...Object.fromEntries(Object.entries(r.metrics).map(([k, v]) => [k, round(v * 100, 1)])),
        ms: round(performance.now() - t0),
      };
    }
  const hybrid = await benchHybrid(set, config, repeats);
  return {
    eval_warm_ms: round(median(warm)),
    ...hybrid,
    // The intervals' share of eval_warm_ms (DESIGN §12: ≤ 50 ms more on 472 questions).
    eval_ci_ms: round(median(phases.map((p) => p.ci_ms)), 1),
    eval: {
      questions: set.questions.length,
      warm_runs_ms: warm.map((v) => round(v)),
      last_phases_ms: Object.fromEntries(Object.entries(phases.at(-1)!).map(([k, v]) => [k, round(v)])),
      metrics_percent: paper,
    },
  };
}
