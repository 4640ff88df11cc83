/**
 * The entity chunker against entity-aware-chunking-policy.md: chunks of about target_size ending at
 * boundaries, never splitting an entity unless min_size forces it (then flagged), overlap carried
 * back, entities as marks and meta, back-references, confidence and the five quality metrics —
 * every chunk a true range with a content-based id, and the same output on every run.
 */
import { describe, expect, it } from "vitest";
import type { ChunkDraft } from "../../src/core/chunk";
import { entityChunker } from "../../src/core/chunkers/entity/run";
import type { EntityConfig } from "../../src/core/chunkers/entity/meta";
import { ConfigError, resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { qualityScore, type QualityMetrics } from "../../src/core/entities/quality";
import { docStructure } from "../../src/core/entities/structure";
import type { EntityBackReference, EntityReference } from "../../src/core/entities/types";
import { EmbedderError, type Embedder } from "../../src/core/providers/embedder";
import { contentId } from "../../src/core/text/contentId";
import { loadTokenizer } from "../../src/core/text/tokenizer";

/** A service-company document: customers, technicians, dates, money and emails in plain prose. */
function serviceDoc(): DocModel {
  const customers = ["Acme Corp", "Globex", "Initech"];
  const paras: string[] = [];
  for (let p = 0; p < 12; p++) {
    const c = customers[p % 3]!;
    paras.push(
      [
        `On March ${p + 1}, 2024 our technician Jane Doe visited ${c} for the annual boiler service.`,
        `The invoice of $${(p + 1) * 125}.00 was sent to billing@${c.toLowerCase().replace(/\s/g, "")}.com the same afternoon.`,
        `${c} asked about the heat pump upgrade, which the Boiler Service team priced separately.`,
        `Ada Lovelace from the London office reviewed the report and filed it under procedure P-${p}.`,
      ].join(" "),
    );
  }
  return textDocModel("doc-entity", "service.txt", paras.join("\n\n"));
}

const DICTIONARY = [
  { name: "Acme Corp", type: "customer" },
  { name: "Globex", type: "customer" },
  { name: "Initech", type: "customer" },
  { name: "Jane Doe", type: "technician" },
  { name: "Boiler Service", type: "service" },
] as const;

type Meta = {
  chunk_id: string;
  chunk_index: number;
  total_chunks: number;
  entities: EntityReference[];
  entity_back_refs: EntityBackReference[];
  confidence_score: number;
  quality_score: number;
  metrics: QualityMetrics;
  similarity_by: string;
  content_hash: string;
  section: string | null;
};
const meta = (d: ChunkDraft) => d.meta as Meta;

async function run(doc: DocModel, cfg: Partial<EntityConfig> = {}, embedder?: Embedder) {
  const config = validConfig(entityChunker, { dictionary: DICTIONARY, ...cfg });
  const ctx = { ...createRunContext(), ...(embedder ? { embedder } : {}) };
  const out = await entityChunker.chunk(doc, config, ctx);
  for (const d of out.drafts) {
    expect(d.end).toBeGreaterThan(d.start);
    for (const e of meta(d).entities) {
      expect(doc.text.slice(e.start_offset, e.end_offset)).toBe(e.mention_text);
      expect(e.start_offset).toBeGreaterThanOrEqual(d.start);
      expect(e.end_offset).toBeLessThanOrEqual(d.end);
    }
  }
  return out;
}

describe("entity chunker", () => {
  const doc = serviceDoc();

  it("chunks by the seed's loop: sizes, boundary ends, overlap_chars carried back", async () => {
    const { drafts: all, warnings } = await run(doc);
    // The seed's loop leaves a last chunk that adds nothing past its predecessor: kept, flagged, said.
    expect(all.at(-1)!.flags).toContain("tail-inside-previous");
    expect(all.at(-1)!.start).toBeLessThan(all.at(-2)!.end);
    expect(doc.text.slice(all.at(-2)!.end).trim()).toBe("");
    expect(warnings).toEqual([expect.stringMatching(/^1 chunk\(s\) hold only the previous chunk's overlap/)]);
    const drafts = all.slice(0, -1);
    expect(drafts.length).toBeGreaterThan(4);
    const { boundaries } = docStructure(doc);
    const last = drafts.length - 1;
    drafts.forEach((d, i) => {
      expect(d.end - d.start).toBeLessThanOrEqual(1200);
      if (i < last) {
        expect(d.end - d.start).toBeGreaterThan(500);
        expect(boundaries).toContain(d.end);
        expect(drafts[i + 1]!.start).toBe(d.end - 100);
      }
      expect(d.flags).not.toContain("entity-split");
    });
    expect(drafts[0]!.start).toBe(0);
    expect(all.at(-1)!.end).toBe(doc.text.length);
  });

  it("carries the seed's document fields as null (never invented) and a section on the first chunk", async () => {
    const { drafts } = await run(doc);
    for (const d of drafts) {
      expect(d.meta).toMatchObject({ tenant_id: null, source_type: null, as_of: null, version_id: null });
    }
    // A document whose first heading comes after a line of front matter.
    const front = "Service report, spring edition.\n\n";
    const body = doc.text;
    const headed = textDocModel("h", "h.md", front + "Boiler visits\n\n" + body, [
      { level: 1, title: "Boiler visits", start: front.length },
    ]);
    const out = await run(headed);
    // The seed keeps section in the chunk's metadata, with source_file, document_type, language and
    // processing_version (entity-aware-chunking-policy.md: metadata: {source_file, …, processing_version: '1.0'}).
    const first = out.drafts[0]!.meta as { metadata: Record<string, unknown> };
    expect(first.metadata).toEqual({
      source_file: "h.md",
      document_type: null,
      section: "Boiler visits",
      language: "en",
      processing_version: "1.0",
    });
    expect((out.drafts.at(-1)!.meta as { metadata: { section: string } }).metadata.section).toBe(
      "Boiler visits",
    );
    // created_at / updated_at: the source's modification time, null here (no file): never the clock.
    expect(out.drafts[0]!.meta).toMatchObject({ created_at: null, updated_at: null });
    // issues: the seed's QualityIssue list, one entry per metric outside its band.
    for (const d of out.drafts) {
      const issues = (d.meta as { issues: { type: string; severity: string }[] }).issues;
      expect(Array.isArray(issues)).toBe(true);
      for (const issue of issues) {
        expect(["length_violation", "entity_split", "poor_boundary", "low_coherence"]).toContain(issue.type);
        expect(["low", "medium", "high"]).toContain(issue.severity);
      }
      expect(issues.some((x) => x.type === "entity_split")).toBe((d.flags ?? []).includes("entity-split"));
    }
  });

  it("finds dictionary, pattern and NLP entities and shows them as marks", async () => {
    const { drafts, stats } = await run(doc);
    const all = drafts.flatMap((d) => meta(d).entities);
    const types = new Set(all.map((e) => e.entity_type));
    for (const t of ["customer", "technician", "service", "date", "money", "email", "person", "location"]) {
      expect(types).toContain(t);
    }
    expect(all.find((e) => e.mention_text === "Jane Doe")).toMatchObject({
      entity_type: "technician",
      source: "dictionary",
    });
    for (const d of drafts) {
      expect(d.marks).toEqual(
        meta(d).entities.map((e) => ({
          start: e.start_offset,
          end: e.end_offset,
          kind: "entity",
          label: `${e.entity_type}: ${e.entity_name}`,
        })),
      );
    }
    // Per paragraph: Jane Doe, the customer twice, "boiler service" twice (case-insensitive) — and
    // never the customer inside billing@….com, which stays an email.
    expect(stats?.["entities.found_dictionary"]).toBe(12 * 5);
    expect(all.filter((e) => e.entity_type === "email")).toHaveLength(12);
  });

  it("carries back-references, confidence and the five metrics with the seed's names", async () => {
    const { drafts } = await run(doc);
    for (const [i, d] of drafts.entries()) {
      const m = meta(d);
      expect(m.chunk_index).toBe(i);
      expect(m.total_chunks).toBe(drafts.length);
      expect(m.chunk_id).toBe(d.id);
      expect(m.content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(m.confidence_score).toBeGreaterThanOrEqual(0.1);
      expect(m.confidence_score).toBeLessThanOrEqual(1);
      expect(Object.keys(m.metrics)).toEqual([
        "length_score",
        "entity_density",
        "semantic_coherence",
        "boundary_respect",
        "overlap_quality",
      ]);
      expect(m.quality_score).toBeCloseTo(qualityScore(m.metrics), 5);
      expect(m.similarity_by).toBe("lexical-tf-v1");
      const ids = new Set(m.entities.map((e) => e.entity_id));
      for (const r of m.entity_back_refs) expect(ids).toContain(r.entity_id);
      const scores = m.entity_back_refs.map((r) => r.relevance_score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    // Every chunk but a pure-overlap tail mentions a customer that other chunks mention too.
    const full = drafts.filter((d) => !d.flags?.includes("tail-inside-previous"));
    expect(full.length).toBeGreaterThan(4);
    expect(full.every((d) => meta(d).entity_back_refs.some((r) => r.entity_type === "customer"))).toBe(true);
    const off = await run(doc, { entity_back_refs: false });
    expect(off.drafts.every((d) => meta(d).entity_back_refs.length === 0)).toBe(true);
  });

  it("content-based ids and identical output on every run", async () => {
    const a = await run(doc);
    const b = await run(doc);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    for (const d of a.drafts) expect(d.id).toBe(await contentId(doc.id, doc.text.slice(d.start, d.end)));
    const chunks = materialize(doc, a.drafts, await loadTokenizer("cl100k_base"));
    for (const c of chunks) {
      expect(c.text).toBe(doc.text.slice(c.start, c.end));
      expect(c.marks?.length).toBe(meta(a.drafts[c.index]!).entities.length);
    }
  });

  it("without boundaries and entity preservation: plain windows at start + target_size", async () => {
    const { drafts } = await run(doc, { respect_boundaries: false, preserve_entities: false });
    drafts.slice(0, -1).forEach((d, i) => {
      expect(d.start).toBe(i * 700);
      expect(d.end).toBe(i * 700 + 800);
    });
  });

  it("reproduces the seed's entity split when min_size forces it, and flags it", async () => {
    const name = "Northern Regional Heat Pump Maintenance And Emergency Repair Programme";
    const text = `Intro ${name} continues here without any sentence end for a while more words`;
    const d = textDocModel("split", "split.txt", text);
    const cfg = { target_size: 30, min_size: 20, max_size: 40, overlap_chars: 5 };
    const { drafts, warnings, stats } = await run(d, { ...cfg, dictionary: [{ name, type: "service" }] });
    // Chunk 0: targetEnd 30 lies in the entity [6, 76), whose end is past maxEnd 40 → before its
    // start (6) → max(6, 0 + 20) = 20, inside the entity.
    expect(drafts[0]).toMatchObject({ start: 0, end: 20, flags: ["entity-split"] });
    expect(meta(drafts[0]!).entities).toEqual([]);
    expect(stats?.["chunks.entity_split"]).toBeGreaterThan(0);
    expect(warnings?.join()).toMatch(/end inside an entity/);
  });

  it("flags a pure-overlap tail and keeps it", async () => {
    // 1450 characters, one "sentence" ending at the text's end: [0,800) (targetEnd), then
    // [700,1450) (the sentence end is the closest boundary), and 1450 − 100 starts a last chunk.
    const d = textDocModel("tail", "tail.txt", "abcdefghij".repeat(145));
    const { drafts, stats } = await run(d, { dictionary: [] });
    expect(drafts.map((x) => [x.start, x.end])).toEqual([
      [0, 800],
      [700, 1450],
      [1350, 1450],
    ]);
    expect(drafts[2]!.flags).toEqual(["tail-inside-previous", "under-min"]);
    expect(stats?.["chunks.tail_inside_previous"]).toBe(1);
  });

  it("uses the session's embedder when there is one, and falls back with a warning when it fails", async () => {
    const embedder: Embedder = {
      id: "fake:hash-3",
      label: "fake",
      kind: "neural",
      embed: (texts) =>
        Promise.resolve(texts.map((t) => new Float32Array([t.length % 7, t.split(" ").length % 5, 1]))),
    };
    const withIt = await run(doc, {}, embedder);
    expect(withIt.stats?.["quality.similarity_by"]).toBe("fake:hash-3");
    expect(withIt.drafts.every((d) => meta(d).similarity_by === "fake:hash-3")).toBe(true);
    const failing: Embedder = {
      ...embedder,
      embed: () => Promise.reject(new EmbedderError("HTTP 503", 503)),
    };
    const fallback = await run(doc, {}, failing);
    expect(fallback.warnings?.join()).toMatch(/embedder failed \(HTTP 503\)/);
    expect(fallback.stats?.["quality.similarity_by"]).toBe("lexical-tf-v1");
  });

  it("an empty document gives no chunks", async () => {
    const { drafts } = await run(textDocModel("empty", "e.txt", ""));
    expect(drafts).toEqual([]);
  });
});

describe("entity chunker config", () => {
  it("has the seed's defaults and keys, plus the dictionary marked as the workbench's", () => {
    expect(entityChunker.defaults).toMatchObject({
      target_size: 800,
      min_size: 500,
      max_size: 1200,
      overlap_chars: 100,
      preserve_entities: true,
      entity_back_refs: true,
      respect_boundaries: true,
    });
    const dict = entityChunker.params.find((p) => p.key === "dictionary");
    expect(dict).toMatchObject({ type: "structured", editor: "entity-dictionary", seedSilent: true });
    expect(entityChunker.params.filter((p) => p.seedSilent).map((p) => p.key)).toEqual(["dictionary"]);
  });

  it("check(): min ≤ target ≤ max, overlap < min, a well-formed dictionary", () => {
    const keys = (input: unknown) => resolveConfig(entityChunker, input).problems.map((p) => p.key);
    expect(keys({})).toEqual([]);
    expect(keys({ min_size: 900 })).toEqual(["min_size"]);
    expect(keys({ target_size: 1300 })).toEqual(["target_size"]);
    expect(keys({ overlap_chars: 500 })).toEqual(["overlap_chars"]);
    expect(keys({ dictionary: [{ name: "A", type: "person" }, { name: "" }] })).toEqual([
      "dictionary",
      "dictionary",
    ]);
    expect(keys({ dictionary: "Acme" })).toEqual(["dictionary"]);
    expect(keys({ dictionary: { name: "A" } })).toEqual(["dictionary"]);
    expect(() => validConfig(entityChunker, { overlap_chars: 600 })).toThrow(ConfigError);
  });
});
