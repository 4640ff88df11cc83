/**
 * Tokenizers behind one interface. The ids are tiktoken's (cl100k_base, o200k_base), from
 * gpt-tokenizer's rank tables and split regexes, encoded by bpeEncode: ~55 ms/MB on the book
 * against gpt-tokenizer's own encode ~82 (`npm run bench`, encode_only_ms_per_mb), faster still
 * on text it has not seen, which is what makes the cold-chunking goal reachable; and its merge is
 * O(n log n) on one unbroken piece
 * ('a' × 200k, a run of '=' or of spaces), where gpt-tokenizer's took ~25 s. js-tiktoken, the
 * product card's, is the reference the tests and the benchmark hold it to (test/support/jsTiktoken:
 * identical ids) and ships in no build. Rank tables are large, so each encoding is loaded lazily,
 * once, on first use.
 */
import { createPieceEncoder, isAsciiText } from "./bpeEncode";
import { byteRankMap } from "./bpeMerge";

export const ENCODINGS = ["cl100k_base", "o200k_base"] as const;
export type EncodingName = (typeof ENCODINGS)[number];
const DEFAULT_ENCODING: EncodingName = "cl100k_base";

export interface Tokenizer {
  readonly encoding: EncodingName;
  /** The library whose rank tables give the ids ("gpt-tokenizer"; tests load "js-tiktoken" as the reference). */
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
    else table[id] = isAsciiText(entry) ? entry.length : encoder.encode(entry).length;
  }
  return table;
}

export function specialByteLength(specials: Record<string, number>): Map<number, number> {
  const encoder = new TextEncoder();
  return new Map(Object.entries(specials).map(([text, id]) => [id, encoder.encode(text).length]));
}

/**
 * Decodes token ids: a rank's text where the table has it (a whole UTF-8 sequence on its own), and
 * raw bytes — a rank that is no valid UTF-8 alone, as in gpt-tokenizer's tables — gathered until
 * the next text and decoded together, so a character split across tokens comes back whole.
 */
export function idDecoder(
  rankTable: readonly RankEntry[],
  specials: ReadonlyMap<string, number>,
): (ids: readonly number[]) => string {
  const specialText = new Map([...specials].map(([text, id]) => [id, text]));
  const utf8 = new TextDecoder();
  return (ids) => {
    let out = "";
    let pending: number[] = [];
    const flush = () => {
      if (pending.length === 0) return;
      out += utf8.decode(Uint8Array.from(pending));
      pending = [];
    };
    for (const id of ids) {
      const entry = rankTable[id] ?? specialText.get(id);
      if (entry === undefined) throw new RangeError(`token id ${id} is not in the encoding`);
      if (typeof entry === "string") {
        flush();
        out += entry;
      } else for (const byte of entry) pending.push(byte);
    }
    flush();
    return out;
  };
}

async function loadGptTokenizer(encoding: EncodingName): Promise<Tokenizer> {
  // Only gpt-tokenizer's data: its rank table, split regex and special tokens. Its encoder module
  // is not loaded — it would build maps of its own over the same 100k–200k ranks.
  const [ranks, { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX }, specialsOf] =
    encoding === "o200k_base"
      ? await Promise.all([
          import("gpt-tokenizer/bpeRanks/o200k_base"),
          import("gpt-tokenizer/encodingParams/constants"),
          import("gpt-tokenizer/encodingParams/o200k_base").then((m) => m.O200KBase),
        ])
      : await Promise.all([
          import("gpt-tokenizer/bpeRanks/cl100k_base"),
          import("gpt-tokenizer/encodingParams/constants"),
          import("gpt-tokenizer/encodingParams/cl100k_base").then((m) => m.Cl100KBase),
        ]);
  const splitRegex = encoding === "o200k_base" ? O200K_TOKEN_SPLIT_REGEX : CL100K_TOKEN_SPLIT_REGEX;
  const rankTable = ranks.default as RankEntry[];
  const lengths = byteLengthTable(rankTable);
  const specials = specialsOf(rankTable).specialTokensEncoder;
  const special = specialByteLength(Object.fromEntries(specials));
  const pieces = createPieceEncoder(splitRegex, byteRankMap(rankTable));
  const encode = (text: string) => pieces.encode(text);
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
    decode: idDecoder(rankTable, specials),
    count,
    byteLength: (id) => lengths[id] || special.get(id) || 0,
    forget: () => {
      pieces.forget();
      shortCounts.clear();
    },
  };
}
