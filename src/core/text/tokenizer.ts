/**
 * Tokenizers behind one interface. The ids are tiktoken's (cl100k_base, o200k_base), produced by
 * gpt-tokenizer: ~6× faster than js-tiktoken on this machine, which is what makes the cold-chunking
 * goal reachable (bench/). js-tiktoken, the product card's, is the reference the tests and the
 * benchmark hold it to (test/support/jsTiktoken: identical ids) and ships in no build. Rank tables
 * are large, so each encoding is loaded lazily, once, on first use.
 *
 * One exception to "gpt-tokenizer encodes": its byte-pair merge rescans the piece after every
 * merge, quadratic in the piece's length: one unbroken piece ('a' × 200k, a run of '=' or of
 * spaces) took ~25 s. A cheap pass (bpeSplit) finds the stretches that may hold such a piece; they
 * are split with gpt-tokenizer's regex and their long pieces merged by bpeMerge (O(n log n), the
 * same ids). All other text still goes to gpt-tokenizer whole.
 */
import { byteRankMap } from "./bpeMerge";
import { encodeWithLongPieces } from "./bpeSplit";

export const ENCODINGS = ["cl100k_base", "o200k_base"] as const;
export type EncodingName = (typeof ENCODINGS)[number];
const DEFAULT_ENCODING: EncodingName = "cl100k_base";

export interface Tokenizer {
  readonly encoding: EncodingName;
  /** The library that produced the ids ("gpt-tokenizer"; tests load "js-tiktoken" as the reference). */
  readonly engine: string;
  /** Special-token text ("<|endoftext|>") is encoded as ordinary text: documents are data. */
  encode(text: string): number[];
  decode(ids: readonly number[]): string;
  count(text: string): number;
  /** UTF-8 byte length of one token id, so offsets can be computed without decoding. */
  byteLength(id: number): number;
  /**
   * Forgets what encoding has learnt (the BPE merge cache, remembered counts): the next text is
   * encoded as by a tokenizer just loaded. For honest cold benchmarks; the app never calls it.
   */
  forget?(): void;
}

/** Texts up to this long have their counts remembered, up to this many of them (then forgotten). */
const MAX_REMEMBERED_LENGTH = 64;
const MAX_REMEMBERED_COUNTS = 200_000;

export function isEncodingName(value: unknown): value is EncodingName {
  return typeof value === "string" && (ENCODINGS as readonly string[]).includes(value);
}

/** Maps the model names seeds use (tiktoken.encoding_for_model) onto encodings. */
export function encodingForModel(model: string): EncodingName | null {
  if (isEncodingName(model)) return model;
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o)/.test(model)) return "o200k_base";
  if (/^(gpt-4|gpt-3\.5|gpt-35|text-embedding-(ada-002|3-))/.test(model)) return "cl100k_base";
  return null;
}

const loaded = new Map<string, Promise<Tokenizer>>();

export function loadTokenizer(encoding: EncodingName = DEFAULT_ENCODING): Promise<Tokenizer> {
  const key = encoding;
  let tokenizer = loaded.get(key);
  if (!tokenizer) {
    tokenizer = loadGptTokenizer(encoding);
    loaded.set(key, tokenizer);
    // A failed load (a chunk that did not arrive) may succeed on the next call.
    tokenizer.catch(() => loaded.delete(key));
  }
  return tokenizer;
}

type RankEntry = string | number[];

/** Byte lengths of every rank, computed once from the rank table: the hot offset loop reads this. */
function byteLengthTable(ranks: readonly RankEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const table = new Uint8Array(ranks.length);
  for (let id = 0; id < ranks.length; id++) {
    const entry = ranks[id];
    if (entry === undefined) continue;
    if (typeof entry !== "string") table[id] = entry.length;
    else table[id] = isAscii(entry) ? entry.length : encoder.encode(entry).length;
  }
  return table;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

export function specialByteLength(specials: Record<string, number>): Map<number, number> {
  const encoder = new TextEncoder();
  return new Map(Object.entries(specials).map(([text, id]) => [id, encoder.encode(text).length]));
}

async function loadGptTokenizer(encoding: EncodingName): Promise<Tokenizer> {
  const [api, ranks, { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX }] =
    encoding === "o200k_base"
      ? await Promise.all([
          import("gpt-tokenizer/encoding/o200k_base"),
          import("gpt-tokenizer/bpeRanks/o200k_base"),
          import("gpt-tokenizer/encodingParams/constants"),
        ])
      : await Promise.all([
          import("gpt-tokenizer/encoding/cl100k_base"),
          import("gpt-tokenizer/bpeRanks/cl100k_base"),
          import("gpt-tokenizer/encodingParams/constants"),
        ]);
  // The regex gpt-tokenizer itself splits with, so both sides of a cut agree piece for piece.
  const splitRegex = encoding === "o200k_base" ? O200K_TOKEN_SPLIT_REGEX : CL100K_TOKEN_SPLIT_REGEX;
  const rankTable = ranks.default as RankEntry[];
  const lengths = byteLengthTable(rankTable);
  const noSpecial = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
  const special = specialByteLength(
    Object.fromEntries(
      ["<|endoftext|>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>", "<|endofprompt|>"].flatMap(
        (text) => {
          const ids = api.encode(text, { allowedSpecial: new Set([text]) });
          return ids.length === 1 ? [[text, ids[0]!]] : [];
        },
      ),
    ),
  );
  const encodeShort = (text: string) => api.encode(text, noSpecial);
  // Built on the first long piece only: most documents never need it.
  let byteRanks: Map<string, number> | undefined;
  const getByteRanks = () => (byteRanks ??= byteRankMap(rankTable));
  const encode = (text: string) => encodeWithLongPieces(text, splitRegex, encodeShort, getByteRanks);
  // Short texts are counted again and again — a range's edges are words, a splitter's pieces
  // sentences — and words recur (Zipf): a count is remembered rather than encoded anew.
  const shortCounts = new Map<string, number>();
  const count = (text: string) => {
    if (text.length > MAX_REMEMBERED_LENGTH) return encode(text).length;
    let n = shortCounts.get(text);
    if (n === undefined) {
      if (shortCounts.size >= MAX_REMEMBERED_COUNTS) shortCounts.clear();
      n = encode(text).length;
      shortCounts.set(text, n);
    }
    return n;
  };
  return {
    encoding,
    engine: "gpt-tokenizer",
    encode,
    decode: (ids) => api.decode(ids),
    count,
    byteLength: (id) => lengths[id] || special.get(id) || 0,
    forget: () => {
      api.clearMergeCache();
      shortCounts.clear();
    },
  };
}
