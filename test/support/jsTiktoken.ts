/**
 * js-tiktoken, the product card's tokenizer, as the reference the tests and the benchmark hold the
 * shipped engine (gpt-tokenizer, src/core/text/tokenizer) to: identical ids. A devDependency: no
 * build ships it.
 */
import { specialByteLength, type EncodingName, type Tokenizer } from "../../src/core/text/tokenizer";

const loaded = new Map<EncodingName, Promise<Tokenizer>>();

export function loadJsTiktoken(encoding: EncodingName = "cl100k_base"): Promise<Tokenizer> {
  let tokenizer = loaded.get(encoding);
  if (!tokenizer) loaded.set(encoding, (tokenizer = load(encoding)));
  return tokenizer;
}

async function load(encoding: EncodingName): Promise<Tokenizer> {
  const [{ Tiktoken }, ranks] = await Promise.all([
    import("js-tiktoken/lite"),
    encoding === "o200k_base"
      ? import("js-tiktoken/ranks/o200k_base")
      : import("js-tiktoken/ranks/cl100k_base"),
  ]);
  const tiktoken = new Tiktoken(ranks.default);
  // Byte length per token id, read once per token of every run: an array indexed by id, not a Map.
  const byId = new Map<number, number>();
  for (const line of ranks.default.bpe_ranks.split("\n")) {
    // "<marker> <offset> <b64> <b64> …": consecutive ranks from offset; a base64 token's byte
    // length follows from its length and padding, no decoding needed.
    const [, offsetText, ...tokens] = line.split(" ");
    const offset = Number.parseInt(offsetText ?? "", 10);
    tokens.forEach((b64, i) => {
      const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
      byId.set(offset + i, (b64.length / 4) * 3 - padding);
    });
  }
  for (const [id, length] of specialByteLength(ranks.default.special_tokens)) byId.set(id, length);
  let maxId = 0;
  for (const id of byId.keys()) if (id > maxId) maxId = id;
  const lengths = new Uint16Array(maxId + 1);
  for (const [id, length] of byId) lengths[id] = length;
  return {
    encoding,
    engine: "js-tiktoken",
    encode: (text) => tiktoken.encode(text, [], []),
    decode: (ids) => tiktoken.decode([...ids]),
    count: (text) => tiktoken.encode(text, [], []).length,
    byteLength: (id) => lengths[id] ?? 0,
  };
}
