/** A small, valid workspace record for tests: one PDF, recursive at 300, compare on, a view. */
import { WORKSPACE_SCHEMA, type WorkspaceRecord } from "./record";

export function sampleRecord(overrides: Partial<WorkspaceRecord> = {}): WorkspaceRecord {
  return {
    schema: WORKSPACE_SCHEMA,
    savedAt: 1,
    documents: [{ id: "a".repeat(64), name: "a.pdf", kind: "pdf" }],
    currentId: "a".repeat(64),
    chunker: "recursive",
    configs: { recursive: { chunk_size: 300 } },
    compare: { enabled: true, chunker: "token", configs: { token: { chunk_size: 128 } } },
    questions: { name: "q.jsonl", set: { format: "jsonl", questions: [] } },
    evaluation: { k: 5, retriever: "bm25" },
    sweep: null,
    view: { zoom: 1.5, selectedChunkId: "chunk_2" },
    ...overrides,
  };
}
