/**
 * LangChain's RecursiveCharacterTextSplitter (@langchain/textsplitters 1.x: TextSplitter.mergeSplits,
 * joinDocs, splitOnSeparator and RecursiveCharacterTextSplitter._splitText), transcribed over
 * ranges of the document instead of strings, so every chunk is a range [start, end) of doc.text
 * whose slice is the text LangChain returns — offsets without any indexOf recovery.
 *
 * What the transcription keeps, on purpose, because LangChain does it:
 * - the separator of a text is the first of the list it contains ("" always matches); the text
 *   is split there, and pieces as long as chunk_size or longer go down to the following
 *   separators (or, with none left, become chunks as they are, untrimmed);
 * - keep_separator (LangChain's default for this splitter: true) splits *before* every
 *   occurrence — overlapping ones too, as `split(/(?=sep)/)` does — and joins pieces with "";
 *   false drops the separator and joins pieces with it, its length counted in characters even when
 *   lengths are tokens (`currentDoc.length * separator.length`);
 * - "" splits into UTF-16 code units (`split("")`), so an astral character can be cut in two;
 * - a merged chunk is trimmed (String.prototype.trim) and dropped when empty; its overlap is what
 *   mergeSplits' while-loop leaves, and it warns "Created a chunk of size …" as LangChain does;
 * - lengths are `text.length` or, in tokens, `encode(text).length` of each piece (fromTiktoken).
 *
 * `flavor: "python"` follows langchain_text_splitters (1.1) where it differs from JS: separators are
 * found with re.split — non-overlapping, kept at the start or the end of a piece; lengths in
 * characters are code points (len); the merge's running total counts the joining separators; a
 * piece the separators cannot split is kept whole (JS recurses into characters); str.strip's
 * whitespace. `separatorRegex` is Python's is_separator_regex (either flavor).
 */
import type { ChunkDraft, ChunkerOutput, ChunkerSpec, RunContext } from "../../chunk";
import type { DocModel } from "../../document";
import { type RecursiveConfig, recursiveMeta } from "./meta";
import { codePointStep, isHighSurrogate, isLowSurrogate, isTrimSpace } from "../../text/codeUnits";
import { exactTokenCount } from "../../text/exactCount";
import { isLookaroundSeparator, type LangchainFlavor, separatorPattern } from "./flavor";

/**
 * A separator that is a rule rather than a string (the hierarchical chunker's sentence ends):
 * `cuts` returns the positions strictly inside (start, end), ascending, where the range may be split.
 * It is zero-width — nothing is dropped and pieces are joined with "" — so it behaves like a kept
 * separator whatever keepSeparator says. String separators are unaffected by its existence.
 */
export interface CutSeparator {
  readonly name: string;
  cuts(text: string, start: number, end: number): number[];
}

export type Separator = string | CutSeparator;

export interface SplitOptions {
  chunkSize: number;
  chunkOverlap: number;
  separators: readonly Separator[];
  /**
   * LangChain's keep_separator: true or "start" starts each piece with its separator; "end"
   * (Python) ends each piece with it; false drops it and joins with it.
   */
  keepSeparator: boolean | "start" | "end";
  /** Which LangChain the split follows where the two differ (module comment); default "js". */
  flavor?: LangchainFlavor;
  /** String separators are regular expressions (Python's is_separator_regex); default false. */
  separatorRegex?: boolean;
  /** The length function applied to a joining separator (Python's merge counts them); default its UTF-16 length. */
  separatorLength?(separator: string): number;
  /** LangChain's lengthFunction, on the range [start, end) of the text. */
  length(start: number, end: number): number;
  /** Called with LangChain's console.warn message. */
  warn?(message: string): void;
  signal?: AbortSignal;
  /**
   * false: CharacterTextSplitter — one split on the first separator, every piece merged as it is,
   * long ones included (with LangChain's warning); no recursion. Default true.
   */
  recurse?: boolean;
  /** false: chunks keep their surrounding whitespace (Python's strip_whitespace=False). Default true. */
  trim?: boolean;
}

export interface SplitRange {
  start: number;
  end: number;
  /**
   * LangChain's text when it is not text.slice(start, end): only with keep_separator false, where
   * a run of separators ("a  b" split on " ") is joined back with a single one ("a b").
   */
  text?: string;
  /** LangChain warned about this chunk (its pieces' total length is over chunkSize). */
  warned?: boolean;
  /** A piece longer than chunkSize that no separator is left to split (kept whole, as LangChain does). */
  unsplittable?: boolean;
}

/** Python's str.isspace over one UTF-16 unit (str.strip's set; no astral character is whitespace). */
function isPythonSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Code points in [start, end) of text: Python's len of the slice. */
function codePointLength(text: string, start: number, end: number): number {
  let n = end - start;
  for (let i = start; i + 1 < end; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      n--;
      i++;
    }
  }
  return n;
}

/**
 * RecursiveCharacterTextSplitter.splitText(text.slice(start, end)) as ranges of `text`, in
 * document order.
 */
export function recursiveSplit(
  text: string,
  start: number,
  end: number,
  options: SplitOptions,
): SplitRange[] {
  const { chunkSize, chunkOverlap, keepSeparator, length, warn, signal } = options;
  const recurse = options.recurse !== false;
  const trim = options.trim !== false;
  const python = options.flavor === "python";
  const regex = options.separatorRegex === true;
  const isSpace = python ? isPythonSpace : isTrimSpace;
  const separatorLength = options.separatorLength ?? ((sep: string) => sep.length);
  // JS's keep_separator splits with a lookahead (every occurrence, overlapping ones too); Python's
  // re.split finds them left to right without overlap, "end" in either flavor.
  const keepAt: "lookahead" | "start" | "end" | false =
    keepSeparator === "end" ? "end" : !keepSeparator ? false : python ? "start" : "lookahead";
  const out: SplitRange[] = [];

  // Matches of a regex separator in [s, e), on the slice as Python's re sees the substring.
  const patterns = new Map<string, RegExp>();
  const matchesIn = (s: number, e: number, sep: string): Array<[number, number]> => {
    let re = patterns.get(sep);
    if (!re) {
      re = separatorPattern(sep);
      patterns.set(sep, re);
    }
    const found: Array<[number, number]> = [];
    // matchAll starts where the pattern's lastIndex is (contains() leaves it after a match).
    re.lastIndex = 0;
    for (const m of text.slice(s, e).matchAll(re)) found.push([s + m.index, s + m.index + m[0].length]);
    return found;
  };
  // Matches of a string separator in [s, e), left to right without overlap.
  const literalMatchesIn = (s: number, e: number, sep: string): Array<[number, number]> => {
    const found: Array<[number, number]> = [];
    const n = sep.length;
    for (let at = text.indexOf(sep, s); at >= 0 && at + n <= e; at = text.indexOf(sep, at + n))
      found.push([at, at + n]);
    return found;
  };

  // `text.slice(s, e).includes(sep)` without copying: the first occurrence at or after s, cached
  // per separator (no occurrence in [from, found) means none in [s, found) for from ≤ s ≤ found).
  const nextAt = new Map<string, { from: number; found: number }>();
  // A rule separator's cuts of the range last asked about, so splitOn does not recompute them.
  let lastCuts: { sep: CutSeparator; s: number; e: number; cuts: number[] } | null = null;
  const cutsOf = (s: number, e: number, sep: CutSeparator): number[] => {
    if (lastCuts && lastCuts.sep === sep && lastCuts.s === s && lastCuts.e === e) return lastCuts.cuts;
    const cuts = sep.cuts(text, s, e).filter((c) => c > s && c < e);
    lastCuts = { sep, s, e, cuts };
    return cuts;
  };
  const contains = (s: number, e: number, sep: Separator): boolean => {
    if (typeof sep !== "string") return cutsOf(s, e, sep).length > 0;
    if (regex) {
      const re = patterns.get(sep) ?? separatorPattern(sep);
      patterns.set(sep, re);
      re.lastIndex = 0;
      return re.test(text.slice(s, e));
    }
    const cached = nextAt.get(sep);
    let found: number;
    if (cached && s >= cached.from && s <= cached.found) found = cached.found;
    else {
      const at = text.indexOf(sep, s);
      found = at < 0 ? Infinity : at;
      nextAt.set(sep, { from: s, found });
    }
    return found + sep.length <= e;
  };

  /** splitOnSeparator over [s, e): piece starts and ends, empty pieces dropped. */
  const splitOn = (s: number, e: number, sep: Separator, starts: number[], ends: number[]): void => {
    if (typeof sep !== "string") {
      let from = s;
      for (const cut of cutsOf(s, e, sep)) {
        starts.push(from);
        ends.push(cut);
        from = cut;
      }
      starts.push(from);
      ends.push(e);
      return;
    }
    if (sep === "") {
      // Code points, as Python's list(text) gives them (CHUNKERS.md): a surrogate pair is never split.
      for (let i = s; i < e;) {
        const step = codePointStep(text, i, e);
        starts.push(i);
        ends.push(i + step);
        i += step;
      }
      return;
    }
    if (keepAt === "lookahead" && !regex) {
      // split(/(?=sep)/): a cut before every occurrence after the first position, overlapping too.
      let from = s;
      for (
        let at = text.indexOf(sep, s + 1);
        at >= 0 && at + sep.length <= e;
        at = text.indexOf(sep, at + 1)
      ) {
        starts.push(from);
        ends.push(at);
        from = at;
      }
      starts.push(from);
      ends.push(e);
      return;
    }
    // Python's _split_text_with_regex: re.split, the separators glued to the piece after them
    // ("start", and JS's lookahead for a regex) or before them ("end"), or dropped; "" pieces filtered.
    const found = regex ? matchesIn(s, e, sep) : literalMatchesIn(s, e, sep);
    let from = s;
    for (const [ms, me] of found) {
      const cut = keepAt === "end" ? me : ms;
      if (cut > from) {
        starts.push(from);
        ends.push(cut);
      }
      from = keepAt === "end" ? me : keepAt ? ms : me;
    }
    if (e > from) {
      starts.push(from);
      ends.push(e);
    }
    return;
  };

  /** joinDocs(pieces lo..hi-1, sep): the trimmed range, or null when it trims to "". */
  const join = (starts: number[], ends: number[], lo: number, hi: number, sep: string): SplitRange | null => {
    let s = starts[lo]!;
    let e = ends[hi - 1]!;
    // The slice is LangChain's text when every gap between pieces is the joining separator itself
    // (none when joining with "": a regex lookaround that consumes text leaves a gap Python drops).
    let exact = true;
    for (let k = lo; k + 1 < hi && exact; k++)
      exact = starts[k + 1]! - ends[k]! === sep.length && (sep === "" || text.startsWith(sep, ends[k]!));
    if (exact) {
      while (trim && s < e && isSpace(text.charCodeAt(s))) s++;
      while (trim && e > s && isSpace(text.charCodeAt(e - 1))) e--;
      return s < e ? { start: s, end: e } : null;
    }
    const parts: string[] = [];
    for (let k = lo; k < hi; k++) parts.push(text.slice(starts[k], ends[k]));
    let joined = parts.join(sep);
    if (trim) {
      let a = 0;
      let b = joined.length;
      while (a < b && isSpace(joined.charCodeAt(a))) a++;
      while (b > a && isSpace(joined.charCodeAt(b - 1))) b--;
      joined = joined.slice(a, b);
    }
    if (joined === "") return null;
    while (trim && s < e && isSpace(text.charCodeAt(s))) s++;
    while (trim && e > s && isSpace(text.charCodeAt(e - 1))) e--;
    return text.slice(s, e) === joined ? { start: s, end: e } : { start: s, end: e, text: joined };
  };

  const warnAbout = (total: number) =>
    warn?.(
      python
        ? `Created a chunk of size ${total}, which is longer than the specified ${chunkSize}`
        : `Created a chunk of size ${total}, +\nwhich is longer than the specified ${chunkSize}`,
    );

  /** TextSplitter.mergeSplits over pieces lo..hi-1 (all shorter than chunkSize). */
  const merge = (starts: number[], ends: number[], lens: number[], lo: number, hi: number, sep: string) => {
    if (python) return mergePython(starts, ends, lens, lo, hi, sep);
    const sepLen = sep.length;
    let head = lo;
    let total = 0;
    for (let i = lo; i < hi; i++) {
      const len = lens[i]!;
      if (total + len + (i - head) * sepLen > chunkSize) {
        // Kept for fidelity; from _splitText every piece is < chunkSize and total never passes it,
        // so LangChain's warning cannot fire here (it can in CharacterTextSplitter).
        const warned = total > chunkSize;
        if (warned) warnAbout(total);
        if (i > head) {
          const doc = join(starts, ends, head, i, sep);
          if (doc !== null) out.push(warned ? { ...doc, warned } : doc);
          while (total > chunkOverlap || (total + len + (i - head) * sepLen > chunkSize && total > 0)) {
            total -= lens[head]!;
            head++;
          }
        }
      }
      total += len;
    }
    const doc = join(starts, ends, head, hi, sep);
    if (doc !== null) out.push(doc);
  };

  /**
   * Python's _merge_splits: the running total counts the joining separators (by the length
   * function), one per piece after the first of the current chunk.
   */
  const mergePython = (
    starts: number[],
    ends: number[],
    lens: number[],
    lo: number,
    hi: number,
    sep: string,
  ) => {
    const sepLen = separatorLength(sep);
    let head = lo;
    let total = 0;
    for (let i = lo; i < hi; i++) {
      const len = lens[i]!;
      if (total + len + (i > head ? sepLen : 0) > chunkSize) {
        const warned = total > chunkSize;
        if (warned) warnAbout(total);
        if (i > head) {
          const doc = join(starts, ends, head, i, sep);
          if (doc !== null) out.push(warned ? { ...doc, warned } : doc);
          while (total > chunkOverlap || (total + len + (i > head ? sepLen : 0) > chunkSize && total > 0)) {
            total -= lens[head]! + (i - head > 1 ? sepLen : 0);
            head++;
          }
        }
      }
      total += len + (i > head ? sepLen : 0);
    }
    const doc = join(starts, ends, head, hi, sep);
    if (doc !== null) out.push(doc);
  };

  /** RecursiveCharacterTextSplitter._splitText over [s, e) (CharacterTextSplitter's one split when !recurse). */
  const splitRange = (s: number, e: number, separators: readonly Separator[]): void => {
    signal?.throwIfAborted();
    if (!recurse) {
      // CharacterTextSplitter: its one separator, whether or not the text contains it.
      const only = separators[0] ?? "";
      const starts: number[] = [];
      const ends: number[] = [];
      splitOn(s, e, only, starts, ends);
      const lens = starts.map((a, k) => length(a, ends[k]!));
      // Python never re-inserts a zero-width (lookaround) regex separator.
      const zeroWidth = typeof only !== "string" || (python && regex && isLookaroundSeparator(only));
      merge(starts, ends, lens, 0, starts.length, keepSeparator || zeroWidth ? "" : (only as string));
      return;
    }
    // LangChain: `separators[separators.length - 1]`, undefined for an empty list, which its
    // splitOnSeparator treats as "" (split("")).
    let separator = separators[separators.length - 1] ?? "";
    let rest: readonly Separator[] | undefined;
    for (let i = 0; i < separators.length; i++) {
      const sep = separators[i]!;
      if (sep === "") {
        separator = sep;
        break;
      }
      if (contains(s, e, sep)) {
        separator = sep;
        rest = separators.slice(i + 1);
        break;
      }
    }
    const starts: number[] = [];
    const ends: number[] = [];
    splitOn(s, e, separator, starts, ends);
    const lens = starts.map((a, k) => length(a, ends[k]!));
    // Divergence: with keep_separator false and an exhausted list (no "" at its end) LangChain
    // joins with `undefined` and throws a TypeError; the split there is by characters, joined with "".
    const joinWith = keepSeparator || typeof separator !== "string" ? "" : separator;
    let good = -1; // first piece of the pending run of short pieces
    for (let k = 0; k < starts.length; k++) {
      if (lens[k]! < chunkSize) {
        if (good < 0) good = k;
        continue;
      }
      if (good >= 0) {
        merge(starts, ends, lens, good, k, joinWith);
        good = -1;
      }
      // JS recurses with an emptied list (into characters); Python keeps the piece whole.
      if (!rest || (python && rest.length === 0)) {
        const piece: SplitRange = { start: starts[k]!, end: ends[k]! };
        if (lens[k]! > chunkSize) piece.unsplittable = true;
        out.push(piece);
      } else splitRange(starts[k]!, ends[k]!, rest);
    }
    if (good >= 0) merge(starts, ends, lens, good, starts.length, joinWith);
  };

  if (end > start) splitRange(start, end, options.separators);
  return out;
}

/** The keys LangChain's splitters share: sizes, their unit, the tokens' encoding and the flavor. */
interface SplitterSizes {
  chunk_size: number;
  chunk_overlap: number;
  length_unit: "chars" | "tokens";
  encoding: RecursiveConfig["encoding"];
  flavor: LangchainFlavor;
}

/**
 * A LangChain splitter's run over the whole document: lengths in the config's unit (tokens read off
 * the document's one encoding, exactly), LangChain's warnings (the first 20, then a count), and a
 * draft per range flagged `over-chunk-size` when longer than chunk_size and `separators-collapsed`
 * when LangChain's text is not the range's slice. Shared by recursive and langchain-character.
 */
export async function langchainSplitterRun(
  doc: DocModel,
  config: SplitterSizes,
  ctx: RunContext,
  split: Pick<SplitOptions, "separators" | "keepSeparator" | "recurse" | "trim" | "separatorRegex">,
): Promise<ChunkerOutput> {
  const text = doc.text;
  const python = config.flavor === "python";
  // JS measures text.length (UTF-16 units); Python's len counts code points.
  let length: (start: number, end: number) => number = python
    ? (start, end) => codePointLength(text, start, end)
    : (start, end) => end - start;
  let separatorLength = (sep: string) => codePointLength(sep, 0, sep.length);
  if (config.length_unit === "tokens") {
    const tokenizer = await ctx.tokenizer(config.encoding);
    // fromTiktoken's encode(piece).length, read off the document's one encoding (exactly).
    const encoded = ctx.encoded.get(doc.id, tokenizer, text);
    length = (start, end) => exactTokenCount(tokenizer, encoded, text, start, end);
    separatorLength = (sep) => tokenizer.count(sep);
  }
  const warnings: string[] = [];
  let warningCount = 0;
  const ranges = recursiveSplit(text, 0, text.length, {
    chunkSize: config.chunk_size,
    chunkOverlap: config.chunk_overlap,
    ...split,
    flavor: config.flavor,
    length,
    separatorLength,
    warn: (message) => {
      warningCount++;
      if (warnings.length < 20) warnings.push(message.replace(", +\n", ", "));
    },
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  if (warningCount > warnings.length)
    warnings.push(`… and ${warningCount - warnings.length} more chunks longer than ${config.chunk_size}`);
  // Without recursion (CharacterTextSplitter) a long piece is merged like any other: measure it.
  const measure = split.recurse === false;
  const drafts: ChunkDraft[] = ranges.map((r, n) => {
    const flags: string[] = [];
    if (r.warned || r.unsplittable || (measure && length(r.start, r.end) > config.chunk_size))
      flags.push("over-chunk-size");
    if (r.text !== undefined) flags.push("separators-collapsed");
    const draft: ChunkDraft = { id: `chunk_${n}`, start: r.start, end: r.end, flags };
    if (r.text !== undefined) draft.meta = { langchain_text: r.text };
    return draft;
  });
  return {
    drafts,
    stats: { "langchain.warnings": warningCount },
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

export const recursiveChunker: ChunkerSpec<RecursiveConfig> = {
  ...recursiveMeta,
  chunk: (doc, config, ctx) =>
    langchainSplitterRun(doc, config, ctx, {
      separators: config.separators,
      keepSeparator: config.keep_separator,
      separatorRegex: config.is_separator_regex,
      trim: config.strip_whitespace,
    }),
};
