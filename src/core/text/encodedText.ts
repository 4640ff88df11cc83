import type { EncodingName, Tokenizer } from "./tokenizer";

/**
 * A text's token stream with the character offset of every token boundary, computed once per
 * document and encoding and reused by every run: a slider move must never re-tokenize.
 *
 * Token boundaries are byte positions; a boundary can fall inside a multi-byte character (a CJK
 * character split over two tokens). `floor[k]` is the UTF-16 offset of the character holding
 * boundary k (or of the boundary itself when it falls between characters), `ceil[k]` the offset
 * just after that character. A window [i, j) therefore covers the characters
 * [floor[i], ceil[j]): an edge inside a character snaps outward to its boundary, never to U+FFFD.
 */
export interface EncodedText {
  encoding: EncodingName;
  ids: Uint32Array;
  floor: Uint32Array;
  ceil: Uint32Array;
}

export function encodeText(tokenizer: Tokenizer, text: string): EncodedText {
  const idList = tokenizer.encode(text);
  const n = idList.length;
  const ids = Uint32Array.from(idList);
  const floor = new Uint32Array(n + 1);
  const ceil = new Uint32Array(n + 1);

  // One pass over the text: `unit`/`byte` walk characters, `boundary` walks token ends. Inlined
  // character widths (no per-character calls or objects): this loop runs over every document.
  const length = text.length;
  let unit = 0; // UTF-16 index of the current character
  let byte = 0; // UTF-8 offset of the current character
  let boundary = 0; // UTF-8 offset of token boundary k
  for (let k = 0; k <= n; k++) {
    if (k > 0) boundary += tokenizer.byteLength(ids[k - 1]!);
    let placed = false;
    while (unit < length) {
      const code = text.charCodeAt(unit);
      let bytes: number;
      let units = 1;
      if (code < 0x80) bytes = 1;
      else if (code < 0x800) bytes = 2;
      else if (code >= 0xd800 && code <= 0xdbff) {
        const next = text.charCodeAt(unit + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          bytes = 4;
          units = 2;
        } else bytes = 3; // a lone surrogate: the encoder sees U+FFFD
      } else bytes = 3;
      if (byte + bytes > boundary) {
        floor[k] = unit;
        ceil[k] = byte === boundary ? unit : unit + units;
        placed = true;
        break;
      }
      byte += bytes;
      unit += units;
    }
    if (!placed) floor[k] = ceil[k] = length;
  }
  return { encoding: tokenizer.encoding, ids, floor, ceil };
}

/**
 * Encoded texts kept per (text identity, encoding). Small on purpose: a workbench holds a few open
 * documents, and each entry is ~12 bytes per token.
 */
export class EncodedTextCache {
  private readonly entries = new Map<string, EncodedText>();
  constructor(private readonly capacity = 6) {}

  get(key: string, tokenizer: Tokenizer, text: string): EncodedText {
    const fullKey = `${key}\u0000${tokenizer.encoding}`;
    const hit = this.entries.get(fullKey);
    if (hit) {
      this.entries.delete(fullKey);
      this.entries.set(fullKey, hit);
      return hit;
    }
    const encoded = encodeText(tokenizer, text);
    this.entries.set(fullKey, encoded);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return encoded;
  }

  /** Keeps an encoding made elsewhere (another worker thread encoded the same text once for all). */
  put(key: string, encoded: EncodedText): void {
    const fullKey = `${key}\u0000${encoded.encoding}`;
    this.entries.delete(fullKey);
    this.entries.set(fullKey, encoded);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Lets go of every encoding of `key` (a document closed, or replaced by its whole model). */
  drop(key: string): void {
    for (const fullKey of [...this.entries.keys()])
      if (fullKey.slice(0, fullKey.indexOf("\u0000")) === key) this.entries.delete(fullKey);
  }

  has(key: string, encoding: EncodingName): boolean {
    return this.entries.has(`${key}\u0000${encoding}`);
  }

  clear(): void {
    this.entries.clear();
  }
}
