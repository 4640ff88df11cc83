/**
 * NLP entities from compromise: people → person, places → location (the seed's type), organizations
 * → organization. compromise is slow on long texts (seconds for a 350-page book), so it runs once
 * per document text — in paragraph-aligned pieces, offsets mapped back — and the result is cached;
 * and it tags only the sentences that could hold such an entity (entitySentences.ts), with the
 * same result as tagging them all.
 * compromise's own offsets are checked against the text: its match text carries leading punctuation
 * (“Walt Disney) that its offset skips, so every match is re-found near its offset, trimmed to
 * letters and digits, and dropped when it cannot be found at all.
 */
import type CompromiseNlp from "compromise";
import { paragraphs, type Span } from "../text/segment";
import { installFastSweep, type CompromiseMethods } from "./compromiseSweep";
import { entitySentenceTest, entityTextTest, type NlpTerm, type TaggerModel } from "./entitySentences";
import {
  entityId,
  normalizeName,
  SOURCE_CONFIDENCE,
  type EntityReference,
  type NlpEntityType,
} from "./types";

/** Pieces are whole paragraphs packed up to this many characters; a longer paragraph is cut at a sentence end. */
const NLP_PIECE_CHARS = 4000;

export interface NlpResult {
  entities: EntityReference[];
  /** Matches whose text could not be found at or near compromise's offset. */
  dropped: number;
}

const VIEWS: ReadonlyArray<{ method: "people" | "places" | "organizations"; type: NlpEntityType }> = [
  { method: "people", type: "person" },
  { method: "places", type: "location" },
  { method: "organizations", type: "organization" },
];

interface CompromiseMatch {
  text: string;
  offset: { start: number; length: number };
}

function isMatch(v: unknown): v is CompromiseMatch {
  if (typeof v !== "object" || v === null) return false;
  const o = v as { text?: unknown; offset?: { start?: unknown; length?: unknown } };
  return (
    typeof o.text === "string" &&
    typeof o.offset === "object" &&
    o.offset !== null &&
    typeof o.offset.start === "number" &&
    typeof o.offset.length === "number"
  );
}

type Nlp = typeof CompromiseNlp;
type View = ReturnType<Nlp>;
interface LoadedNlp {
  nlp: Nlp;
  isEntityTag: (tag: string) => boolean;
  /** Which sentences may hold an entity (entitySentences.ts); null tags every sentence. */
  sentenceTest: ((terms: readonly NlpTerm[]) => boolean) | null;
  /** The same asked of a sentence's text before compromise splits it (null: every sentence is split). */
  textTest: ((sentence: string) => boolean) | null;
  /** compromise's hooks up to and including its lexicon: what runs on every sentence. */
  untilTagging: number;
}
let nlpModule: Promise<LoadedNlp> | null = null;
/** Loaded on first use: only the entity chunker needs compromise's ~2 MB lexicon. */
function loadNlp(): Promise<LoadedNlp> {
  nlpModule ??= import("#compromise").then((m) => {
    const nlp = tuneForEntities(m.default);
    // compromise parses its post-tagger's rules on its first parse; the sentence test reads them parsed.
    nlp(WARM_UP).people().json({ offset: true });
    const isEntityTag = entityTagsOf(nlp);
    const hooks = nlp.hooks();
    const lexicon = hooks.indexOf("lexicon");
    const model = (nlp.world() as { model: TaggerModel }).model;
    const usable = lexicon >= 0 && hooks.indexOf("preTagger") > lexicon;
    return {
      nlp,
      isEntityTag,
      sentenceTest: usable ? entitySentenceTest(model, isEntityTag) : null,
      textTest: usable ? entityTextTest(model, isEntityTag) : null,
      untilTagging: lexicon + 1,
    };
  });
  return nlpModule;
}

const WARM_UP = "Ada Lovelace wrote to Charles Babbage in London.";

/**
 * compromise's parse of `body` as far as the entity views read it: the sentences whose text may
 * hold an entity (entityTextTest) split into terms and taken up to its lexicon, the others kept as
 * one empty term each; then the rest of its hooks (pre-tagger, contractions, post-tagger) only on
 * the sentences the sentence test keeps. Each later hook is given a fresh view of those whole
 * sentences, as a contraction it splits lengthens its sentence.
 */
function parseForEntities(loaded: LoadedNlp, body: string): View {
  const { nlp, sentenceTest, textTest, untilTagging } = loaded;
  if (!sentenceTest) return nlp(body);
  const hooks = nlp.hooks();
  const later = hooks.splice(untilTagging);
  const tokenize = (nlp.methods() as unknown as { one: { tokenize: Tokenize } }).one.tokenize;
  const { splitSentences, splitTerms, splitWhitespace } = tokenize;
  const quiet = new Map<string, string>();
  const inert = new WeakSet<object>();
  if (textTest) {
    // Only the body's own sentences, in the order compromise splits them into terms: its hooks
    // parse words of their own (a contraction's "i am") after that, and those are left alone.
    let sentences: string[] | null = null;
    let next = 0;
    tokenize.splitSentences = (text, world) => {
      const split = splitSentences(text, world);
      sentences ??= split;
      return split;
    };
    // A sentence the text test leaves out becomes one term with no text carrying its characters
    // (so every later offset is the same): compromise's hooks up to its lexicon pass over it.
    tokenize.splitTerms = (sentence, model) => {
      if (sentences === null || next >= sentences.length || sentences[next] !== sentence)
        return splitTerms(sentence, model);
      next++;
      if (textTest(sentence)) return splitTerms(sentence, model);
      // Not a piece any text splits into: a NUL, a name and a number.
      const marker = `\u0000inert-sentence:${quiet.size}`;
      quiet.set(marker, sentence);
      return [marker];
    };
    tokenize.splitWhitespace = (piece, model) => {
      const sentence = quiet.get(piece);
      if (sentence === undefined) return splitWhitespace(piece, model);
      const term = { text: "", pre: sentence, post: "", tags: new Set<string>() };
      inert.add(term);
      return term;
    };
  }
  let doc: View;
  try {
    doc = nlp(body);
  } finally {
    hooks.push(...later);
    tokenize.splitSentences = splitSentences;
    tokenize.splitTerms = splitTerms;
    tokenize.splitWhitespace = splitWhitespace;
  }
  const kept: number[][] = [];
  doc.docs.forEach((terms, n) => {
    if (!inert.has(terms[0]!) && sentenceTest(terms as unknown as readonly NlpTerm[])) kept.push([n]);
  });
  if (kept.length > 0) for (const hook of later) withPointers(doc, kept).compute(hook);
  return doc;
}

/** compromise's term splitting (`nlp.methods().one.tokenize`), which its parse reads at each call. */
interface Tokenize {
  splitSentences: (text: string, world: unknown) => string[];
  splitTerms: (sentence: string, model: unknown) => string[];
  splitWhitespace: (piece: string, model: unknown) => object;
}

/** compromise's typings give update() one pointer; it takes (and fullPointer gives) a list of them. */
function withPointers(view: View, pointers: unknown[]): View {
  const update = view.update as unknown as (pointers: unknown[]) => View;
  return update.call(view, pointers);
}

/**
 * compromise set up for what this module asks of it, with the same entities: its rule sweep replaced
 * by the equivalent faster one (compromiseSweep.ts), and its noun/verb "chunks" pass — which
 * people(), places() and organizations() never read — left out of every parse. Together they cut
 * the book's NLP by about 40% (docs/decisions.md); nlp.test.ts checks the entities are unchanged.
 * Only this module uses compromise, so changing its shared world changes nothing else.
 */
export function tuneForEntities(nlp: Nlp): Nlp {
  installFastSweep(nlp.methods() as CompromiseMethods, entityTagsOf(nlp));
  const hooks = nlp.hooks();
  const chunks = hooks.indexOf("chunks");
  if (chunks >= 0) hooks.splice(chunks, 1);
  return nlp;
}

/** The tags people(), places() and organizations() read, with every tag under them (City, FirstName, …). */
const ENTITY_ROOTS = ["Person", "Place", "Address", "Organization"];

/** Whether a tag is (or implies) one the entity views read, in compromise's tag set. */
export function entityTagsOf(nlp: Nlp): (tag: string) => boolean {
  const tagSet = (nlp.world() as { model: { one: { tagSet: Record<string, { parents?: string[] }> } } }).model
    .one.tagSet;
  const known = new Map<string, boolean>();
  return (tag) => {
    let is = known.get(tag);
    if (is === undefined) {
      const parents = tagSet[tag]?.parents ?? [];
      is = ENTITY_ROOTS.includes(tag) || parents.some((p) => ENTITY_ROOTS.includes(p));
      known.set(tag, is);
    }
    return is;
  };
}

/**
 * Loads compromise and builds its lexicon (its first call) ahead of any entity run: a host calls
 * this when idle, so choosing the entity chunker costs the document's NLP, not also ~0.5 s of
 * module loading and set-up.
 */
export async function preloadNlp(): Promise<void> {
  await loadNlp();
}

/** Paragraph-aligned pieces of at most `max` characters (a single longer paragraph cut at sentence ends). */
export function nlpPieces(text: string, max = NLP_PIECE_CHARS): Span[] {
  const pieces: Span[] = [];
  let current: Span | null = null;
  for (const p of paragraphs(text)) {
    if (p.end - p.start > max) {
      if (current) pieces.push(current);
      current = null;
      pieces.push(...cutLong(text, p, max));
    } else if (current && p.end - current.start <= max) current.end = p.end;
    else {
      if (current) pieces.push(current);
      current = { ...p };
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** A paragraph longer than `max`, cut after the last ". ", "! " or "? " in each window (else at a space, else hard). */
function cutLong(text: string, span: Span, max: number): Span[] {
  const out: Span[] = [];
  let start = span.start;
  while (span.end - start > max) {
    const window = text.slice(start, start + max);
    let cut = Math.max(window.lastIndexOf(". "), window.lastIndexOf("! "), window.lastIndexOf("? "));
    cut = cut > 0 ? cut + 1 : window.lastIndexOf(" ");
    if (cut <= 0) cut = max;
    out.push({ start, end: start + cut });
    start += cut;
    while (start < span.end && /\s/.test(text[start]!)) start++;
  }
  if (start < span.end) out.push({ start, end: span.end });
  return out;
}

const EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const POSSESSIVE = /['’]s$/u;

/**
 * Where compromise's match really is in `piece`: the match text without edge punctuation and
 * possessive 's, searched first at compromise's offset, then at the nearest occurrence within a
 * few characters of it. Null when it is nowhere near.
 */
export function locate(piece: string, m: CompromiseMatch): Span | null {
  const core = m.text.replace(EDGE, "").replace(POSSESSIVE, "").replace(EDGE, "");
  if (!core) return null;
  const at = m.offset.start;
  if (piece.startsWith(core, at)) return { start: at, end: at + core.length };
  const slack = 8;
  const from = Math.max(0, at - slack);
  const region = piece.slice(from, at + m.offset.length + slack);
  let best = -1;
  for (let i = region.indexOf(core); i >= 0; i = region.indexOf(core, i + 1)) {
    if (best < 0 || Math.abs(from + i - at) < Math.abs(from + best - at)) best = i;
  }
  return best < 0 ? null : { start: from + best, end: from + best + core.length };
}

/**
 * The sentences of a parse that hold a tag the entity views read: each view matches within
 * sentences, so the others can give none, and most sentences of a manual or a book are such others.
 */
function withEntityTags(view: View, isEntityTag: (tag: string) => boolean): View {
  const docs = view.docs;
  const pointers = view.fullPointer.filter((_, i) =>
    docs[i]!.some((term) => hasEntityTag(term.tags, isEntityTag)),
  );
  return withPointers(view, pointers);
}

function hasEntityTag(tags: ReadonlySet<string> | undefined, isEntityTag: (tag: string) => boolean): boolean {
  if (tags) for (const tag of tags) if (isEntityTag(tag)) return true;
  return false;
}

/**
 * Each match's text and offset, as `json({ offset: true })` gives them — from the plain view: a
 * people view's own json() parses every name and computes the whole piece's offsets once per person,
 * and every json() copies each term unless told not to.
 */
function textAndOffsets(matches: { toView: unknown; json: unknown }): unknown {
  // compromise's typings want a pointer for toView() (it defaults to the view's own) and an object
  // for `terms` (false leaves the terms out).
  const plain = (matches.toView as () => { json: unknown }).call(matches);
  const json = plain.json as (options: object) => unknown;
  return json.call(plain, { offset: true, terms: false });
}

/** Thrown inside a shared run once every caller waiting on it has gone (aborted). */
class NlpCancelled extends Error {
  override readonly name = "NlpCancelled";
}

/** Longest stretch of compromise work between two yields to the event loop (so aborts get through). */
const SLICE_MS = 50;
const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** compromise over `text`, uncached; `cancelled` is asked between pieces. */
export async function runNlp(text: string, cancelled: () => boolean = () => false): Promise<NlpResult> {
  const loaded = await loadNlp();
  const entities: EntityReference[] = [];
  let dropped = 0;
  let sliceStart = performance.now();
  for (const piece of nlpPieces(text)) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
    if (cancelled()) throw new NlpCancelled("entity extraction cancelled: no run waits for it");
    const body = text.slice(piece.start, piece.end);
    const view = withEntityTags(parseForEntities(loaded, body), loaded.isEntityTag);
    for (const { method, type } of VIEWS) {
      const found = textAndOffsets(view[method]());
      if (!Array.isArray(found)) throw new TypeError(`compromise .${method}().json() returned no array`);
      for (const m of found) {
        if (!isMatch(m))
          throw new TypeError(`compromise .${method}().json() returned a match without offset`);
        const span = locate(body, m);
        if (!span) {
          dropped++;
          continue;
        }
        const start = piece.start + span.start;
        const end = piece.start + span.end;
        const mention = text.slice(start, end);
        const name = normalizeName(mention);
        entities.push({
          entity_id: entityId(type, name),
          entity_type: type,
          entity_name: name,
          mention_text: mention,
          start_offset: start,
          end_offset: end,
          confidence: SOURCE_CONFIDENCE.nlp,
          source: "nlp",
        });
      }
    }
  }
  return { entities, dropped };
}

interface Shared {
  text: string;
  result: Promise<NlpResult>;
  /** Callers still waiting; when the last one aborts, the run stops. */
  waiting: number;
  cancelled: boolean;
}

/**
 * A few documents' runs, most recent last. Keyed by document id and checked against the text
 * itself, so two documents sharing an id (plain-text fixtures) never share entities. A run is shared
 * by every caller for that text (live tuning re-runs the chunker while the first run still extracts):
 * one caller's abort only stops waiting, and the run stops when no caller waits any more.
 */
const CACHE_SIZE = 4;
const cache = new Map<string, Shared>();

/** compromise over a document's text, once per (id, text); later calls get the same result. */
export function nlpEntities(docId: string, text: string, signal?: AbortSignal): Promise<NlpResult> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  let shared = cache.get(docId);
  if (shared && shared.text === text) cache.delete(docId);
  else {
    const entry: Shared = {
      text,
      result: Promise.resolve({ entities: [], dropped: 0 }),
      waiting: 0,
      cancelled: false,
    };
    entry.result = runNlp(text, () => entry.cancelled);
    // A failed or cancelled run must not be served to a later caller; the failure itself still
    // reaches every caller through `entry.result`.
    entry.result.catch(() => {
      if (cache.get(docId) === entry) cache.delete(docId);
    });
    shared = entry;
  }
  cache.set(docId, shared);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return waitFor(shared, docId, signal);
}

function waitFor(shared: Shared, docId: string, signal?: AbortSignal): Promise<NlpResult> {
  shared.waiting++;
  return new Promise<NlpResult>((resolve, reject) => {
    let settled = false;
    const leave = () => {
      settled = true;
      shared.waiting--;
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      if (settled) return;
      leave();
      if (shared.waiting === 0) {
        shared.cancelled = true;
        if (cache.get(docId) === shared) cache.delete(docId);
      }
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    shared.result.then(
      (r) => {
        if (settled) return;
        leave();
        resolve(r);
      },
      (err: unknown) => {
        if (settled) return;
        leave();
        reject(err);
      },
    );
  });
}
