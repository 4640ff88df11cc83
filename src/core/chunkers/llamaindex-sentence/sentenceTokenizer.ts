/**
 * The sentence tokenizer LlamaIndex TS (@llamaindex/core 0.6) bundles from natural
 * (lib/natural/tokenizers/sentence_tokenizer.js), as cut positions: abbreviations (its English and
 * Spanish lists, matched case-insensitively anywhere, as its regex does: "art." inside "start." too),
 * then URIs, then numbers are masked by placeholders in that order — each regex runs on the text the
 * previous step left, placeholders included, as natural runs them — and a sentence ends after each
 * run matching its delimiter pattern in what remains. The text is never changed: placeholders map back
 * to the positions they stand for, each pass once over the text, where natural re-scans every
 * placeholder for every sentence (its regexes keep their own backtracking on long runs of spaces or
 * address characters, as natural's do).
 */

/** natural's abbreviations as @llamaindex/core 0.6 passes them (English, then Spanish). */
export const LLAMAINDEX_ABBREVIATIONS: readonly string[] = [
  "i.e.",
  "etc.",
  "vs.",
  "Inc.",
  "A.S.A.P.",
  "Mr.",
  "Mrs.",
  "Ms.",
  "Dr.",
  "Prof.",
  "Sr.",
  "Jr.",
  "Tel.",
  "a.m.",
  "p.m.",
  "Art.",
  "Sr.",
  "Sres.",
  "Srs.",
  "Sra.",
  "Sras.",
  "Srta.",
  "Srtas.",
  "Dr.",
  "Drs.",
  "Dra.",
  "Dras.",
  "Prof.",
  "Profs.",
  "Profa.",
  "Profas.",
  "Ing.",
  "Lic.",
  "Arq.",
  "Ab.",
  "Abs.",
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const URI =
  /(https?:\/\/\S+|www\.\S+|ftp:\/\/\S+|(mailto:)?[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}|file:\/\/\S+)/gi;
const NUMBER = /\b\d{1,3}(?:,\d{3})*(?:\.\d+)?\b/g;
const DELIMITER = /([.?!… ]*)([.?!…])(["'”’)}\]]?)/g;

/** A string being masked, with where each of its positions lies in the original. */
interface Masked {
  text: string;
  /** at[i]: the original offset of position i (a placeholder's characters all map to its start); at[length] = the end. */
  at: number[];
}

/** Replaces every match of `pattern` with `{{BASE_k}}`, counting on from `counter`; positions follow. */
function mask(m: Masked, pattern: RegExp, base: string, counter: { n: number }): Masked {
  let text = "";
  const at: number[] = [];
  let from = 0;
  pattern.lastIndex = 0;
  for (const match of m.text.matchAll(pattern)) {
    if (match[0] === "") continue;
    const s = match.index;
    const e = s + match[0].length;
    text += m.text.slice(from, s);
    for (let i = from; i < s; i++) at.push(m.at[i]!);
    const placeholder = `{{${base}_${counter.n++}}}`;
    text += placeholder;
    for (let i = 0; i < placeholder.length; i++) at.push(m.at[s]!);
    from = e;
  }
  text += m.text.slice(from);
  for (let i = from; i <= m.text.length; i++) at.push(m.at[i]!);
  return { text, at };
}

/** An abbreviation pattern as natural builds it: every one escaped, in one case-insensitive alternation. */
export function abbreviationPattern(abbreviations: readonly string[]): RegExp | null {
  return abbreviations.length === 0
    ? null
    : new RegExp(`(${abbreviations.map(escapeRegExp).join("|")})`, "gi");
}

/**
 * Where natural's SentenceTokenizer ends sentences in text.slice(start, end): the offsets (in text)
 * after each delimiter run, ascending, strictly inside (start, end). Its sentences are the pieces
 * between them (a trailing empty piece dropped, as its trim does).
 */
export function sentenceCuts(
  text: string,
  start: number,
  end: number,
  abbreviations: RegExp | null,
  signal?: AbortSignal,
): number[] {
  const slice = text.slice(start, end);
  let m: Masked = { text: slice, at: Array.from({ length: slice.length + 1 }, (_, i) => start + i) };
  const counter = { n: 0 };
  if (abbreviations) m = mask(m, abbreviations, "ABBREV", counter);
  signal?.throwIfAborted();
  m = mask(m, URI, "URI", counter);
  signal?.throwIfAborted();
  m = mask(m, NUMBER, "NUMBER", counter);
  signal?.throwIfAborted();
  const cuts: number[] = [];
  DELIMITER.lastIndex = 0;
  for (const match of m.text.matchAll(DELIMITER)) {
    const cut = m.at[match.index + match[0].length]!;
    if (cut > start && cut < end && cut !== cuts[cuts.length - 1]) cuts.push(cut);
  }
  return cuts;
}
