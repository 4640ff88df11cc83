/**
 * The seed's addEntityBackReferences: for every entity mention in a chunk, the first three other
 * chunks (in document order) that mention the same entity become back-references, each with a
 * context summary, a relationship and a relevance score; a chunk's back-references are then sorted
 * by relevance, highest first. As in the seed, a chunk that mentions one entity twice gets its
 * back-references twice (the seed loops over mentions, not over distinct entities).
 */
import type { EntityBackReference, EntityReference, Relationship } from "./types";

export interface BackRefChunk {
  content: string;
  /** The chunk's mentions (wholly inside it), in document order. */
  entities: readonly EntityReference[];
}

/** A chunk's content as the seed's helpers read it: its sentences, and both lower-cased. */
interface ReadContent {
  content: string;
  lower: string;
  sentences: string[];
  lowerSentences: string[];
}

function readContent(content: string): ReadContent {
  const sentences = content.split(/[.!?]+/).filter((s) => s.trim().length > 0);
  return {
    content,
    lower: content.toLowerCase(),
    sentences,
    lowerSentences: sentences.map((s) => s.toLowerCase()),
  };
}

/** The seed's generateContextSummary: the first sentence naming the entity, else the first sentence. */
export function contextSummary(content: string, entity: Pick<EntityReference, "entity_name">): string {
  return summaryOf(readContent(content), entity);
}

function summaryOf(read: ReadContent, entity: Pick<EntityReference, "entity_name">): string {
  const name = entity.entity_name.toLowerCase();
  const at = read.lowerSentences.findIndex((s) => s.includes(name));
  if (at >= 0) return read.sentences[at]!.trim().substring(0, 150) + "...";
  // The seed's fallback writes "undefined..." for a chunk without a sentence; its intent is the
  // content's start.
  const first = read.sentences[0];
  return first !== undefined
    ? first.trim().substring(0, 150) + "..."
    : read.content.substring(0, 150) + "...";
}

/** The seed's determineRelationship — which reads the chunk's own content, not the related chunk's. */
export function determineRelationship(
  chunkContent: string,
  entity: Pick<EntityReference, "entity_name">,
): Relationship {
  return relationshipIn(chunkContent.toLowerCase(), entity);
}

function relationshipIn(content: string, entity: Pick<EntityReference, "entity_name">): Relationship {
  const name = entity.entity_name.toLowerCase();
  if (content.includes(`define ${name}`) || content.includes(`${name} is`)) return "defines";
  if (content.includes(`about ${name}`) || content.includes(`regarding ${name}`)) return "describes";
  if (content.includes(`see ${name}`) || content.includes(`refer to ${name}`)) return "references";
  return "mentions";
}

/**
 * calculateEntityFrequency (named, never defined by the seed): the share of the related chunk's
 * entity mentions that are mentions of this entity — 1 when it speaks of nothing else.
 */
export function entityFrequency(related: BackRefChunk, entity: Pick<EntityReference, "entity_id">): number {
  if (related.entities.length === 0) return 0;
  return related.entities.filter((e) => e.entity_id === entity.entity_id).length / related.entities.length;
}

/** The seed's calculateRelevanceScore: 0.3·proximity + 0.3·frequency + 0.4·similarity. */
export function relevanceScore(indexDistance: number, frequency: number, similarity: number): number {
  const proximity = 1 / (indexDistance + 1);
  return proximity * 0.3 + frequency * 0.3 + similarity * 0.4;
}

/**
 * Back-references of every chunk. `similarity(i, j)` is calculateContentSimilarity of chunks i and
 * j (the seed leaves it undefined; the chunker passes the cosine of their vectors, floored at 0).
 */
export function entityBackReferences(
  chunks: readonly BackRefChunk[],
  similarity: (i: number, j: number) => number,
): EntityBackReference[][] {
  // entity_id → the chunks mentioning it, ascending, each once.
  const holders = new Map<string, number[]>();
  chunks.forEach((c, i) => {
    for (const e of c.entities) {
      const list = holders.get(e.entity_id) ?? [];
      if (list[list.length - 1] !== i) list.push(i);
      holders.set(e.entity_id, list);
    }
  });
  // A chunk names the same entity many times, and chunks share their related chunks: each
  // relationship, summary and similarity is computed once (the seed's values, remembered), keyed
  // by numbers — a chunk's index with an entity name's or id's (or another chunk's) — not strings.
  const names = new Map<string, number>();
  const ids = new Map<string, number>();
  for (const c of chunks)
    for (const e of c.entities) {
      if (!names.has(e.entity_name)) names.set(e.entity_name, names.size);
      if (!ids.has(e.entity_id)) ids.set(e.entity_id, ids.size);
    }
  const memo = <T>(cache: Map<number, T>, key: number, compute: () => T): T => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute()));
    return value;
  };
  const relationships = new Map<number, Relationship>();
  const summaries = new Map<number, string>();
  const similarities = new Map<number, number>();
  const frequencies = new Map<number, number>();
  const reads: Array<ReadContent | undefined> = [];
  const read = (i: number) => (reads[i] ??= readContent(chunks[i]!.content));
  return chunks.map((chunk, i) => {
    const refs: EntityBackReference[] = [];
    for (const entity of chunk.entities) {
      const name = names.get(entity.entity_name)!;
      const id = ids.get(entity.entity_id)!;
      // The first three chunks other than this one among the first four holding the entity.
      const holding = holders.get(entity.entity_id)!;
      let taken = 0;
      for (let h = 0; h < holding.length && h < 4 && taken < 3; h++) {
        const j = holding[h]!;
        if (j === i) continue;
        taken++;
        const other = chunks[j]!;
        refs.push({
          entity_id: entity.entity_id,
          entity_type: entity.entity_type,
          entity_name: entity.entity_name,
          relationship: memo(relationships, i * names.size + name, () =>
            relationshipIn(read(i).lower, entity),
          ),
          context_summary: memo(summaries, j * names.size + name, () => summaryOf(read(j), entity)),
          relevance_score: relevanceScore(
            Math.abs(i - j),
            memo(frequencies, j * ids.size + id, () => entityFrequency(other, entity)),
            memo(similarities, i * chunks.length + j, () => similarity(i, j)),
          ),
        });
      }
    }
    return refs.sort((a, b) => b.relevance_score - a.relevance_score);
  });
}
