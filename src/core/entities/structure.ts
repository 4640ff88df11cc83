/**
 * The seed's identifySemanticBoundaries and the sentence spans the quality scores read, computed
 * once per document text. Boundaries are sentence ends (a paragraph end is one; a line wrap is
 * not), and the starts of
 * heading lines (a section boundary): the seed names "paragraphs, sections" and its comment says
 * "paragraph breaks, etc."; CHUNKERS.md's boundary_respect counts sentence ends as natural ends too.
 */
import type { DocModel } from "../document";
import { segmentSentences, type Span } from "../text/segment";
import { unwrapLineBreaks } from "../text/sentenceEnds";

export interface DocStructure {
  /** Sentences (trimmed, ascending) by Intl.Segmenter; a paragraph break always ends one. */
  sentences: Span[];
  /** Candidate chunk ends, ascending, unique. */
  boundaries: number[];
}

const cache = new WeakMap<DocModel, { text: string; structure: DocStructure }>();

/** Where a heading's line starts when only Markdown markup ("## ") precedes the title on it. */
function headingLineStart(text: string, start: number): number {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  return /^[ \t]*#*[ \t]*$/.test(text.slice(lineStart, start)) ? lineStart : start;
}

export function semanticBoundaries(
  doc: Pick<DocModel, "text" | "headings">,
  sentences: readonly Span[],
): number[] {
  const set = new Set<number>(sentences.map((s) => s.end));
  for (const h of doc.headings) {
    const b = headingLineStart(doc.text, h.start);
    if (b > 0) set.add(b);
  }
  return [...set].sort((a, b) => a - b);
}

export function docStructure(doc: DocModel): DocStructure {
  const hit = cache.get(doc);
  if (hit && hit.text === doc.text) return hit.structure;
  // Single line wraps read as spaces: a bare wrap inside a sentence is never a boundary (CHUNKERS.md).
  const sentences = segmentSentences(unwrapLineBreaks(doc.text), "intl");
  const structure = { sentences, boundaries: semanticBoundaries(doc, sentences) };
  cache.set(doc, { text: doc.text, structure });
  return structure;
}
