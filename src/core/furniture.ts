/**
 * The document setting "page furniture: leave out | keep" (DESIGN §12). Extraction makes one model
 * with the furniture in its text (each piece listed with its offsets); the "drop" model is derived
 * from it here — the furniture's text cut out with the whitespace around it, every offset after it
 * moved — so switching the setting never extracts again, and every chunker, the slice contract and
 * the citations work on the body text unchanged.
 */
import type { DocModel, Furniture, FurnitureSetting, PageInfo } from "./document";
import { packedRunsOf, withModelChanges, withPackedRuns, type PackedRuns } from "./packedDocModel";
import { firstIndexWhere } from "./text/bisect";
import { isSpace } from "./text/segment";

/** A kept model's id: its text differs from the default's, so its id (and every cache keyed by it) must too. */
export const KEEP_ID_SUFFIX = ":keep";

/**
 * The file a model was made from: its id up to the first ":" (":ocr" and ":keep" follow the file's
 * hash). Models of one file are variants of one document: a host holds one of them at a time.
 */
export function fileIdOf(docId: string): string {
  const colon = docId.indexOf(":");
  return colon < 0 ? docId : docId.slice(0, colon);
}

const dropped = new WeakMap<DocModel, DocModel>();

/**
 * The model for a setting. `full` is extraction's model (furniture in its text, with offsets); the
 * same `full` always yields the same object, so caches held per model object survive a toggle back.
 * A model with no furniture is the same under both settings and is returned as it is.
 */
export function applyFurnitureSetting(full: DocModel, setting: FurnitureSetting): DocModel {
  const furniture = full.furniture ?? [];
  if (furniture.length === 0)
    return full.furnitureSetting === setting ? full : withModelChanges(full, { furnitureSetting: setting });
  if (full.furnitureSetting === "drop") {
    if (setting === "drop") return full;
    throw new Error(
      "a model whose furniture was left out cannot bring it back: apply the setting to the extracted model",
    );
  }
  const baseId = full.id.endsWith(KEEP_ID_SUFFIX) ? full.id.slice(0, -KEEP_ID_SUFFIX.length) : full.id;
  if (setting === "keep")
    return full.id === baseId + KEEP_ID_SUFFIX
      ? full
      : withModelChanges(full, { id: baseId + KEEP_ID_SUFFIX });
  let derived = dropped.get(full);
  if (!derived) {
    derived = dropFurniture(full, baseId);
    dropped.set(full, derived);
  }
  return derived;
}

/** What `text.slice(oldStart, oldEnd)` became: text[newStart, newStart + oldEnd − oldStart). */
interface KeptSegment {
  oldStart: number;
  oldEnd: number;
  newStart: number;
}

/**
 * The furniture's text and the whitespace around it cut out of the model; offsets moved. The runs
 * are read and written packed: the derived model holds them so, as the extracted one does.
 */
function dropFurniture(doc: DocModel, id: string): DocModel {
  const cuts = furnitureRanges(doc.furniture ?? []);
  const parts: string[] = [];
  const kept: KeptSegment[] = [];
  let length = 0;
  const pages: PageInfo[] = doc.pages.map((page) => {
    const pieces = keptPieces(doc.text, page.textStart, page.textEnd, cuts);
    const bodyLength = pieces.reduce((n, p) => n + p.text.length, 0);
    if (bodyLength === 0) return { ...page, textStart: length, textEnd: length };
    if (length > 0) {
      parts.push("\n\n");
      length += 2;
    }
    const textStart = length;
    for (const piece of pieces) {
      if (piece.oldStart !== undefined)
        kept.push({ oldStart: piece.oldStart, oldEnd: piece.oldStart + piece.text.length, newStart: length });
      parts.push(piece.text);
      length += piece.text.length;
    }
    return { ...page, textStart, textEnd: length };
  });
  const map = offsetMap(kept, length);
  const inCut = (offset: number): boolean => {
    const i = firstIndexWhere(0, cuts.length, (k) => cuts[k]!.end > offset);
    return i < cuts.length && cuts[i]!.start <= offset;
  };
  const runs = keptRuns(packedRunsOf(doc), inCut, map);
  const tocSpans = (doc.tocSpans ?? [])
    .map((s) => ({ start: map(s.start), end: map(s.end) }))
    .filter((s) => s.end > s.start);
  return withPackedRuns(doc, runs, {
    id,
    text: parts.join(""),
    pages,
    headings: doc.headings.filter((h) => !inCut(h.start)).map((h) => ({ ...h, start: map(h.start) })),
    furniture: (doc.furniture ?? []).map(withoutOffsets),
    furnitureSetting: "drop",
    tocSpans,
  });
}

/** The runs that do not start in furniture, their offsets moved. */
function keptRuns(
  src: PackedRuns,
  inCut: (offset: number) => boolean,
  map: (offset: number) => number,
): PackedRuns {
  const n = src.font.length;
  const keep = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (inCut(src.ints[i * 3 + 1]!)) continue;
    keep[i] = 1;
    kept++;
  }
  const ints = new Int32Array(kept * 3);
  const floats = new Float64Array(kept * 5);
  const font = new Uint32Array(kept);
  const dir = new Uint8Array(kept);
  for (let i = 0, k = 0; i < n; i++) {
    if (keep[i] === 0) continue;
    ints[k * 3] = src.ints[i * 3]!;
    ints[k * 3 + 1] = map(src.ints[i * 3 + 1]!);
    ints[k * 3 + 2] = map(src.ints[i * 3 + 2]!);
    for (let f = 0; f < 5; f++) floats[k * 5 + f] = src.floats[i * 5 + f]!;
    font[k] = src.font[i]!;
    dir[k] = src.dir[i]!;
    k++;
  }
  return { ints, floats, font, fonts: src.fonts, dir };
}

function withoutOffsets({ start: _start, end: _end, ...rest }: Furniture): Furniture {
  return rest;
}

/** The furniture's [start, end) ranges, sorted and merged. */
function furnitureRanges(furniture: readonly Furniture[]): { start: number; end: number }[] {
  const ranges = furniture
    .filter((f) => f.start !== undefined && f.end !== undefined && f.end > f.start)
    .map((f) => ({ start: f.start!, end: f.end! }))
    .sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/**
 * One page's text with its cuts made: kept slices (with their old offsets) and the separators that
 * stand where a cut was. A cut takes the whitespace on both sides with it; at the page's start or
 * end nothing replaces it, inside the page the strongest break it took does (a blank line, a line
 * break, else a space), so lines and paragraphs stay apart.
 */
function keptPieces(
  text: string,
  pageStart: number,
  pageEnd: number,
  cuts: readonly { start: number; end: number }[],
): { text: string; oldStart?: number }[] {
  const pieces: { text: string; oldStart?: number }[] = [];
  let cursor = pageStart;
  let i = firstIndexWhere(0, cuts.length, (k) => cuts[k]!.end > pageStart);
  for (; i < cuts.length && cuts[i]!.start < pageEnd; i++) {
    let from = Math.max(cuts[i]!.start, pageStart);
    let to = Math.min(cuts[i]!.end, pageEnd);
    while (from > cursor && isSpace(text.charCodeAt(from - 1))) from--;
    while (to < pageEnd && isSpace(text.charCodeAt(to))) to++;
    // Cuts that touch once their whitespace is taken are one cut.
    while (i + 1 < cuts.length && cuts[i + 1]!.start <= to && cuts[i + 1]!.start < pageEnd) {
      i++;
      to = Math.min(Math.max(to, cuts[i]!.end), pageEnd);
      while (to < pageEnd && isSpace(text.charCodeAt(to))) to++;
    }
    if (from > cursor) pieces.push({ text: text.slice(cursor, from), oldStart: cursor });
    const atEdge = from === pageStart || to === pageEnd || pieces.length === 0;
    if (!atEdge) pieces.push({ text: strongestBreak(text.slice(from, to)) });
    cursor = to;
  }
  if (pageEnd > cursor) pieces.push({ text: text.slice(cursor, pageEnd), oldStart: cursor });
  return pieces;
}

function strongestBreak(removed: string): string {
  const breaks = removed.split("\n").length - 1;
  return breaks >= 2 ? "\n\n" : breaks === 1 ? "\n" : " ";
}

/**
 * Old offset → new offset. An offset inside a cut moves to where the text after the cut now
 * starts, so a range over a cut keeps what is left of it.
 */
function offsetMap(kept: readonly KeptSegment[], length: number): (offset: number) => number {
  return (offset) => {
    const i = firstIndexWhere(0, kept.length, (k) => kept[k]!.oldEnd >= offset);
    if (i === kept.length) return length;
    const seg = kept[i]!;
    return offset >= seg.oldStart ? seg.newStart + (offset - seg.oldStart) : seg.newStart;
  };
}
