/**
 * The import path under arbitrary input (issue 29.8, fast-check): a valid record with any one part
 * replaced by any JSON value is either refused with a WorkspaceError, or applied without an error —
 * and a refused one leaves the open documents as they were.
 */
import "fake-indexeddb/auto";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { readWorkspace, WorkspaceError, type WorkspaceRecord } from "../../core/workspace/record";
import { useCompare } from "../state/compare";
import { useNotices } from "../state/notices";
import { useWorkbench } from "../state/store";
import { applyRecord } from "./persistence";

const ID = "a".repeat(64);
const bytes = new TextEncoder().encode("# A document\n\nWith a few words.\n");
const initial = useWorkbench.getState();

const valid = (): Record<string, unknown> => ({
  schema: 1,
  savedAt: 1,
  documents: [
    { id: ID, name: "a.md", kind: "markdown", chunker: "token", configs: { token: { chunk_size: 64 } } },
  ],
  currentId: ID,
  chunker: "recursive",
  configs: { recursive: { chunk_size: 300 }, agentic: { token_budget: 5 } },
  compare: { enabled: true, chunker: "token", configs: { token: { chunk_size: 128 } } },
  questions: {
    name: "q.jsonl",
    set: {
      format: "jsonl",
      questions: [{ id: "1", question: "q?", references: [{ doc: "a.md", start: 0, end: 5 }], line: 1 }],
    },
  },
  evaluation: { k: 5, retriever: "bm25" },
  sweep: {
    points: [{ chunker: "token", config: { chunk_size: 100 } }],
    lines: [{ chunker: "token", config: { chunk_size: 100 }, metrics: { quality_score: 0.5 } }],
    objective: "quality",
    k: null,
    status: "done",
  },
  view: { zoom: 1.25, selectedChunkId: "chunk_1" },
});

const PATHS = [
  "chunker",
  "configs",
  "configs.recursive",
  "configs.recursive.chunk_size",
  "configs.agentic.token_budget",
  "documents",
  "documents.0",
  "documents.0.id",
  "documents.0.kind",
  "documents.0.chunker",
  "documents.0.configs",
  "documents.0.ocr",
  "currentId",
  "compare",
  "compare.chunker",
  "compare.configs",
  "questions",
  "questions.set",
  "questions.set.questions",
  "questions.set.questions.0.references",
  "evaluation",
  "evaluation.k",
  "sweep",
  "sweep.points",
  "sweep.lines",
  "sweep.lines.0",
  "sweep.status",
  "view",
  "view.zoom",
];

function replaced(path: string, value: unknown): Record<string, unknown> {
  const record = valid();
  const keys = path.split(".");
  let at: Record<string, unknown> = record;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return record;
}

describe("the import path under arbitrary records", () => {
  beforeEach(() => {
    useWorkbench.setState(initial, true);
    useCompare.setState({ enabled: false, configs: {} });
    useNotices.setState({ storage: null, link: null });
  });

  it("refuses with a WorkspaceError or applies without an error; a refusal closes nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PATHS), fc.jsonValue({ maxDepth: 4 }), (path, value) => {
        useWorkbench.setState(initial, true);
        useWorkbench.getState().openDocument({ name: "open.txt", kind: "text", bytes });
        let record: WorkspaceRecord;
        try {
          record = readWorkspace(JSON.parse(JSON.stringify(replaced(path, value))));
        } catch (err) {
          expect(err).toBeInstanceOf(WorkspaceError);
          expect(useWorkbench.getState().docs.map((d) => d.name)).toEqual(["open.txt"]);
          return;
        }
        for (const doc of useWorkbench.getState().docs) useWorkbench.getState().closeDocument(doc.key);
        expect(() => applyRecord(record, new Map([[ID, bytes]]), { replace: true })).not.toThrow();
        const chunker = useWorkbench.getState().chunker;
        expect(Object.hasOwn(useWorkbench.getState().configs, chunker)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
