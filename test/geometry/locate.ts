/**
 * Where poppler's words sit in our text: each word of `pdftotext -bbox-layout` mapped to the
 * character offsets of DocModel.text holding it, so chunk ranges can be compared with poppler's
 * word boxes. The two extractors tokenize differently (ligatures, hyphenation, spacing, RTL words
 * written in visual order by poppler), so both sides are compared in a normalised form — NFKC per
 * code point, whitespace and bidi controls dropped — and each word is searched near where the
 * previous one was found on its page. Equal texts (a page holds many "the") are told apart by our
 * runs: the occurrence whose run lies on poppler's word box wins; a word no run of ours lies on is
 * taken by text alone only right after the previous word. (Reading orders differ — forms, figures,
 * RTL lines that poppler lists left to right — so text alone loses its place on such pages.)
 */
import { firstRunEndingAfter, type DocModel } from "../../src/core/document";
import type { PopplerWord } from "../pdf/poppler";

export interface LocatedWord {
  word: PopplerWord;
  /** [start, end) into DocModel.text: first and last character holding the word's text. */
  start: number;
  end: number;
  /**
   * "near": a run holding the text lies where poppler draws the word (used only to choose among
   * equal texts); "text": found by text alone, next after the previous word.
   */
  how: "near" | "text";
}

export interface Located {
  located: LocatedWord[];
  /** Words with visible text on a page that has our text, that could not be found. */
  missed: PopplerWord[];
  /** Words with visible text (the denominator of the located share). */
  considered: number;
}

/** A page's text in normalised form, with each normalised unit's source range in DocModel.text. */
interface PageKey {
  key: string;
  from: Int32Array;
  to: Int32Array;
}

const SKIP = /[\s\u00AD\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Normalised form of a string, code point by code point (so offsets can be mapped back). */
function normWord(s: string): string {
  let out = "";
  for (const c of s) {
    if (SKIP.test(c)) continue;
    for (const n of c.normalize("NFKC")) if (!SKIP.test(n)) out += n;
  }
  return out;
}

function pageKey(doc: DocModel, textStart: number, textEnd: number): PageKey {
  let key = "";
  const from: number[] = [];
  const to: number[] = [];
  let i = textStart;
  while (i < textEnd) {
    const cp = doc.text.codePointAt(i)!;
    const c = String.fromCodePoint(cp);
    const next = i + c.length;
    if (!SKIP.test(c)) {
      for (const n of c.normalize("NFKC")) {
        if (SKIP.test(n)) continue;
        key += n;
        for (let k = 0; k < n.length; k++) {
          from.push(i);
          to.push(next);
        }
      }
    }
    i = next;
  }
  return { key, from: Int32Array.from(from), to: Int32Array.from(to) };
}

/** How far (normalised units) to look around the previous match for a word's text. */
const AHEAD = 4000;
const BEHIND = 1500;
/** A text-only match (no run near the word) is accepted only this close after the previous match. */
const TEXT_AHEAD = 80;
/** Tolerance (points) when asking whether a run lies where poppler draws a word. */
const NEAR = 1;

/** Locates every poppler word with visible text on a page we have text for. */
export function locateWords(doc: DocModel, words: readonly PopplerWord[]): Located {
  const result: Located = { located: [], missed: [], considered: 0 };
  const byPage = new Map<number, PopplerWord[]>();
  for (const w of words) {
    let list = byPage.get(w.page);
    if (!list) byPage.set(w.page, (list = []));
    list.push(w);
  }
  for (const [pageNo, pageWords] of byPage) {
    const page = doc.pages[pageNo - 1];
    if (!page) continue;
    const pk = pageKey(doc, page.textStart, page.textEnd);
    let cursor = 0;
    for (const word of pageWords) {
      const visual = normWord(word.text);
      if (visual === "") continue;
      result.considered += 1;
      // Poppler writes RTL words in visual order; ours are logical.
      const keys = RTL_CHAR.test(visual) ? [visual, [...visual].reverse().join("")] : [visual];
      const hit = findNear(doc, pk, keys, word, cursor);
      if (!hit) {
        result.missed.push(word);
        continue;
      }
      cursor = hit.at + hit.len;
      result.located.push({
        word,
        start: pk.from[hit.at]!,
        end: pk.to[hit.at + hit.len - 1]!,
        how: hit.near ? "near" : "text",
      });
    }
  }
  result.located.sort((a, b) => a.start - b.start);
  return result;
}

interface Hit {
  at: number;
  len: number;
  near: boolean;
}

function findNear(doc: DocModel, pk: PageKey, keys: string[], word: PopplerWord, cursor: number): Hit | null {
  const lo = Math.max(0, cursor - BEHIND);
  const hi = cursor + AHEAD;
  const inWindow: Hit[] = [];
  for (const key of keys) {
    for (let at = pk.key.indexOf(key, lo); at !== -1 && at <= hi; at = pk.key.indexOf(key, at + 1)) {
      inWindow.push({ at, len: key.length, near: false });
    }
  }
  const near = nearest(doc, pk, inWindow, word, cursor);
  if (near) return near;
  // The word may come from far away in our order (a figure, a margin note): anywhere on the page
  // where a run lies on the word.
  const elsewhere: Hit[] = [];
  for (const key of keys) {
    for (let at = pk.key.indexOf(key); at !== -1; at = pk.key.indexOf(key, at + 1)) {
      if (at < lo || at > hi) elsewhere.push({ at, len: key.length, near: false });
    }
  }
  const far = nearest(doc, pk, elsewhere, word, cursor);
  if (far) return far;
  // No run of ours lies on it: by text alone, only just after the previous word.
  let ahead: Hit | null = null;
  for (const h of inWindow) if (h.at >= cursor && (!ahead || h.at < ahead.at)) ahead = h;
  return ahead && ahead.at - cursor <= TEXT_AHEAD ? ahead : null;
}

/** The candidate closest after the cursor (behind it counts double) whose run lies on the word. */
function nearest(doc: DocModel, pk: PageKey, hits: Hit[], word: PopplerWord, cursor: number): Hit | null {
  let best: Hit | null = null;
  let bestDist = Infinity;
  for (const h of hits) {
    const dist = h.at >= cursor ? h.at - cursor : 2 * (cursor - h.at);
    if (dist >= bestDist) continue;
    if (!runNear(doc, pk.from[h.at]!, pk.to[h.at + h.len - 1]!, word)) continue;
    best = { ...h, near: true };
    bestDist = dist;
  }
  return best;
}

/** Do the runs holding [start, end) cover at least half the word's box (each grown by NEAR points)? */
function runNear(doc: DocModel, start: number, end: number, w: PopplerWord): boolean {
  const runs = doc.runs;
  const area = (w.xMax - w.xMin) * (w.yMax - w.yMin);
  let inside = 0;
  for (let i = firstRunEndingAfter(runs, start); i < runs.length; i++) {
    const r = runs[i]!;
    if (r.start >= end) break;
    const dx = Math.min(r.x1 + NEAR, w.xMax) - Math.max(r.x0 - NEAR, w.xMin);
    const dy = Math.min(r.y1 + NEAR, w.yMax) - Math.max(r.y0 - NEAR, w.yMin);
    if (dx > 0 && dy > 0) inside += dx * dy;
  }
  return inside >= 0.5 * area;
}
