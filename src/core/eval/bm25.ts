/**
 * The `bm25` retriever (DESIGN §8), pinned so the browser and the CLI rank alike to the digit:
 * - terms: the text NFKC-normalised and lower-cased, split on every character that is not a letter
 *   or digit, Lucene's 33 English stop words dropped, no stemming;
 * - Okapi BM25, k1 1.2, b 0.75, idf ln(1 + (N − n + 0.5) / (n + 0.5)); a document's length is its
 *   number of terms (stop words out), the average an exact integer sum over N; a term the question
 *   repeats counts each time (as Lucene's query parser makes two clauses of it);
 * - ties and the score-0 fill go by collection order.
 *
 * An index of our own rather than MiniSearch (measured on the 472 Chroma questions over the five
 * corpora, 2,386 chunks): MiniSearch took 300–720 ms to update and 470–550 ms to answer, beyond
 * the 1 s budget for a whole evaluation after a slider move; this one keeps each chunk's term
 * counts by its (document, offsets, text) key, so a new run re-reads only the chunks that changed,
 * and answers from flat postings arrays. MiniSearch stays in the tests as the reference scorer.
 */

/** Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET. */
const STOP_WORDS = new Set(
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(
    " ",
  ),
);
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/u;
// Printable ASCII and line breaks are their own NFKC form; anything else goes through normalize().
const NON_ASCII = /[^\t\n\r\x20-\x7e]/;
const LETTER_OR_DIGIT_RUN = /[\p{L}\p{N}]+/gu;
const NON_ASCII_CHAR = /[^\t\n\r\x20-\x7e]/gu;
const MAY_COMPOSE = /[\p{M}\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\ud7b0-\ud7ff\u03a3]/u;

/** The pinned analysis: NFKC, lower case, split on non-letters/digits, stop words out. */
export function bm25Terms(text: string): string[] {
  return (NON_ASCII.test(text) ? text.normalize("NFKC") : text)
    .toLowerCase()
    .split(NOT_LETTER_OR_DIGIT)
    .filter((t) => t !== "" && !STOP_WORDS.has(t));
}

/** A question's terms, analysed once: a sweep asks the same questions at every point. */
const analysedQueries = new Map<string, string[]>();
const MAX_ANALYSED_QUERIES = 20_000;

function queryTerms(query: string): string[] {
  let terms = analysedQueries.get(query);
  if (!terms) {
    if (analysedQueries.size >= MAX_ANALYSED_QUERIES) analysedQueries.clear();
    terms = bm25Terms(query);
    analysedQueries.set(query, terms);
  }
  return terms;
}

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** A chunk as the index sees it: its key (document, offsets, text) and its text. */
export interface IndexedText {
  key: string;
  text: string;
  /**
   * Where the text lies in its document when it is exactly a slice of it (no prefix): its terms are
   * then read off the document's term table instead of analysing the text again.
   */
  source?: { docId: string; docText: string; start: number; end: number };
}

/** A document's terms in order: [starts[i], ends[i]) in its text, term id (−1 for a stop word). */
interface DocTerms {
  starts: Uint32Array;
  ends: Uint32Array;
  ids: Int32Array;
  /** Sorted offsets near which a range is analysed as text (see termTable). */
  dirty: Uint32Array;
}

/** One chunk's analysis: its distinct term ids with their counts, and its length in terms. */
interface ChunkTerms {
  terms: Uint32Array;
  counts: Uint32Array;
  length: number;
}

export interface ScoredPosition {
  /** Position in the collection as last given to `sync`. */
  position: number;
  score: number;
}

export class Bm25Index {
  private readonly termIds = new Map<string, number>();
  private analysed = new Map<string, ChunkTerms>();
  /** Per document (by id): its term table. */
  private docTerms = new Map<string, DocTerms>();
  private docTexts = new Map<string, { text: string; generation: number }>();
  /** Scratch counts by term id, zeroed after each use. */
  private scratch = new Uint32Array(1024);
  private size = 0;
  private averageLength = 0;
  /** Postings in CSR form: term t's entries are [postingStart[t], postingStart[t + 1]). */
  private postingStart = new Uint32Array(1);
  private postingPosition = new Uint32Array(0);
  private postingCount = new Uint32Array(0);
  private lengths = new Uint32Array(0);
  private scores = new Float64Array(0);
  /** How many chunks the last `sync` read afresh and dropped (the incremental update's size). */
  lastUpdate = { added: 0, removed: 0 };

  /** Makes the index hold exactly `items`, in this collection order; only new texts are analysed. */
  sync(items: readonly IndexedText[]): void {
    const next = new Map<string, ChunkTerms>();
    let added = 0;
    const rows = items.map((item) => {
      let row = next.get(item.key) ?? this.analysed.get(item.key);
      if (!row) {
        const source = item.source;
        const table = source && this.termTable(source.docId, source.docText);
        row =
          table && !Bm25Index.touchesDirty(table, source.start - 1, source.end + 1)
            ? this.analyseRange(table, source.docText, source.start, source.end)
            : this.analyse(item.text);
        added++;
      }
      next.set(item.key, row);
      return row;
    });
    let removed = 0;
    for (const key of this.analysed.keys()) if (!next.has(key)) removed++;
    this.analysed = next;
    // Term tables of documents no longer in the collection go too.
    const docs = new Set(items.map((i) => i.source?.docId));
    for (const id of this.docTerms.keys()) if (!docs.has(id)) this.docTerms.delete(id);
    for (const id of this.docTexts.keys()) if (!docs.has(id)) this.docTexts.delete(id);
    this.lastUpdate = { added, removed };

    const vocabulary = this.termIds.size;
    const df = new Uint32Array(vocabulary + 1);
    let total = 0;
    for (const row of rows) {
      total += row.length;
      for (const t of row.terms) df[t + 1]!++;
    }
    for (let t = 0; t < vocabulary; t++) df[t + 1]! += df[t]!;
    const start = df; // now prefix sums: term t starts at start[t]
    const fill = start.slice(0, vocabulary);
    const positions = new Uint32Array(start[vocabulary]!);
    const counts = new Uint32Array(start[vocabulary]!);
    const lengths = new Uint32Array(rows.length);
    rows.forEach((row, position) => {
      lengths[position] = row.length;
      for (let i = 0; i < row.terms.length; i++) {
        const at = fill[row.terms[i]!]!++;
        positions[at] = position;
        counts[at] = row.counts[i]!;
      }
    });
    this.postingStart = start;
    this.postingPosition = positions;
    this.postingCount = counts;
    this.lengths = lengths;
    this.size = rows.length;
    this.averageLength = rows.length === 0 ? 0 : total / rows.length;
    if (this.scores.length < rows.length) this.scores = new Float64Array(rows.length);
  }

  /** The score of every chunk the query shares a term with, by position. */
  scoreAll(query: string): ScoredPosition[] {
    const touched = this.accumulate(query);
    const out = touched.map((position) => ({ position, score: this.scores[position]! }));
    for (const position of touched) this.scores[position] = 0;
    return out;
  }

  /**
   * Adds every chunk's score for `query` into `scores` and returns the chunks it touched (the caller
   * reads and then zeroes them): no object per touched chunk — a common term touches thousands, and
   * an evaluation asks hundreds of questions per point of a sweep.
   */
  private accumulate(query: string): number[] {
    const scores = this.scores;
    const touched: number[] = [];
    for (const term of queryTerms(query)) {
      const t = this.termIds.get(term);
      if (t === undefined || t + 1 >= this.postingStart.length) continue;
      const from = this.postingStart[t]!;
      const to = this.postingStart[t + 1]!;
      const n = to - from;
      if (n === 0) continue;
      const idf = Math.log(1 + (this.size - n + 0.5) / (n + 0.5));
      for (let i = from; i < to; i++) {
        const position = this.postingPosition[i]!;
        const tf = this.postingCount[i]!;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[position]!) / this.averageLength);
        if (scores[position] === 0) touched.push(position);
        scores[position]! += (idf * tf * (BM25_K1 + 1)) / (tf + norm);
      }
    }
    return touched;
  }

  /**
   * The k best chunks for `query`: by score, ties by collection order, then — when fewer than k
   * score above 0 — score-0 chunks in collection order.
   */
  top(query: string, k: number): ScoredPosition[] {
    const touched = this.accumulate(query);
    const scores = this.scores;
    // A bounded insertion over positions (k is small): what topK does, without an object per chunk.
    const best: number[] = [];
    const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
    for (const position of touched) {
      if (!(scores[position]! > 0)) continue;
      if (best.length === k && !before(position, best[k - 1]!)) continue;
      let at = best.length === k ? k - 1 : best.length;
      while (at > 0 && before(position, best[at - 1]!)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = position;
    }
    const top = best.map((position) => ({ position, score: scores[position]! }));
    for (const position of touched) scores[position] = 0;
    if (top.length < Math.min(k, this.size)) {
      const taken = new Set(best);
      for (let p = 0; p < this.size && top.length < k; p++)
        if (!taken.has(p)) top.push({ position: p, score: 0 });
    }
    return top;
  }

  /**
   * A key for the document that changes when its text does (a DocModel id is a hash of its file,
   * so in the app it never does; a caller reusing an id for other text still gets fresh entries).
   */
  documentKey(docId: string, text: string): string {
    const known = this.docTexts.get(docId);
    if (known && known.text === text) return `${docId}#${known.generation}`;
    const generation = (known?.generation ?? 0) + 1;
    this.docTexts.set(docId, { text, generation });
    this.docTerms.delete(docId);
    return `${docId}#${generation}`;
  }

  /**
   * The document's terms once. Each entry is one term of a letter-or-digit run: [start, end) of the
   * run and the term's id, or −1 for a stop word (a run that lower-cases to several terms gives
   * several entries with one span). Where the text is in NFKC form a slice's analysis finds these
   * same terms at these offsets; `dirty` lists the offsets where that may fail — characters NFKC
   * changes, combining marks and Hangul jamo (NFKC may compose them with a neighbour), capital
   * sigma (its lower case depends on what follows) — and a range near one is analysed as text.
   */
  private termTable(docId: string, text: string): DocTerms {
    const known = this.docTerms.get(docId);
    if (known) return known;
    const dirty: number[] = [];
    if (NON_ASCII.test(text))
      for (const m of text.matchAll(NON_ASCII_CHAR))
        if (MAY_COMPOSE.test(m[0]) || m[0].normalize("NFKC") !== m[0]) dirty.push(m.index);
    const starts: number[] = [];
    const ends: number[] = [];
    const ids: number[] = [];
    for (const m of text.matchAll(LETTER_OR_DIGIT_RUN)) {
      const lower = m[0].toLowerCase();
      const parts = NON_ASCII.test(lower) ? lower.split(NOT_LETTER_OR_DIGIT).filter(Boolean) : [lower];
      for (const term of parts.length > 0 ? parts : [""]) {
        starts.push(m.index);
        ends.push(m.index + m[0].length);
        ids.push(term === "" || STOP_WORDS.has(term) ? -1 : this.termId(term));
      }
    }
    const table = {
      starts: Uint32Array.from(starts),
      ends: Uint32Array.from(ends),
      ids: Int32Array.from(ids),
      dirty: Uint32Array.from(dirty),
    };
    this.docTerms.set(docId, table);
    return table;
  }

  /** Whether a character at an offset in [from, to) is one the table cannot vouch for. */
  private static touchesDirty(table: DocTerms, from: number, to: number): boolean {
    const d = table.dirty;
    let lo = 0;
    let hi = d.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (d[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < d.length && d[lo]! < to;
  }

  /** The terms of text[start, end): whole terms from the table, the cut ones at the edges analysed. */
  private analyseRange(table: DocTerms, text: string, start: number, end: number): ChunkTerms {
    const touched: number[] = [];
    let length = 0;
    const count = (id: number) => {
      if (this.scratch.length <= id) {
        const grown = new Uint32Array(Math.max(id + 1, this.scratch.length * 2));
        grown.set(this.scratch);
        this.scratch = grown;
      }
      if (this.scratch[id] === 0) touched.push(id);
      this.scratch[id]!++;
      length++;
    };
    // The first term ending after `start` (terms are sorted and disjoint).
    let lo = 0;
    let hi = table.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (table.ends[mid]! <= start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < table.starts.length && table.starts[i]! < end; i++) {
      const ts = table.starts[i]!;
      const te = table.ends[i]!;
      if (ts >= start && te <= end) {
        if (table.ids[i]! >= 0) count(table.ids[i]!);
        continue;
      }
      // A run the range cuts: what of it lies inside is analysed as the slice would be (once per run).
      while (i + 1 < table.starts.length && table.starts[i + 1] === ts) i++;
      for (const term of bm25Terms(text.slice(Math.max(ts, start), Math.min(te, end))))
        count(this.termId(term));
    }
    const counts = new Uint32Array(touched.length);
    touched.forEach((id, k) => {
      counts[k] = this.scratch[id]!;
      this.scratch[id] = 0;
    });
    return { terms: Uint32Array.from(touched), counts, length };
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) this.termIds.set(term, (id = this.termIds.size));
    return id;
  }

  private analyse(text: string): ChunkTerms {
    const counts = new Map<number, number>();
    const terms = bm25Terms(text);
    for (const term of terms) {
      let id = this.termIds.get(term);
      if (id === undefined) this.termIds.set(term, (id = this.termIds.size));
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return {
      terms: Uint32Array.from(counts.keys()),
      counts: Uint32Array.from(counts.values()),
      length: terms.length,
    };
  }
}
