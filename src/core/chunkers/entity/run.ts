/**
 * entity-aware-chunking-policy.md's DocumentChunker: entities extracted once (user dictionary,
 * patterns, compromise NER), then the seed's loop — each chunk ends where findOptimalChunkEnd says
 * (a semantic boundary closest to target_size, never splitting an entity unless min_size forces
 * it), the next starts overlap_chars before that end — then back-references between chunks that
 * share an entity, the seed's confidence score and its five quality metrics. Ids are content-based
 * (CHUNKERS.md: the seed's uuidv4() is random, a re-run must reproduce them).
 */
import type { ChunkDraft, ChunkerSpec, Mark } from "../../chunk";
import { type EntityConfig, entityMeta } from "./meta";
import type { DocModel } from "../../document";
import { entityBackReferences } from "../../entities/backRefs";
import { planChunks } from "../../entities/chunkEnd";
import { validateDictionary } from "../../entities/dictionary";
import { extractEntities, type Extraction } from "../../entities/extract";
import {
  boundaryRespect,
  confidenceScore,
  entityDensity,
  lengthScore,
  overlapQuality,
  qualityIssues,
  type QualityMetrics,
  qualityScore,
  sizeFit,
} from "../../entities/quality";
import {
  centroid,
  coherence,
  unitCosine,
  embedderVectors,
  lexicalVectors,
  type SentenceVectors,
  type Vec,
  Vocabulary,
} from "../../entities/similarity";
import { docStructure } from "../../entities/structure";
import type { DictionaryEntry, EntityReference } from "../../entities/types";
import { EmbedderError } from "../../providers/embedder";
import { contentId } from "../../text/contentId";
import { sha256HexSync } from "../../text/hash";
import type { Span } from "../../text/segment";
import { perDocument } from "../../docCache";
import { checkpoint } from "../../checkpoint";

/** Entities wholly inside [start, end) — the seed's filter — from mentions ascending by start. */
function entitiesWithin(entities: readonly EntityReference[], start: number, end: number): EntityReference[] {
  let lo = 0;
  let hi = entities.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entities[mid]!.start_offset < start) lo = mid + 1;
    else hi = mid;
  }
  const out: EntityReference[] = [];
  for (let i = lo; i < entities.length && entities[i]!.start_offset < end; i++) {
    if (entities[i]!.end_offset <= end) out.push(entities[i]!);
  }
  return out;
}

/** The chunk's pieces of the document's sentences (a sentence the chunk cuts counts with its part inside). */
function chunkSentences(text: string, sentences: readonly Span[], start: number, end: number): string[] {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < sentences.length && sentences[i]!.start < end; i++) {
    const piece = text.slice(Math.max(start, sentences[i]!.start), Math.min(end, sentences[i]!.end));
    if (piece.trim()) out.push(piece);
  }
  return out;
}

/**
 * The seed's identifySection (never defined): the title of the last heading starting at or before
 * the chunk, else — a chunk before the first heading, such as the first — the first heading inside it.
 */
function sectionOf(doc: DocModel, start: number, end: number): string | null {
  let title: string | null = null;
  for (const h of doc.headings) {
    if (h.start > start) return title ?? (h.start < end ? h.title : null);
    title = h.title;
  }
  return title;
}

/** `offset`, or one past it when it falls between the two halves of a surrogate pair. */
function codePointBoundary(text: string, offset: number): number {
  const code = text.charCodeAt(offset);
  const before = text.charCodeAt(offset - 1);
  return offset > 0 && code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff
    ? offset + 1
    : offset;
}

/** Where the text's last non-space character ends. */
function contentEndOf(text: string): number {
  return text.trimEnd().length;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The document's entities for a dictionary — NLP, patterns and dictionary matches, merged — found
 * once per document and dictionary (docCache): a slider move re-plans chunks, it does not re-read
 * the book. A run aborted mid-extraction drops the entry; a newer run sharing it then starts over.
 */
async function documentEntities(
  doc: DocModel,
  entries: readonly DictionaryEntry[],
  signal: AbortSignal | undefined,
): Promise<Extraction> {
  const key = `entity:extraction:${JSON.stringify(entries)}`;
  for (;;) {
    try {
      return await perDocument(doc, key, () => extractEntities(doc, entries, signal));
    } catch (err) {
      signal?.throwIfAborted();
      // Another run's abort rejected the shared extraction (and dropped it): compute it for this run.
      if (err instanceof Error && err.name === "AbortError") continue;
      throw err;
    }
  }
}

/** Lexical sentence vectors, kept per document by sentence text: chunk plans change, sentences do not. */
function documentLexicalVectors(doc: DocModel): SentenceVectors {
  const { known, lexical } = perDocument(doc, "entity:term-vectors", () => ({
    known: new Map<string, Vec>(),
    lexical: lexicalVectors(new Vocabulary()),
  }));
  return {
    id: lexical.id,
    async vectors(texts, signal) {
      const missing = texts.filter((t) => !known.has(t));
      if (missing.length > 0) {
        const computed = await lexical.vectors(missing, signal);
        missing.forEach((t, i) => known.set(t, computed[i]!));
      }
      return texts.map((t) => known.get(t)!);
    },
  };
}

/** Spans remembered per document at most; a drag over the whole slider makes a few thousand. */
const SPAN_IDS_KEPT = 20_000;

/**
 * A chunk's id and content hash by its span, kept per document: the same span is the same text,
 * and a slider move leaves many chunks where they were (a step of target_size on the book keeps
 * 40–90% of them), so their two SHA-256s are not computed again.
 */
function documentSpanIds(doc: DocModel) {
  const known = perDocument(doc, "entity:span-ids", () => new Map<number, { id: string; hash: string }>());
  const width = doc.text.length + 1;
  return async (start: number, end: number, content: string) => {
    const key = start * width + end;
    let ids = known.get(key);
    if (ids === undefined) {
      ids = { id: await contentId(doc.id, content), hash: sha256HexSync(content) };
      if (known.size >= SPAN_IDS_KEPT) known.clear();
      known.set(key, ids);
    }
    return ids;
  };
}

export const entityChunker: ChunkerSpec<EntityConfig> = {
  ...entityMeta,
  async chunk(doc, config, ctx) {
    const text = doc.text;
    const warnings: string[] = [];
    const { entries } = validateDictionary(config.dictionary);
    const extraction = await documentEntities(doc, entries, ctx.signal);
    const entities = extraction.entities;
    ctx.signal?.throwIfAborted();
    const { sentences, boundaries } = docStructure(doc);
    const plans = planChunks(
      text.length,
      config.preserve_entities ? entities : [],
      config.respect_boundaries ? boundaries : [],
      config,
      { splitCheck: entities, contentEnd: contentEndOf(text), snap: (o) => codePointBoundary(text, o) },
    );
    const contents = plans.map((p) => text.slice(p.start, p.end));
    const inside = plans.map((p) => entitiesWithin(entities, p.start, p.end));

    // Sentence vectors of every chunk in one call (one request stream for an endpoint).
    const perChunk = plans.map((p) => chunkSentences(text, sentences, p.start, p.end));
    const flat = perChunk.flat();
    let source: SentenceVectors = ctx.embedder ? embedderVectors(ctx.embedder) : documentLexicalVectors(doc);
    let vectors: Vec[];
    try {
      vectors = await source.vectors(flat, ctx.signal);
    } catch (err) {
      if (!(err instanceof EmbedderError)) throw err;
      warnings.push(
        `embedder failed (${err.reason}): semantic coherence and similarity use local lexical vectors`,
      );
      source = documentLexicalVectors(doc);
      vectors = await source.vectors(flat, ctx.signal);
    }
    ctx.signal?.throwIfAborted();
    const coherences: number[] = [];
    const chunkVectors: Vec[] = [];
    let at = 0;
    for (const s of perChunk) {
      const vs = vectors.slice(at, at + s.length);
      at += s.length;
      // One centroid per chunk, for its coherence and its similarity to other chunks.
      const c = centroid(vs);
      coherences.push(coherence(vs, c));
      chunkVectors.push(c);
    }

    const backRefs = config.entity_back_refs
      ? entityBackReferences(
          contents.map((content, i) => ({ content, entities: inside[i]! })),
          (i, j) => Math.max(0, unitCosine(chunkVectors[i]!, chunkVectors[j]!)),
        )
      : plans.map(() => []);

    const spanIds = documentSpanIds(doc);
    const drafts: ChunkDraft[] = [];
    const count = { split: 0, stall: 0, tail: 0, underMin: 0 };
    let qualitySum = 0;
    let coherenceSum = 0;
    const cp = checkpoint(ctx.signal);
    for (let i = 0; i < plans.length; i++) {
      if (cp.due()) await cp.yield();
      const plan = plans[i]!;
      const content = contents[i]!;
      const mine = inside[i]!;
      const metrics: QualityMetrics = {
        length_score: lengthScore(content.length),
        entity_density: entityDensity(mine.length, content.length),
        semantic_coherence: coherences[i]!,
        boundary_respect: boundaryRespect(sentences, plan.start, plan.end),
        overlap_quality: overlapQuality(text, plans, i),
      };
      const quality = qualityScore(metrics);
      qualitySum += quality;
      coherenceSum += metrics.semantic_coherence;
      const flags: string[] = [...plan.flags];
      if (content.length < config.min_size) flags.push("under-min");
      if (plan.flags.includes("entity-split")) count.split++;
      if (plan.flags.includes("stall-guarded")) count.stall++;
      if (plan.flags.includes("tail-inside-previous")) count.tail++;
      if (content.length < config.min_size) count.underMin++;
      const { id, hash } = await spanIds(plan.start, plan.end, content);
      const marks: Mark[] = mine.map((e) => ({
        start: e.start_offset,
        end: e.end_offset,
        kind: "entity",
        label: `${e.entity_type}: ${e.entity_name}`,
      }));
      drafts.push({
        id,
        start: plan.start,
        end: plan.end,
        flags,
        marks,
        meta: {
          chunk_id: id,
          document_id: doc.id,
          // The seed copies these from the document; the workbench does not know them: null, never invented.
          tenant_id: null,
          source_type: null,
          content_hash: hash,
          chunk_index: i,
          total_chunks: plans.length,
          as_of: null,
          version_id: null,
          // The seed stamps new Date() at chunking; the workbench writes the source's modification
          // time (null where the host has none), so the same input gives the same chunks.
          created_at: ctx.sourceModified ?? null,
          updated_at: ctx.sourceModified ?? null,
          entities: mine,
          entity_back_refs: backRefs[i]!,
          confidence_score: round(confidenceScore(content, mine.length, config)),
          quality_score: round(quality),
          size_fit: round(sizeFit(content.length, config.target_size)),
          metrics: {
            length_score: round(metrics.length_score),
            entity_density: round(metrics.entity_density),
            semantic_coherence: round(metrics.semantic_coherence),
            boundary_respect: round(metrics.boundary_respect),
            overlap_quality: round(metrics.overlap_quality),
          },
          similarity_by: source.id,
          // The seed's ChunkMetadata: document_type is the document's own (not known here: null);
          // language is the seed's `document.language || 'en'`; processing_version its '1.0'.
          metadata: {
            source_file: ctx.sourcePath || doc.name,
            document_type: null,
            section: sectionOf(doc, plan.start, plan.end),
            language: "en",
            processing_version: "1.0",
          },
          issues: qualityIssues(metrics, {
            length: content.length,
            entitySplit: plan.flags.includes("entity-split"),
          }),
        },
      });
    }

    if (count.split)
      warnings.push(
        `${count.split} chunk(s) end inside an entity: no boundary or entity edge lay between start + min_size (${config.min_size}) and start + max_size (${config.max_size}) — the seed's final max(bestEnd, start + min_size)`,
      );
    if (count.tail)
      warnings.push(
        `${count.tail} chunk(s) hold only the previous chunk's overlap (the seed's loop emits such a tail): kept and flagged tail-inside-previous`,
      );
    if (count.stall)
      warnings.push(
        `${count.stall} chunk(s) would not have advanced (the seed's loop would never end): the next chunk starts at their end`,
      );
    if (extraction.nlpDropped)
      warnings.push(
        `${extraction.nlpDropped} NLP match(es) dropped: compromise reported them where their text is not`,
      );

    // One flat number per type ("entities.person": 12), like every other stat.
    const byType: Record<string, number> = {};
    for (const e of entities)
      byType[`entities.${e.entity_type}`] = (byType[`entities.${e.entity_type}`] ?? 0) + 1;
    return {
      drafts,
      warnings,
      stats: {
        "chunk.count": drafts.length,
        "entities.count": entities.length,
        ...byType,
        "entities.found_dictionary": extraction.found.dictionary,
        "entities.found_pattern": extraction.found.pattern,
        "entities.found_nlp": extraction.found.nlp,
        "entities.nlp_dropped": extraction.nlpDropped,
        "chunks.entity_split": count.split,
        "chunks.stall_guarded": count.stall,
        "chunks.tail_inside_previous": count.tail,
        "chunks.under_min": count.underMin,
        "quality.mean_score": drafts.length ? round(qualitySum / drafts.length) : null,
        "quality.mean_coherence": drafts.length ? round(coherenceSum / drafts.length) : null,
        "quality.similarity_by": source.id,
      },
    };
  },
};
