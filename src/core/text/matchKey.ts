/**
 * Match key of one character: compatibility-normalised, case-folded, letters, digits and marks only.
 * Titles are matched against the text this way (outlines and PDF headings spell punctuation their own
 * way — "``Any''" for “Any”, "--" for "—", ligatures — and spacing varies).
 */
export function matchKeyOf(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x80) {
    // ASCII fast path (most text): this runs for every character a title is matched over.
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) return ch;
    if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 0x20);
    return "";
  }
  return ch
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, "");
}
