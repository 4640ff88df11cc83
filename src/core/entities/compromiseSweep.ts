/**
 * A faster, equivalent replacement for compromise's `methods.one.bulkMatch` (its "sweep", which runs
 * the tagger's hundreds of match rules over each sentence). compromise 14.17 finds a sentence's
 * candidate rules by testing every hook key of the rule net against the sentence's cache
 * (`Object.keys(hooks).forEach(k => cache.has(k))`, thousands of keys per sentence) and concatenating
 * lists one key at a time: 40% of tagging a 350-page book. This version walks the sentence's own
 * cache (its words and tags, tens of entries) instead, then orders the keys it finds as
 * `Object.keys(hooks)` would, so the candidate list — and so every tag and entity — is the same.
 * The trimming and matching steps are compromise's, restated. Equivalence is tested against the
 * original (compromiseSweep.test.ts); the override is installed once when compromise loads.
 */

/** One parsed match rule of compromise's net (only the fields the sweep reads). */
interface MatchRule {
  match: string;
  needs: string[];
  wants: string[];
  minWant: number;
  minWords: number;
  ifNo?: string[];
  unTag?: unknown;
  /** What a match tags: one tag, several ("#Noun . #Adjective", one per term) or a list. */
  tag?: unknown;
}

interface RuleNet {
  hooks: Record<string, MatchRule[]>;
  always: MatchRule[];
}

interface SweepOptions {
  matchOne?: boolean;
  /** false when the caller wants the matches themselves (a net given to `match`), not their tags. */
  tagger?: boolean;
}

type Sentence = unknown[];

interface SweepMethods {
  one: {
    cacheDoc(document: Sentence[]): Array<Set<string>>;
    match(docs: Sentence[], rule: MatchRule): { ptrs: number[][] };
  };
}

type BulkMatch = (
  document: Sentence[],
  net: RuleNet,
  methods: SweepMethods,
  opts?: SweepOptions,
) => unknown[];

/** What `nlp.methods()` returns, as far as the sweep is concerned. */
export interface CompromiseMethods {
  one: { bulkMatch: BulkMatch };
}

/**
 * A net's hook keys, numbered in `Object.keys` order (the order compromise tries them in), and for
 * each key its rules' duplicate groups: compromise keeps the first rule of each match string.
 */
interface NetIndex {
  keys: string[];
  index: Map<string, number>;
  groups: Int32Array[];
  /** Per group, the last sentence that visited it. */
  visited: Int32Array;
  sentence: number;
}

const netIndexes = new WeakMap<Record<string, MatchRule[]>, NetIndex>();

function netIndex(hooks: Record<string, MatchRule[]>): NetIndex {
  let net = netIndexes.get(hooks);
  if (!net) {
    const keys = Object.keys(hooks);
    const groupOf = new Map<string, number>();
    const groups = keys.map((k) =>
      Int32Array.from(hooks[k]!, (rule) => {
        let g = groupOf.get(rule.match);
        if (g === undefined) groupOf.set(rule.match, (g = groupOf.size));
        return g;
      }),
    );
    net = {
      keys,
      index: new Map(keys.map((k, i) => [k, i])),
      groups,
      visited: new Int32Array(groupOf.size).fill(-1),
      sentence: 0,
    };
    netIndexes.set(hooks, net);
  }
  return net;
}

function hasAll(haves: ReadonlySet<string>, items: readonly string[]): boolean {
  for (const item of items) if (!haves.has(item)) return false;
  return true;
}

function countIn(haves: ReadonlySet<string>, items: readonly string[]): number {
  let n = 0;
  for (const item of items) if (haves.has(item)) n++;
  return n;
}

/** The rules worth trying on one sentence, in compromise's order: its getHooks, trimDown and tooSmall. */
export function candidateRules(haves: ReadonlySet<string>, termCount: number, net: RuleNet): MatchRule[] {
  const index = netIndex(net.hooks);
  const found: number[] = [];
  for (const item of haves) {
    const i = index.index.get(item);
    if (i !== undefined) found.push(i);
  }
  found.sort((a, b) => a - b);
  // A stamp per sentence rather than a fresh set; on wrap-around the old stamps are cleared.
  let stamp = (index.sentence = (index.sentence + 1) & 0x3fffffff);
  if (stamp === 0) {
    index.visited.fill(-1);
    stamp = index.sentence = 1;
  }
  const rules: MatchRule[] = [];
  for (const i of found) {
    const list = net.hooks[index.keys[i]!]!;
    const groups = index.groups[i]!;
    for (let j = 0; j < list.length; j++) {
      const g = groups[j]!;
      if (index.visited[g] === stamp) continue;
      index.visited[g] = stamp;
      const rule = list[j]!;
      if (termCount < rule.minWords || !hasAll(haves, rule.needs)) continue;
      if (rule.ifNo !== undefined && countIn(haves, rule.ifNo) > 0) continue;
      if (rule.wants.length > 0 && countIn(haves, rule.wants) < rule.minWant) continue;
      rules.push(rule);
    }
  }
  for (const rule of net.always) if (termCount >= rule.minWords) rules.push(rule);
  return rules;
}

/**
 * Which tags the caller will read. A sweep given one leaves alone every segment that has none of
 * them and no candidate rule that could set one: nothing in it can become what the caller reads,
 * and compromise matches every rule of a sweep against the tags as they were before it (the matches
 * are found first, then applied), so the segment's other tags cannot make one appear either.
 */
export type TagFocus = (tag: string) => boolean;

/** Whether a rule's match could set a tag the caller reads (any tag form compromise does not know is assumed to). */
function setsFocusTag(rule: MatchRule, focus: TagFocus): boolean {
  const tag = rule.tag;
  if (tag === undefined || tag === null || tag === "") return false;
  const tags = typeof tag === "string" ? tag.split(" ") : Array.isArray(tag) ? tag : null;
  if (!tags) return true;
  return tags.some((t) => typeof t !== "string" || focus(t.trim().replace(/^#/, "")));
}

function hasFocusTag(haves: ReadonlySet<string>, focus: TagFocus): boolean {
  for (const item of haves) if (item.charCodeAt(0) === 35 /* # */ && focus(item.slice(1))) return true;
  return false;
}

function makeBulkMatch(focus?: TagFocus): BulkMatch {
  // Per net, its rules that could set a focused tag: a segment without a focused tag is tried
  // against these few first, and only a segment with one of them is worth its full candidate list.
  const focusNets = new WeakMap<RuleNet, RuleNet>();
  const focusNetOf = (net: RuleNet, focus: TagFocus): RuleNet => {
    let small = focusNets.get(net);
    if (!small) {
      const hooks: Record<string, MatchRule[]> = {};
      for (const [key, rules] of Object.entries(net.hooks)) {
        const setting = rules.filter((rule) => setsFocusTag(rule, focus));
        if (setting.length > 0) hooks[key] = setting;
      }
      small = { hooks, always: net.always.filter((rule) => setsFocusTag(rule, focus)) };
      focusNets.set(net, small);
    }
    return small;
  };
  return (document, net, methods, opts = {}) => {
    const docCache = methods.one.cacheDoc(document);
    const results: unknown[] = [];
    const focusNet = focus && opts.tagger !== false ? focusNetOf(net, focus) : null;
    for (let n = 0; n < document.length; n++) {
      const haves = docCache[n]!;
      const termCount = document[n]!.length;
      if (focusNet && !hasFocusTag(haves, focus!) && candidateRules(haves, termCount, focusNet).length === 0)
        continue;
      for (const rule of candidateRules(haves, termCount, net)) {
        const res = methods.one.match([document[n]!], rule);
        if (res.ptrs.length === 0) continue;
        for (const ptr of res.ptrs) {
          ptr[0] = n;
          results.push({ ...rule, pointer: ptr });
        }
        if (opts.matchOne === true) return [results[0]];
      }
    }
    return results;
  };
}

/**
 * Puts the faster sweep in place on compromise's shared methods; returns a function restoring the
 * original. With a focus, segments that cannot gain a focused tag are skipped: only for callers
 * that read nothing else, as every other tag of such a segment stays as the pre-tagger left it.
 */
export function installFastSweep(methods: CompromiseMethods, focus?: TagFocus): () => void {
  const original = methods.one.bulkMatch;
  methods.one.bulkMatch = makeBulkMatch(focus);
  return () => {
    methods.one.bulkMatch = original;
  };
}
