/**
 * Tokenizers behind one interface. The ids are tiktoken's (cl100k_base, o200k_base); two engines
 * produce them: gpt-tokenizer (the default: ~6× faster on this machine, which is what makes the
 * cold-chunking goal reachable — see bench/) and js-tiktoken (the product card's, kept as the
 * reference; a test asserts both give identical ids). Rank tables are large, so each encoding is
 * loaded lazily, once, on first use.
 */

export const ENCODINGS = ["cl100k_base", "o200k_base"] as const;
export type EncodingName = (typeof ENCODINGS)[number];
export const DEFAULT_ENCODING: EncodingName = "cl100k_base";

export const ENGINES = ["gpt-tokenizer", "js-tiktoken"] as const;
export type TokenizerEngine = (typeof ENGINES)[number];

export interface Tokenizer {
  readonly encoding: EncodingName;
  readonly engine: TokenizerEngine;
  /** Special-token text ("<|endoftext|>") is encoded as ordinary text: documents are data. */
  encode(text: string): number[];
  decode(ids: readonly number[]): string;
  count(text: string): number;
  /** UTF-8 byte length of one token id, so offsets can be computed without decoding. */
  byteLength(id: number): number;
}

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

export function loadTokenizer(
  encoding: EncodingName = DEFAULT_ENCODING,
  engine: TokenizerEngine = "gpt-tokenizer",
): Promise<Tokenizer> {
  const key = `${engine}:${encoding}`;
  let tokenizer = loaded.get(key);
  if (!tokenizer) {
    tokenizer = engine === "gpt-tokenizer" ? loadGptTokenizer(encoding) : loadJsTiktoken(encoding);
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

function specialByteLength(specials: Record<string, number>): Map<number, number> {
  const encoder = new TextEncoder();
  return new Map(Object.entries(specials).map(([text, id]) => [id, encoder.encode(text).length]));
}

async function loadGptTokenizer(encoding: EncodingName): Promise<Tokenizer> {
  const [api, ranks] =
    encoding === "o200k_base"
      ? await Promise.all([
          import("gpt-tokenizer/encoding/o200k_base"),
          import("gpt-tokenizer/bpeRanks/o200k_base"),
        ])
      : await Promise.all([
          import("gpt-tokenizer/encoding/cl100k_base"),
          import("gpt-tokenizer/bpeRanks/cl100k_base"),
        ]);
  const lengths = byteLengthTable(ranks.default as RankEntry[]);
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
  return {
    encoding,
    engine: "gpt-tokenizer",
    encode: (text) => api.encode(text, noSpecial),
    decode: (ids) => api.decode(ids),
    count: (text) => api.encode(text, noSpecial).length,
    byteLength: (id) => lengths[id] || special.get(id) || 0,
  };
}

async function loadJsTiktoken(encoding: EncodingName): Promise<Tokenizer> {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import("js-tiktoken/lite"),
    encoding === "o200k_base"
      ? import("js-tiktoken/ranks/o200k_base")
      : import("js-tiktoken/ranks/cl100k_base"),
  ]);
  const tiktoken = new Tiktoken(ranks.default);
  const lengths = new Map<number, number>();
  for (const line of ranks.default.bpe_ranks.split("\n")) {
    // "<marker> <offset> <b64> <b64> …": consecutive ranks from offset; a base64 token's byte
    // length follows from its length and padding, no decoding needed.
    const [, offsetText, ...tokens] = line.split(" ");
    const offset = Number.parseInt(offsetText ?? "", 10);
    tokens.forEach((b64, i) => {
      const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
      lengths.set(offset + i, (b64.length / 4) * 3 - padding);
    });
  }
  for (const [id, length] of specialByteLength(ranks.default.special_tokens)) lengths.set(id, length);
  return {
    encoding,
    engine: "js-tiktoken",
    encode: (text) => tiktoken.encode(text, [], []),
    decode: (ids) => tiktoken.decode([...ids]),
    count: (text) => tiktoken.encode(text, [], []).length,
    byteLength: (id) => lengths.get(id) ?? 0,
  };
}
