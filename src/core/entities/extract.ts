/**
 * The seed's `entityExtractor.extractEntities(document.content)`: dictionary, pattern and NLP
 * mentions merged into one list of non-overlapping mentions in document order. Where mentions
 * overlap, the user's dictionary beats a pattern, a pattern beats NLP (a fixed form beats a guess),
 * then the longer mention wins, then the earlier one.
 */
import { compileDictionary } from "./dictionary";
import { nlpEntities } from "./nlp";
import { findPatternEntities } from "./patterns";
import type { DictionaryEntry, EntityReference, EntitySource } from "./types";

const PRECEDENCE: Record<EntitySource, number> = { dictionary: 0, pattern: 1, nlp: 2 };

export interface Extraction {
  entities: EntityReference[];
  /** NLP matches compromise reported at offsets where their text is not. */
  nlpDropped: number;
  /** Mentions found by each source before overlaps were resolved. */
  found: Record<EntitySource, number>;
}

/** Non-overlapping mentions by precedence, returned sorted by start offset. */
export function mergeEntities(textLength: number, candidates: readonly EntityReference[]): EntityReference[] {
  const ranked = [...candidates].sort(
    (a, b) =>
      PRECEDENCE[a.source] - PRECEDENCE[b.source] ||
      b.end_offset - b.start_offset - (a.end_offset - a.start_offset) ||
      a.start_offset - b.start_offset,
  );
  // One byte per character: a mention is kept when none of its characters is taken yet.
  const taken = new Uint8Array(textLength);
  const kept: EntityReference[] = [];
  for (const e of ranked) {
    if (e.start_offset < 0 || e.end_offset > textLength || e.end_offset <= e.start_offset) {
      throw new RangeError(`entity "${e.mention_text}" has offsets outside the text`);
    }
    let free = true;
    for (let i = e.start_offset; i < e.end_offset && free; i++) free = taken[i] === 0;
    if (!free) continue;
    taken.fill(1, e.start_offset, e.end_offset);
    kept.push(e);
  }
  return kept.sort((a, b) => a.start_offset - b.start_offset);
}

/** Every entity mention of a document; compromise runs once per document text (cached in nlp.ts). */
export async function extractEntities(
  doc: { id: string; text: string },
  dictionary: readonly DictionaryEntry[],
  signal?: AbortSignal,
): Promise<Extraction> {
  const fromDictionary = compileDictionary(dictionary)(doc.text);
  const fromPatterns = findPatternEntities(doc.text);
  const nlp = await nlpEntities(doc.id, doc.text, signal);
  return {
    entities: mergeEntities(doc.text.length, [...fromDictionary, ...fromPatterns, ...nlp.entities]),
    nlpDropped: nlp.dropped,
    found: {
      dictionary: fromDictionary.length,
      pattern: fromPatterns.length,
      nlp: nlp.entities.length,
    },
  };
}
