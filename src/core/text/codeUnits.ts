/**
 * Facts about single UTF-16 code units that splitters share: surrogate halves (no chunker splits a
 * pair) and ECMAScript's trim whitespace (what LangChain JS and LlamaIndex TS trim chunks by).
 */

export const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
export const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** The length of the code point starting at i, within [i, end): 2 for a whole surrogate pair, else 1. */
export function codePointStep(text: string, i: number, end: number): 1 | 2 {
  return isHighSurrogate(text.charCodeAt(i)) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
}

/** String.prototype.trim's set: ECMAScript WhiteSpace and LineTerminator (JavaScript's \s). */
export function isTrimSpace(code: number): boolean {
  if (code < 128) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
