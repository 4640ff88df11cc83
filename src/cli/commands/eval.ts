/** `eval` (DESIGN §5). */
import { SMALL_SET } from "../../core/eval/bootstrap";
import { compareVerdict, metricDifferences } from "../../core/eval/difference";
import path from "node:path";
import { getChunker } from "../../core/chunkers/registry";
import { QuestionSetError } from "../../core/eval/errors";
import { UsageError } from "../../host/errors";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "../endpoints";
import {
  hybridWeightsOf,
  loadCollection,
  readQuestionSet,
  retrievalFlags,
  retrievalModeOf,
  universalNewlinesOf,
} from "../retrieval";
import {
  isLocalEmbedderChoice,
  LOCAL_EMBEDDER_CHOICES,
  type LocalEmbedderChoice,
  type SessionEndpoints,
} from "../../core/providers/session";
import { RETRIEVERS, type EvalResult, type RetrievalMode, type RetrieverId } from "../../core/eval/evaluate";
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
  const difference = metricDifferences(a.questions, b.questions, seed !== undefined ? { seed } : {})!;
  return { difference, verdict: compareVerdict(difference, a.questions.length) };
}

interface CompareSide {
  chunker: string;
  config: Record<string, unknown>;
  retriever: RetrieverId;
  retrieval: RetrievalMode | undefined;
  contextualize: boolean;
  localEmbedder?: LocalEmbedderChoice;
}

/**
 * B of a comparison (DESIGN §12 item 4): A's chunks and retrieval, with whatever the --compare-*
 * flags change — its config, retriever, local embedder, hierarchical retrieval or contextualizing.
 * null when no --compare-* flag is given.
 */
function compareSideOf(
  values: Record<string, string | boolean | undefined>,
  a: Omit<CompareSide, "localEmbedder">,
  endpoints: SessionEndpoints,
): CompareSide | null {
  const given = (key: string) => values[key] !== undefined;
  if (
    ![
      "compare-config",
      "compare-retriever",
      "compare-local-embedder",
      "compare-retrieval",
      "compare-contextualize",
    ].some(given)
  )
    return null;
  const side: CompareSide = { ...a };
  const retriever = values["compare-retriever"] as string | undefined;
  if (retriever !== undefined) {
    if (!(RETRIEVERS as readonly string[]).includes(retriever))
      throw new UsageError(`unknown --compare-retriever "${retriever}" (${RETRIEVERS.join(", ")})`);
    if (retriever === "embed" && !endpoints.embedding)
      throw new UsageError(
        "--compare-retriever embed asks the embedding endpoint: give --embed-url and --embed-model",
      );
    side.retriever = retriever as RetrieverId;
  }
  const local = values["compare-local-embedder"] as string | undefined;
  if (local !== undefined) {
    if (!isLocalEmbedderChoice(local))
      throw new UsageError(
        `--compare-local-embedder must be ${LOCAL_EMBEDDER_CHOICES.join(" or ")}, got "${local}"`,
      );
    side.localEmbedder = local;
  }
  const retrieval = retrievalModeOf(values["compare-retrieval"] as string | undefined, "--compare-retrieval");
  if (retrieval) side.retrieval = retrieval;
  const contextualize = values["compare-contextualize"] as string | undefined;
  if (contextualize !== undefined) {
    if (contextualize !== "true" && contextualize !== "false")
      throw new UsageError(`--compare-contextualize must be true or false, got "${contextualize}"`);
    side.contextualize = contextualize === "true";
  }
  return side;
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
    retrieval: { type: "string" },
    contextualize: { type: "boolean" },
    "universal-newlines": { type: "string" },
    "compare-retriever": { type: "string" },
    "compare-local-embedder": { type: "string" },
    "compare-retrieval": { type: "string" },
    "compare-contextualize": { type: "string" },
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
  const retrieval = retrievalModeOf(values.retrieval);
  const contextualize = values.contextualize === true;
  const b = compareSideOf(values, { chunker, config, retriever, retrieval, contextualize }, endpoints);
  const compareTo = b
    ? values["compare-config"]
      ? { ...b, ...(await compareConfigOf(chunker, values["compare-config"])) }
      : b
    : null;
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const set = await readQuestionSet(values.questions, universalNewlinesOf(values["universal-newlines"]));
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
      ...(retrieval ? { retrieval } : {}),
      ...(contextualize ? { contextualize } : {}),
    })
    .catch((err: unknown) => {
      // A span outside its text is found once the documents are read: the message names the set too.
      if (err instanceof QuestionSetError) throw new QuestionSetError(`${values.questions}: ${err.message}`);
      throw err;
    });
  let comparison = null;
  if (compareTo) {
    // B's local embedder is a session setting: set for its run only (the runs are made again).
    if (compareTo.localEmbedder) host.setEndpoints({ ...endpoints, localEmbedder: compareTo.localEmbedder });
    const other = await evaluation.evaluate({
      set,
      chunker: compareTo.chunker,
      config: compareTo.config,
      k,
      retriever: compareTo.retriever,
      docIds: docs.map((d) => d.id),
      ...(seed !== undefined ? { seed } : {}),
      ...(hybridWeights && compareTo.retriever === "hybrid" ? { hybridWeights } : {}),
      ...(compareTo.retrieval ? { retrieval: compareTo.retrieval } : {}),
      ...(compareTo.contextualize ? { contextualize: true } : {}),
    });
    for (const warning of other.warnings) process.stderr.write(`warning: B: ${warning}\n`);
    comparison = {
      compared_with: {
        chunker: other.chunker,
        config: other.config,
        retriever: other.retriever,
        retrieval: other.retrieval,
        contextualize: other.contextualize,
        ...(other.embedderLabel ? { embedder: other.embedderLabel } : {}),
        metrics: other.metrics,
        ci95: other.ci95,
      },
      ...comparedWith(result, other, seed),
    };
  }
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
      ...(result.embedderLabel ? { embedder: result.embedderLabel } : {}),
      retrieval: result.retrieval,
      contextualize: result.contextualize,
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
