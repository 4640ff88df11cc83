/** `sweep` (DESIGN §5). */
import path from "node:path";
import { EvaluationHost } from "../../host/evaluation";
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
import { runSweepPool } from "../sweepPool";
import { nearFront, paretoFront, type SweepLine } from "../../core/sweep/result";
import { expandSpace } from "../../core/sweep/space";
import {
  assertLocalEmbedderReady,
  engineHost,
  furnitureOf,
  maxBytesOf,
  parse,
  readSweepSpace,
  reportPages,
  setExtractionTimeout,
  timeoutOf,
  workersOf,
} from "./common";

/**
 * `sweep` (DESIGN §9): every point of a space chunked and evaluated (or scored by quality without a
 * question set) in a pool of worker threads; one JSON line per point in space order, then
 * {"pareto": [...], "near_front": [...]}. The space, flags and set are checked before any document is read.
 */
export async function sweepCommand(args: string[]): Promise<number> {
  const host = engineHost();
  const { values, positionals } = parse(args, {
    space: { type: "string" },
    questions: { type: "string" },
    "docs-dir": { type: "string" },
    k: { type: "string" },
    retriever: { type: "string" },
    retrieval: { type: "string" },
    contextualize: { type: "boolean" },
    "universal-newlines": { type: "string" },
    "hybrid-weights": { type: "string" },
    workers: { type: "string" },
    password: { type: "string" },
    "max-bytes": { type: "string" },
    furniture: { type: "string" },
    timeout: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const furniture = furnitureOf(values.furniture);
  setExtractionTimeout(timeoutOf(values.timeout, undefined));
  if (!values.space) throw new UsageError("missing --space F (a JSON sweep space, DESIGN §9)");
  const endpoints = endpointsFromFlags(values, process.env);
  const { k, retriever } = retrievalFlags(values, endpoints);
  const hybridWeights = hybridWeightsOf(values["hybrid-weights"], retriever);
  const retrieval = retrievalModeOf(values.retrieval);
  const workers = workersOf(values.workers);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const points = expandSpace(await readSweepSpace(values.space));
  const set = values.questions
    ? await readQuestionSet(values.questions, universalNewlinesOf(values["universal-newlines"]))
    : null;
  if (!set && positionals.length === 0)
    throw new UsageError("sweep needs documents: FILE arguments, or --questions naming them");
  const docsDir = values["docs-dir"] ?? (values.questions ? path.dirname(values.questions) : ".");
  const docs = await loadCollection(host, set, positionals, docsDir, {
    password: values.password,
    maxBytes,
    furniture,
  });
  for (const doc of docs) reportPages(doc);
  if (set)
    new EvaluationHost(host).collection(
      set,
      docs.map((d) => d.id),
    );

  const started = performance.now();
  let done = 0;
  const progress = (line: SweepLine) => {
    done++;
    const elapsed = (performance.now() - started) / 1000;
    const left = done === 0 ? 0 : (elapsed / done) * (points.length - done);
    const status = line.skipped ? "skipped" : line.error ? `error: ${line.error}` : `${line.ms} ms`;
    process.stderr.write(`sweep: ${done}/${points.length} (${status}), ~${Math.round(left)} s left\n`);
  };
  const lines = await runSweepPool(
    points,
    {
      docs,
      settings: {
        set,
        docIds: docs.map((d) => d.id),
        k,
        retriever,
        ...(retrieval ? { retrieval } : {}),
        ...(values.contextualize ? { contextualize: true } : {}),
        ...(hybridWeights ? { hybridWeights } : {}),
      },
      endpoints,
    },
    workers,
    (line) => {
      progress(line);
      process.stdout.write(JSON.stringify(line) + "\n");
    },
  );
  const pareto = paretoFront(lines);
  // near_front: off the front, but the question set cannot tell their recall from a front point's.
  process.stdout.write(JSON.stringify({ pareto, near_front: nearFront(lines, pareto) }) + "\n");
  return 0;
}
