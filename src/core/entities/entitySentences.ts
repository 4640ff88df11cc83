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
  one: { tagSet: Record<string, { parents?: string[] }> };
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

/** The test for compromise's model, or null when the model can reach an entity tag some way it does not check. */
export function entitySentenceTest(
  model: TaggerModel,
  isEntityTag: (tag: string) => boolean,
): ((terms: readonly NlpTerm[]) => boolean) | null {
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
