/** `eval` (DESIGN §5). */
import { pairedDifference, SMALL_SET, verdictOf, type PairedDifference } from "../../core/eval/bootstrap";
import type { EvalResult } from "../../core/eval/evaluate";
import { METRIC_KEYS, questionSeries, type MetricKey } from "../../core/eval/metrics";
import path from "node:path";
import { getChunker } from "../../core/chunkers/registry";
import { QuestionSetError } from "../../core/eval/errors";
import { UsageError } from "../../host/errors";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "../endpoints";
import { hybridWeightsOf, loadCollection, readQuestionSet, retrievalFlags } from "../retrieval";
import {
  assertLocalEmbedderReady,
  chunkerAndConfig,
  engineHost,
  evaluationHost,
  furnitureOf,
  maxBytesOf,
  parse,
  reportPages,
  resolveConfigOrThrow,
  setExtractionTimeout,
  timeoutOf,
} from "./common";

/**
 * `eval` (DESIGN §8): a question set asked of the documents it names (found in --docs-dir, by
 * default the set's own folder, as <name>.md|.txt|.pdf) and of the FILE arguments, each chunked with
 * the config under test; one JSON object out. Arguments, config and the set are checked before any
 * document is read.
 */
/** --seed N: the bootstrap's seed, a whole number (42 when absent). */
function seedOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(seed))
    throw new UsageError(`--seed must be a whole number, got "${value}"`);
  return seed;
}

/**
 * `--compare-config F`: B's chunker and config — a workbench export names its chunker; bare keys
 * are the same chunker as A's.
 */
async function compareConfigOf(chunkerA: string, file: string) {
  let b;
  try {
    b = await chunkerAndConfig(undefined, file);
  } catch (err) {
    if (!(err instanceof UsageError) || !/config keys only/.test(err.message)) throw err;
    b = await chunkerAndConfig(chunkerA, file);
  }
  getChunker(b.chunker);
  resolveConfigOrThrow(b.chunker, b.config);
  return b;
}

/** B − A per metric, paired over the set's questions, and the verdict in words (DESIGN §12). */
function comparedWith(a: EvalResult, b: EvalResult, seed: number | undefined) {
  const sa = questionSeries(a.questions);
  const sb = questionSeries(b.questions);
  const options = seed !== undefined ? { seed } : {};
  const difference = Object.fromEntries(
    METRIC_KEYS.map((key) => [key, pairedDifference(sa[key], sb[key], options)]),
  ) as Record<MetricKey, PairedDifference>;
  const n = a.questions.length;
  const verdict = [
    verdictOf(difference.recall, n, { label: "recall", higherIsBetter: true }),
    verdictOf(difference.precision_omega, n, { label: "precision Ω", higherIsBetter: true }),
  ].join("; ");
  return { difference, verdict };
}

export async function evalCommand(args: string[]): Promise<number> {
  const host = engineHost();
  const evaluation = evaluationHost();
  const { values, positionals } = parse(args, {
    questions: { type: "string" },
    "docs-dir": { type: "string" },
    chunker: { type: "string" },
    config: { type: "string" },
    k: { type: "string" },
    retriever: { type: "string" },
    password: { type: "string" },
    "max-bytes": { type: "string" },
    furniture: { type: "string" },
    timeout: { type: "string" },
    seed: { type: "string" },
    "compare-config": { type: "string" },
    "hybrid-weights": { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const furniture = furnitureOf(values.furniture);
  const seed = seedOf(values.seed);
  setExtractionTimeout(timeoutOf(values.timeout, undefined));
  if (!values.questions)
    throw new UsageError("missing --questions F (Chroma's CSV or the workbench's JSONL)");
  const endpoints = endpointsFromFlags(values, process.env);
  const { chunker, config } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker);
  resolveConfigOrThrow(chunker, config);
  const { k, retriever } = retrievalFlags(values, endpoints);
  const hybridWeights = hybridWeightsOf(values["hybrid-weights"], retriever);
  const compareTo = values["compare-config"]
    ? await compareConfigOf(chunker, values["compare-config"])
    : null;
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const set = await readQuestionSet(values.questions);
  const docsDir = values["docs-dir"] ?? path.dirname(values.questions);
  const docs = await loadCollection(host, set, positionals, docsDir, {
    password: values.password,
    maxBytes,
    furniture,
  });
  for (const doc of docs) reportPages(doc);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const result = await evaluation
    .evaluate({
      set,
      chunker,
      config,
      k,
      retriever,
      docIds: docs.map((d) => d.id),
      ...(seed !== undefined ? { seed } : {}),
      ...(hybridWeights ? { hybridWeights } : {}),
    })
    .catch((err: unknown) => {
      // A span outside its text is found once the documents are read: the message names the set too.
      if (err instanceof QuestionSetError) throw new QuestionSetError(`${values.questions}: ${err.message}`);
      throw err;
    });
  const comparison = compareTo
    ? comparedWith(
        result,
        await evaluation.evaluate({
          set,
          chunker: compareTo.chunker,
          config: compareTo.config,
          k,
          retriever,
          docIds: docs.map((d) => d.id),
          ...(seed !== undefined ? { seed } : {}),
          ...(hybridWeights ? { hybridWeights } : {}),
        }),
        seed,
      )
    : null;
  for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
  const asked = result.questions.length;
  if (asked < SMALL_SET)
    process.stderr.write(
      `warning: ${asked} question${asked === 1 ? "" : "s"}: under ${SMALL_SET}, a difference between configs is mostly noise — read the ci95 intervals before comparing\n`,
    );
  process.stdout.write(
    JSON.stringify({
      chunker: result.chunker,
      config: result.config,
      retriever: result.retriever,
      k: result.k,
      metrics: result.metrics,
      ci95: result.ci95,
      ...(comparison ?? {}),
      questions: result.questions.map((q) => ({
        id: q.id,
        question: q.question,
        doc: q.doc,
        recall: q.recall,
        precision: q.precision,
        iou: q.iou,
        precision_omega: q.precision_omega,
        hit: q.hit,
        rr: q.rr,
        ndcg: q.ndcg,
        retrieved: q.retrieved,
      })),
    }) + "\n",
  );
  return 0;
}
