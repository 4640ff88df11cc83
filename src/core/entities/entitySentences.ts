/**
 * Which sentences compromise could tag with a person, place or organization, decided once its
 * lexicon has run and before its pre-tagger does. Most sentences of a book or a manual can hold
 * none, and tagging them is most of compromise's time; nlp.ts tags only those this test keeps.
 *
 * The test is built from compromise's own model, so it follows the model it runs with. After the
 * lexicon, a term can reach such a tag (or a tag one of the rules that set them needs: a proper
 * noun, an acronym) only through:
 * - its case: the pre-tagger makes a titlecase word that does not open its sentence a proper noun,
 *   an upper-case one an acronym or a roman numeral — any upper-case letter keeps the sentence,
 *   except the one that begins a titlecase first word;
 * - its word: a switch word that can be a person or a place ("will", "may", "bill"), an org or
 *   place word ("inc", "river"), a neighbour word ("jr"), or a word one of the post-tagger's rules
 *   that set such a tag needs (each such rule needs at least one: "university", "street", "&");
 * - its letters: a suffix, prefix or regular expression of the pre-tagger that gives such a tag
 *   ("-ville", "-view" → Place, "-sson" → LastName, "e.g." → Acronym);
 * - a tag it already has (from the lexicon): the views' tags and those two.
 * The post-tagger finds every rule's matches before applying any, so its rules cannot chain; the
 * pre-tagger's one tag-to-tag step (a word after an honorific is a person) starts from such a tag.
 * Where the model holds something this reasoning does not cover — a rule that could set an entity
 * tag with none of these to show for it — there is no test (null), and every sentence is tagged.
 */

/** A compromise term, as far as the test reads it. */
export interface NlpTerm {
  text: string;
  normal: string;
  post?: string;
  machine?: string;
  implicit?: string;
  alias?: string[];
  index?: number[];
  tags: ReadonlySet<string>;
}

/** One parsed rule of compromise's post-tagger (`model.two.matches` once compromise has parsed them). */
interface PostTaggerRule {
  tag?: unknown;
  needs?: string[];
  wants?: string[];
  minWant?: number;
}

type RegexEntry = readonly [RegExp, unknown, ...unknown[]];

/** The parts of compromise's model (`nlp.world().model`) the test is built from. */
export interface TaggerModel {
  one: {
    tagSet: Record<string, { parents?: string[] }>;
    /** What the text test reads (entityTextTest): the tables compromise's hooks up to its lexicon use. */
    lexicon?: Record<string, unknown>;
    frozenLex?: Record<string, unknown>;
    aliases?: Record<string, unknown>;
    contractions?: ReadonlyArray<{ word?: unknown }>;
    typeahead?: Record<string, unknown>;
  };
  two: {
    suffixPatterns: ReadonlyArray<Record<string, unknown> | undefined>;
    prefixPatterns: ReadonlyArray<Record<string, unknown> | undefined>;
    regexText: readonly RegexEntry[];
    regexNormal: readonly RegexEntry[];
    regexNumbers: readonly RegexEntry[];
    endsWith: Record<string, readonly RegexEntry[]>;
    neighbours: Record<
      "leftTags" | "leftWords" | "rightTags" | "rightWords",
      ReadonlyArray<readonly [string, unknown]>
    >;
    switches: Record<string, string>;
    orgWords: Record<string, unknown>;
    placeWords: Record<string, unknown>;
    matches: readonly PostTaggerRule[];
  };
}

/** Tags that are not the views' own but lead to them, and whose every source the test checks. */
const LEADING_TAGS = new Set(["ProperNoun", "Acronym"]);
/** tagSwitch's prefixes: "restrike" switches as "strike" does. */
const SWITCH_PREFIX = /^(under|over|mis|re|un|dis|semi)-?/;
const UPPER = /\p{Lu}/u;
/** A first word the pre-tagger leaves alone for its case: one capital, then a lower-case letter. */
const TITLE_FIRST = /^\p{Lu}\p{Ll}[^\p{Lu}]*$/u;
const DIGIT = /[0-9]/;
/** Words too common to stand for a rule when it needs something rarer ("(king|queen) of #Noun"). */
const COMMON_WORDS = new Set([
  "the",
  "of",
  "in",
  "to",
  "a",
  "an",
  "and",
  "or",
  "for",
  "on",
  "at",
  "by",
  "with",
  "from",
]);

function tagsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(tagsIn);
  if (typeof value !== "string") return [];
  return value
    .split(/[\s|]+/)
    .map((t) => t.replace(/^[#%]+|%+$/g, ""))
    .filter(Boolean);
}

/** What a sentence must show to be kept, built once from the model (null: the model holds a way the test does not check). */
interface Witnesses {
  leads: (tag: string) => boolean;
  gives: (value: unknown) => boolean;
  isWitnessWord: (word: string | undefined) => boolean;
  hasSuffix: (s: string) => boolean;
  hasPrefix: (s: string) => boolean;
  anyTest: (regexes: readonly RegExp[], s: string) => boolean;
  textRegexes: RegExp[];
  normalRegexes: RegExp[];
  numberRegexes: RegExp[];
  endRegexes: RegExp[];
  besideTitleFirst: ReadonlySet<string>;
  /** Every word the test looks for as a word (rule, neighbour and switch words). */
  words: ReadonlySet<string>;
  switchWords: ReadonlySet<string>;
}

function witnessesOf(model: TaggerModel, isEntityTag: (tag: string) => boolean): Witnesses | null {
  const leads = (tag: string) => isEntityTag(tag) || LEADING_TAGS.has(tag);
  const gives = (value: unknown) => tagsIn(value).some(leads);
  const two = model.two;

  const words = new Set<string>();
  // An org word ("inc", "radio") or a place word ("river") makes an entity only beside a word that
  // is titlecase, a proper noun, an acronym or a place — each a reason to keep the sentence already,
  // save a titlecase first word: only then do these words count.
  const besideTitleFirst = new Set([...Object.keys(two.orgWords), ...Object.keys(two.placeWords)]);
  const switchWords = new Set(Object.keys(two.switches).filter((w) => gives(two.switches[w])));
  const switchNames = new Set(Object.values(two.switches).filter(gives));

  // The pre-tagger's neighbour hints: a word hint is a word to look for; a tag hint must start
  // from a tag the test already looks for.
  for (const side of ["leftWords", "rightWords"] as const)
    for (const [word, tag] of two.neighbours[side]) if (gives(tag)) words.add(word);
  for (const side of ["leftTags", "rightTags"] as const)
    for (const [from, tag] of two.neighbours[side]) if (gives(tag) && !leads(from)) return null;

  // Every post-tagger rule that could set an entity tag, by one thing it cannot match without.
  for (const rule of two.matches) {
    const tag = rule.tag;
    if (tag !== undefined && typeof tag !== "string" && !Array.isArray(tag)) return null;
    if (!tagsIn(tag).some(isEntityTag)) continue;
    if (!Array.isArray(rule.needs) || !Array.isArray(rule.wants)) return null;
    // The rarest thing it needs, first: a tag the test already looks for, a switch word, a word.
    if (rule.needs.some((n) => n.startsWith("#") && leads(n.slice(1)))) continue;
    if (rule.needs.some((n) => n.startsWith("%") && switchNames.has(n.slice(1, -1)))) continue;
    const needWords = rule.needs.filter((n) => !n.startsWith("#") && !n.startsWith("%"));
    const needWord = needWords.find((w) => !COMMON_WORDS.has(w));
    if (needWord !== undefined) {
      words.add(needWord);
      continue;
    }
    const wantsWords = rule.wants.every((w) => !w.startsWith("#") && !w.startsWith("%"));
    if ((rule.minWant ?? 0) >= 1 && rule.wants.length > 0 && wantsWords) {
      for (const w of rule.wants) words.add(w);
      continue;
    }
    if (needWords.length > 0) {
      words.add(needWords[0]!);
      continue;
    }
    return null;
  }

  const suffixes = new Set<string>();
  for (const byLength of two.suffixPatterns)
    for (const [suffix, tag] of Object.entries(byLength ?? {})) if (gives(tag)) suffixes.add(suffix);
  const prefixes = new Set<string>();
  for (const byLength of two.prefixPatterns)
    for (const [prefix, tag] of Object.entries(byLength ?? {})) if (gives(tag)) prefixes.add(prefix);
  const textRegexes = two.regexText.filter((r) => gives(r[1])).map((r) => r[0]);
  const normalRegexes = two.regexNormal.filter((r) => gives(r[1])).map((r) => r[0]);
  const numberRegexes = two.regexNumbers.filter((r) => gives(r[1])).map((r) => r[0]);
  const endRegexes = Object.values(two.endsWith)
    .flat()
    .filter((r) => gives(r[1]))
    .map((r) => r[0]);

  const hasSuffix = (s: string) => {
    for (let n = 2; n <= 7 && n < s.length; n++) if (suffixes.has(s.slice(-n))) return true;
    return false;
  };
  const hasPrefix = (s: string) => {
    for (let n = 3; n <= 7 && n <= s.length - 3; n++) if (prefixes.has(s.slice(0, n))) return true;
    return false;
  };
  const anyTest = (regexes: readonly RegExp[], s: string) => {
    for (const re of regexes) {
      re.lastIndex = 0;
      if (re.test(s)) return true;
    }
    return false;
  };
  const isWitnessWord = (w: string | undefined) => {
    if (!w) return false;
    if (words.has(w) || switchWords.has(w)) return true;
    const stem = w.replace(SWITCH_PREFIX, "");
    return stem !== w && stem.length > 3 && switchWords.has(stem);
  };
  return {
    leads,
    gives,
    isWitnessWord,
    hasSuffix,
    hasPrefix,
    anyTest,
    textRegexes,
    normalRegexes,
    numberRegexes,
    endRegexes,
    besideTitleFirst,
    words,
    switchWords,
  };
}

/** The test for compromise's model, or null when the model can reach an entity tag some way it does not check. */
export function entitySentenceTest(
  model: TaggerModel,
  isEntityTag: (tag: string) => boolean,
): ((terms: readonly NlpTerm[]) => boolean) | null {
  const w = witnessesOf(model, isEntityTag);
  if (!w) return null;
  const { leads, isWitnessWord, hasSuffix, hasPrefix, anyTest, besideTitleFirst } = w;
  const { textRegexes, normalRegexes, numberRegexes, endRegexes } = w;

  const termMay = (term: NlpTerm, position: number): boolean => {
    for (const tag of term.tags) if (leads(tag)) return true;
    if (UPPER.test(term.text) && !((term.index?.[1] ?? position) === 0 && TITLE_FIRST.test(term.text)))
      return true;
    const normal = term.machine || term.normal;
    if (isWitnessWord(term.normal) || isWitnessWord(term.machine) || isWitnessWord(term.implicit))
      return true;
    if (term.alias?.some(isWitnessWord)) return true;
    if (hasSuffix(term.normal) || (term.implicit !== undefined && hasSuffix(term.implicit))) return true;
    if (hasPrefix(term.normal)) return true;
    const post = term.post?.trim() ?? "";
    if (anyTest(textRegexes, term.text) || (post && anyTest(textRegexes, term.text + post))) return true;
    if (anyTest(normalRegexes, normal) || anyTest(endRegexes, normal)) return true;
    return DIGIT.test(normal) && anyTest(numberRegexes, normal);
  };

  const isTitleFirst = (term: NlpTerm | undefined) =>
    term !== undefined && (term.index?.[1] ?? 0) === 0 && TITLE_FIRST.test(term.text);

  return (terms) => {
    for (let i = 0; i < terms.length; i++) if (termMay(terms[i]!, i)) return true;
    if (isTitleFirst(terms[0]))
      for (const term of terms) if (besideTitleFirst.has(term.machine || term.normal)) return true;
    return false;
  };
}

/** Punctuation a whitespace-separated piece may consist of and still hold nothing the test looks for. */
const QUIET_PUNCTUATION = /^[-–—.,;:!?()"“”…]+$/u;
const EDGE_START = /^[^\p{L}\p{N}]+/u;
const EDGE_END = /[^\p{L}\p{N}]+$/u;
const WHITESPACE = /\s+/u;
/**
 * Edge characters compromise keeps in a term's text (its pre- and post-punctuation tables: "#tag",
 * "50%"): a piece with one keeps its sentence, as the term it makes is not the piece's core.
 */
const KEPT_EDGE = /[#@_°%\u200b-\u200d\ufeff]/u;
/** The pieces read word by word; any other keeps its sentence. */
const PLAIN_WORD = /^[a-z]+$/;
const NUMBER = /^[0-9][0-9.,]*$/;
const APOSTROPHE_WORD = /^[a-z]+['’][a-z]+$/;
const DASHED_WORD = /^[a-z]+(?:[-–—][a-z]+)+$/;
/**
 * Words compromise's contraction hook writes from its own code rather than its model's table, by
 * what follows the apostrophe ("isn't" → not, "how'd" → did, "there's" → is) or what leads it
 * (French elisions: "j'", "l'", "d'").
 */
const CONTRACTION_CODE_AFTER: Readonly<Record<string, readonly string[]>> = {
  t: ["not"],
  d: ["did", "had", "would"],
  s: ["is", "has"],
};
const CONTRACTION_CODE_BEFORE: Readonly<Record<string, readonly string[]>> = {
  j: ["je"],
  l: ["la", "le"],
  d: ["de", "du", "des"],
};

/** The longest of the words (the last of equals): the rarest, as a rule of thumb. */
function longestWord(words: readonly string[]): string {
  return words.reduce((best, w) => (w.length >= best.length ? w : best), "");
}

/**
 * The same question asked of a sentence's text, before compromise has split it into terms: false
 * only when the sentence test above would be false for it once compromise's hooks up to its lexicon
 * had run. nlp.ts hands compromise such a sentence as one empty term carrying its characters, so
 * those hooks run on the sentences that may hold an entity only.
 *
 * Every whitespace-separated piece is read the way the sentence test reads the terms compromise
 * would make of it, and a piece that could become a term this does not foresee keeps the sentence:
 * any upper-case letter (but the capital of a titlecase first word), and any piece that is not a
 * plain lower-case word, a number, a word with one apostrophe or words joined by dashes (letters it
 * transliterates, slashes it splits at, "&" and "@", which are words to it). A word keeps it when
 * the lexicon or its frozen entries tag it (a multi-word entry by its longest word) with one of the
 * tags the test looks for or one leading to them, when it is an alias or a contraction compromise
 * expands, or by the sentence test's own words, suffixes, prefixes and patterns — for a word with
 * an apostrophe, its parts and every word its contraction could expand to; for dashed words, each
 * part, the whole and the whole without dashes. Null where the sentence test is null, or where
 * compromise's model has something this does not read (typeahead entries).
 */
export function entityTextTest(
  model: TaggerModel,
  isEntityTag: (tag: string) => boolean,
): ((sentence: string) => boolean) | null {
  const w = witnessesOf(model, isEntityTag);
  const { lexicon, frozenLex, aliases, contractions, typeahead } = model.one;
  if (!w || !lexicon || !frozenLex || !aliases || !contractions) return null;
  if (typeahead && Object.keys(typeahead).length > 0) return null;
  const { leads, isWitnessWord, hasSuffix, hasPrefix, anyTest, besideTitleFirst } = w;
  const { textRegexes, normalRegexes, numberRegexes, endRegexes } = w;
  const tagSet = model.one.tagSet;
  // setTag adds a tag with its parents: either may be one the test looks for.
  const lexiconGives = (value: unknown) =>
    tagsIn(value).some((tag) => leads(tag) || (tagSet[tag]?.parents ?? []).some(leads));
  const keepWords = new Set<string>();
  // A multi-word entry ("the beatles", "new york") tags only when all its words are there: its
  // longest word stands for it, so "the" and "new" keep nothing alone.
  for (const table of [lexicon, frozenLex])
    for (const [key, value] of Object.entries(table))
      if (lexiconGives(value)) keepWords.add(longestWord(key.split(" ")));
  for (const key of Object.keys(aliases)) keepWords.add(key);
  // Contractions compromise expands by its table: the word ("cannot"), or what follows or leads an
  // apostrophe ("'ll" → will, "qu'" → que).
  const contractionOut = new Map<string, string[]>();
  const outWords = (value: unknown) =>
    Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
  for (const c of contractions as ReadonlyArray<{
    word?: unknown;
    after?: unknown;
    before?: unknown;
    out?: unknown;
  }>) {
    if (typeof c.word === "string") contractionOut.set(c.word, outWords(c.out));
    if (typeof c.after === "string") contractionOut.set(`'${c.after}`, outWords(c.out));
    if (typeof c.before === "string") contractionOut.set(`${c.before}'`, outWords(c.out));
  }

  const termWordMay = (word: string, titleFirst: boolean) =>
    keepWords.has(word) ||
    isWitnessWord(word) ||
    (titleFirst && besideTitleFirst.has(word)) ||
    hasSuffix(word) ||
    hasPrefix(word) ||
    anyTest(normalRegexes, word) ||
    anyTest(endRegexes, word);
  // A word compromise expands ("cannot" → can not) is read, and so are the words it expands to.
  const wordMay = (word: string, titleFirst: boolean) =>
    termWordMay(word, titleFirst) ||
    (contractionOut.get(word)?.some((out) => termWordMay(out, titleFirst)) ?? false);
  const apostropheMay = (word: string, titleFirst: boolean) => {
    const straight = word.replace("’", "'");
    const [before, after] = straight.split("'") as [string, string];
    const candidates = [
      straight,
      word,
      straight.replace("'", ""),
      // "don't" is "do not": its "don" is no word of it (a possessive's "nation" is).
      ...(after === "t" ? [] : [before]),
      after,
      before.replace(/n$/, ""),
      ...(contractionOut.get(straight) ?? []),
      ...(contractionOut.get(straight.replace("'", "")) ?? []),
      ...(contractionOut.get(`'${after}`) ?? []),
      ...(contractionOut.get(`${before}'`) ?? []),
      ...(CONTRACTION_CODE_AFTER[after] ?? []),
      ...(CONTRACTION_CODE_BEFORE[before] ?? []),
    ];
    return candidates.some((c) => wordMay(c, titleFirst));
  };
  const dashedMay = (word: string, titleFirst: boolean) =>
    [word, word.replace(/[-–—]/g, ""), ...word.split(/[-–—]/)].some((c) => wordMay(c, titleFirst));
  const numberMay = (word: string) =>
    [word, word.replace(/[.,]/g, "")].some((c) => wordMay(c, true) || anyTest(numberRegexes, c));

  // Whether one word-bearing piece keeps its sentence, given whether it opens the sentence and
  // whether a titlecase first word was seen: the only state the reading depends on.
  const pieceKeeps = (piece: string, start: number, core: string, isFirst: boolean, titleFirst: boolean) => {
    if (KEPT_EDGE.test(piece)) return true;
    if (UPPER.test(piece) && !(isFirst && TITLE_FIRST.test(core))) return true;
    const withEnd = piece.slice(start);
    if (anyTest(textRegexes, core) || anyTest(textRegexes, withEnd) || anyTest(textRegexes, piece))
      return true;
    const word = core.toLowerCase();
    if (PLAIN_WORD.test(word)) return wordMay(word, titleFirst);
    if (NUMBER.test(word)) return numberMay(word);
    if (APOSTROPHE_WORD.test(word)) return apostropheMay(word, titleFirst);
    if (DASHED_WORD.test(word)) return dashedMay(word, titleFirst);
    return true;
  };
  // Words repeat (a book's 14,705 sentences hold a few thousand distinct pieces), so each piece is
  // read once per state; the memo is dropped when it grows past PIECE_MEMO_SIZE.
  const memo = new Map<string, PieceReading>();
  const readingOf = (piece: string): PieceReading => {
    let reading = memo.get(piece);
    if (reading === undefined) {
      const start = EDGE_START.exec(piece)?.[0].length ?? 0;
      const core = piece.slice(start).replace(EDGE_END, "");
      reading = {
        start,
        core,
        titleCore: core !== "" && TITLE_FIRST.test(core),
        emptyKeeps: core === "" && !QUIET_PUNCTUATION.test(piece),
        keeps: [UNREAD, UNREAD, UNREAD, UNREAD],
      };
      if (memo.size >= PIECE_MEMO_SIZE) memo.clear();
      memo.set(piece, reading);
    }
    return reading;
  };

  return (sentence) => {
    const pieces = sentence.split(WHITESPACE);
    let first = true;
    let titleFirst = false;
    let sawWord = false;
    for (const piece of pieces) {
      if (piece === "") continue;
      const isFirst = first;
      first = false;
      const reading = readingOf(piece);
      if (reading.core === "") {
        if (reading.emptyKeeps) return true;
        continue;
      }
      // The first word may open the sentence in title case; an org or place word then counts.
      if (!sawWord && reading.titleCore) titleFirst = true;
      sawWord = true;
      const state = (isFirst ? 2 : 0) + (titleFirst ? 1 : 0);
      let keeps = reading.keeps[state]!;
      if (keeps === UNREAD)
        keeps = reading.keeps[state] = pieceKeeps(piece, reading.start, reading.core, isFirst, titleFirst)
          ? KEEPS
          : PASSES;
      if (keeps === KEEPS) return true;
    }
    return false;
  };
}

/** A whitespace piece as the text test reads it, with its verdict per state (opens the sentence × after a titlecase first word). */
interface PieceReading {
  /** Where the piece's word starts (after leading punctuation). */
  start: number;
  /** The piece without edge punctuation. */
  core: string;
  titleCore: boolean;
  /** A piece of punctuation only that compromise could make a term of. */
  emptyKeeps: boolean;
  keeps: [number, number, number, number];
}

const UNREAD = -1;
const PASSES = 0;
const KEEPS = 1;
/** Distinct pieces remembered at most (a 2,415-page manual has ~10^5). */
const PIECE_MEMO_SIZE = 200_000;
