import { describe, expect, it } from "vitest";
import { readWorkspace, sanitizeWorkspace, WORKSPACE_SCHEMA, WorkspaceError } from "./record";
import { sampleRecord } from "./sampleRecord";

describe("readWorkspace", () => {
  it("reads back what was written", () => {
    const record = sampleRecord();
    expect(readWorkspace(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });
  it("fills what an older record left out with the defaults", () => {
    const { evaluation: _e, view: _v, ...partial } = sampleRecord();
    const read = readWorkspace(partial);
    expect(read.evaluation).toEqual({ k: 5, retriever: "bm25" });
    expect(read.view).toEqual({ zoom: "fit-width", selectedChunkId: null });
  });
  it("keeps the evaluation's retrieval, A's and B's (issue 30), and refuses an unknown mode", () => {
    const evaluation = {
      k: 5,
      retriever: "bm25",
      retrieval: "flat" as const,
      contextualize: true,
      compareRetrieval: { retriever: "hybrid" as const, contextualize: false },
    };
    const record = { ...sampleRecord(), evaluation };
    expect(readWorkspace(JSON.parse(JSON.stringify(record))).evaluation).toEqual(evaluation);
    expect(() =>
      readWorkspace({
        ...sampleRecord(),
        evaluation: { ...evaluation, compareRetrieval: { retrieval: "all" } },
      }),
    ).toThrow(/evaluation\.compareRetrieval\.retrieval/);
  });
  it("refuses a newer app's record and a damaged one, saying why", () => {
    expect(() => readWorkspace({ ...sampleRecord(), schema: WORKSPACE_SCHEMA + 1 })).toThrow(/newer version/);
    expect(() => readWorkspace("nope")).toThrow(WorkspaceError);
    // Each refusal names the key that is wrong.
    expect(() => readWorkspace({ ...sampleRecord(), documents: [{ id: 1 }] })).toThrow(
      /documents\[0\]\.id: /,
    );
    expect(() => readWorkspace({ ...sampleRecord(), configs: null })).toThrow(/: configs: /);
    expect(() => readWorkspace({ ...sampleRecord(), questions: { name: "x" } })).toThrow(/questions\.set: /);
    const doc = sampleRecord().documents[0]!;
    expect(() => readWorkspace({ ...sampleRecord(), documents: [{ ...doc, chunker: 3 }] })).toThrow(
      /documents\[0\]\.chunker: /,
    );
    expect(() =>
      readWorkspace({ ...sampleRecord(), documents: [{ ...doc, configs: { token: "big" } }] }),
    ).toThrow(/documents\[0\]\.configs\.token: /);
  });
  it("keeps each document's own chunker and configs", () => {
    const record = sampleRecord({
      documents: [
        {
          id: "a".repeat(64),
          name: "a.pdf",
          kind: "pdf",
          chunker: "token",
          configs: { token: { chunk_size: 100 } },
        },
        {
          id: "b".repeat(64),
          name: "b.pdf",
          kind: "pdf",
          chunker: "token",
          configs: { token: { chunk_size: 400 } },
        },
      ],
    });
    expect(readWorkspace(JSON.parse(JSON.stringify(record))).documents).toEqual(record.documents);
  });
});

describe("sanitizeWorkspace", () => {
  it("drops config values that look like credentials, in A and in B", () => {
    const record = sampleRecord({
      configs: { agentic: { api_key: "x", token_budget: 100 } },
      compare: {
        enabled: true,
        chunker: "agentic",
        configs: { agentic: { model: "sk-abcdefghijklmnopqrstuv" } },
      },
    });
    const clean = sanitizeWorkspace(record);
    expect(clean.configs).toEqual({ agentic: { token_budget: 100 } });
    expect(clean.compare.configs).toEqual({ agentic: {} });
  });
  it("drops them from each document's own configs too", () => {
    const record = sampleRecord({
      documents: [
        {
          id: "a".repeat(64),
          name: "a.pdf",
          kind: "pdf",
          chunker: "agentic",
          configs: { agentic: { api_key: "sk-abcdefghijklmnopqrstuv", token_budget: 100 } },
        },
      ],
    });
    expect(sanitizeWorkspace(record).documents[0]!.configs).toEqual({ agentic: { token_budget: 100 } });
  });
});
