/**
 * The workspace record as it comes back from storage or a colleague's zip (DESIGN §10, §12): every
 * field checked — types, ranges, known chunker ids, depth — before any of it is applied. Unknown
 * keys are dropped (an object schema keeps only what it names); configs for chunkers this app does
 * not have are dropped (a newer app's); a current chunker this app does not have is refused.
 */
import * as v from "valibot";
import { CHUNKER_METAS } from "../chunkers/metas";
import { FURNITURE_SETTINGS } from "../document";
import { MAX_QUESTIONS } from "../eval/questions";
import { MAX_SWEEP_POINTS } from "../sweep/space";
import { RETRIEVAL_MODES, RETRIEVERS } from "../eval/evaluate";
import { SchemaError, schemaErrorFrom } from "./errors";
import { MAX_DEPTH, tooDeepAt } from "./json";

const CHUNKER_IDS = CHUNKER_METAS.map((m) => m.id);
const knownChunker = (id: string) => CHUNKER_IDS.includes(id);

const finite = v.pipe(v.number(), v.finite("must be a finite number"));
const count = v.pipe(v.number(), v.integer("must be a whole number"), v.minValue(0));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max, `is longer than ${max} characters`));

const chunkerIdSchema = v.pipe(
  v.string(),
  v.check(
    knownChunker,
    (issue) => `"${String(issue.input).slice(0, 80)}" is not a chunker of this workbench`,
  ),
);

/** A chunker's config: an object of keys (checked against the chunker when applied), not too deep. */
const configSchema = v.pipe(
  v.record(text(200), v.unknown()),
  // The config is itself one level; its values may nest up to the limit.
  v.check((c) => tooDeepAt(c, MAX_DEPTH) === null, `is nested deeper than ${MAX_DEPTH} levels`),
);

/** Configs by chunker id: the ids this app has, each a config; others (a newer app's) dropped. */
const configsSchema = v.pipe(
  v.record(text(200), configSchema),
  v.transform((configs) => Object.fromEntries(Object.entries(configs).filter(([id]) => knownChunker(id)))),
);

const ocrWordSchema = v.object({
  text: text(10_000),
  x0: finite,
  y0: finite,
  x1: finite,
  y1: finite,
  confidence: finite,
});

const ocrPageSchema = v.object({
  page: v.pipe(count, v.minValue(1)),
  scale: v.pipe(finite, v.minValue(0)),
  paragraphs: v.array(v.array(v.array(ocrWordSchema))),
});

const documentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, "is not a document id (a sha256 in hex)")),
  name: text(1000),
  kind: v.picklist(["pdf", "markdown", "text"]),
  ocr: v.optional(v.array(ocrPageSchema)),
  furniture: v.optional(v.picklist(FURNITURE_SETTINGS)),
  chunker: v.optional(chunkerIdSchema),
  configs: v.optional(configsSchema),
});

const referenceSchema = v.object({
  doc: v.pipe(text(1000), v.minLength(1)),
  start: count,
  end: count,
  page: v.optional(v.pipe(count, v.minValue(1))),
  content: v.optional(v.string()),
});

/** A question set as the evaluation holds it (parsed: the app's own shape, not a file format). */
const questionSetSchema = v.object({
  format: v.picklist(["chroma-csv", "jsonl"]),
  universalNewlines: v.optional(v.boolean()),
  questions: v.pipe(
    v.array(
      v.object({
        id: text(1000),
        question: v.pipe(v.string(), v.minLength(1)),
        references: v.pipe(v.array(referenceSchema), v.minLength(1, "a question needs a reference")),
        line: count,
        codePointOffsets: v.optional(v.boolean()),
      }),
    ),
    v.maxLength(MAX_QUESTIONS, `holds more than ${MAX_QUESTIONS} questions`),
  ),
});

/** A sweep point's own retrieval (a space's "retrieval" axis, core/sweep/space). */
const pointRetrievalSchema = v.object({
  retriever: v.optional(v.picklist(RETRIEVERS)),
  contextualize: v.optional(v.boolean()),
  retrieval: v.optional(v.picklist(RETRIEVAL_MODES)),
  hybrid_weights: v.optional(v.tuple([finite, finite])),
});

const sweepPointSchema = v.object({
  chunker: chunkerIdSchema,
  config: configSchema,
  retrieval: v.optional(pointRetrievalSchema),
  skipped: v.optional(v.string()),
});

const sweepLineSchema = v.object({
  chunker: chunkerIdSchema,
  config: configSchema,
  retrieval: v.optional(pointRetrievalSchema),
  recall_ci95: v.optional(v.tuple([finite, finite])),
  metrics: v.optional(v.record(text(100), v.nullable(finite))),
  chunks: v.optional(count),
  mean_tokens: v.optional(finite),
  retrieved_tokens: v.optional(v.nullable(finite)),
  ms: v.optional(finite),
  skipped: v.optional(v.string()),
  error: v.optional(v.string()),
});

/** A sweep's saved result (the sweep panel's own shape), or null. */
export const sweepSnapshotSchema = v.pipe(
  v.object({
    points: v.pipe(v.array(sweepPointSchema), v.maxLength(MAX_SWEEP_POINTS)),
    lines: v.array(v.nullable(sweepLineSchema)),
    objective: v.picklist(["recall", "quality"]),
    k: v.nullable(v.pipe(count, v.minValue(1))),
    status: v.picklist(["idle", "running", "done", "cancelled", "interrupted"]),
  }),
  v.check((s) => s.points.length === s.lines.length, "has points and lines of different lengths"),
);

const workspaceRecordSchema = v.object({
  schema: v.literal(1),
  savedAt: v.optional(finite, 0),
  documents: v.pipe(v.array(documentSchema), v.maxLength(1000)),
  currentId: v.optional(v.nullable(v.string()), null),
  chunker: chunkerIdSchema,
  configs: configsSchema,
  compare: v.object({
    enabled: v.optional(v.boolean(), false),
    chunker: v.optional(chunkerIdSchema),
    configs: v.optional(configsSchema, {}),
  }),
  questions: v.optional(v.nullable(v.object({ name: v.nullable(text(1000)), set: questionSetSchema })), null),
  evaluation: v.optional(
    v.object({
      k: v.optional(v.pipe(count, v.minValue(1), v.maxValue(1000)), 5),
      retriever: v.optional(text(100), "bm25"),
      // Issue 30: how hierarchical runs are retrieved and whether the index carries heading paths.
      retrieval: v.optional(v.picklist(RETRIEVAL_MODES)),
      contextualize: v.optional(v.boolean()),
      compareRetrieval: v.optional(
        v.object({
          retriever: v.optional(v.picklist(RETRIEVERS)),
          retrieval: v.optional(v.picklist(RETRIEVAL_MODES)),
          contextualize: v.optional(v.boolean()),
        }),
      ),
    }),
    { k: 5, retriever: "bm25" },
  ),
  sweep: v.optional(v.nullable(sweepSnapshotSchema), null),
  view: v.optional(
    v.object({
      zoom: v.optional(
        v.union([v.literal("fit-width"), v.pipe(finite, v.minValue(0.05), v.maxValue(20))]),
        "fit-width",
      ),
      selectedChunkId: v.optional(v.nullable(text(1000)), null),
    }),
    { zoom: "fit-width", selectedChunkId: null },
  ),
});

export type CheckedWorkspaceRecord = v.InferOutput<typeof workspaceRecordSchema>;

/** The record checked whole, or an SchemaError naming the first key that is wrong. */
export function checkWorkspaceRecord(raw: unknown, what = "the workspace"): CheckedWorkspaceRecord {
  // Checked first and without recursion: a schema walks a value recursively.
  const depth = tooDeepAt(raw, MAX_DEPTH + 4);
  if (depth !== null)
    throw new SchemaError(depth, `${what}: ${depth}: is nested deeper than ${MAX_DEPTH} levels`);
  const result = v.safeParse(workspaceRecordSchema, raw);
  if (!result.success) throw schemaErrorFrom(result.issues, what);
  return result.output;
}

/** A sweep's saved result from this tab's session storage, checked as a record's sweep is. */
export function checkSweepSnapshot(
  raw: unknown,
  what = "the saved sweep",
): v.InferOutput<typeof sweepSnapshotSchema> {
  const depth = tooDeepAt(raw, MAX_DEPTH + 4);
  if (depth !== null)
    throw new SchemaError(depth, `${what}: ${depth}: is nested deeper than ${MAX_DEPTH} levels`);
  const result = v.safeParse(sweepSnapshotSchema, raw);
  if (!result.success) throw schemaErrorFrom(result.issues, what);
  return result.output;
}
