/** The NOESIS chunkers' `token_counter` param (DESIGN §12 "Seed fidelity"), meta-safe: the page loads it. */
import type { ParamSpec } from "../../chunk";

export const TOKEN_COUNTERS = ["cl100k", "chars_div_4"] as const;
export type TokenCounter = (typeof TOKEN_COUNTERS)[number];

/**
 * A workbench extension (CHUNKERS.md): the seed says "tokens" and names no tokenizer, so cl100k stays
 * the default; NOESIS's own code estimates `len(text) // 4`, which `chars_div_4` reproduces.
 */
export const TOKEN_COUNTER_PARAM = {
  key: "token_counter",
  label: "Token counter",
  type: "enum",
  options: TOKEN_COUNTERS,
  seedSilent: true,
  help: "Workbench extension. How every limit here (max, target, overlap) counts a text's tokens. cl100k (default): tiktoken's cl100k_base, exact. chars_div_4: len(text) // 4 in code points, as NOESIS's own code estimates — pick it to match a pipeline that counts that way. Chunk sizes on screen stay cl100k tokens.",
} as const satisfies ParamSpec;

/** `len(text) // 4` in code points, as Python's len counts a str. */
export function charsDiv4(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one code point: count its high half only.
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return Math.floor(n / 4);
}
