/**
 * poppler's word boxes (`pdftotext -cropbox -bbox-layout`) as an independent truth for corpus PDFs,
 * and the comparison of our runs against them.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocModel, TextRun } from "../../src/core/document";

export interface PopplerWord {
  /** 1-based page number. */
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeHtml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/giu, (m, e: string) => {
    if (e[0] === "#")
      return String.fromCodePoint(
        e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return ENTITIES[e] ?? m;
  });
}

/** All words of a PDF, page by page, as poppler sees them on the cropped, rotated page. */
export function popplerWords(file: string, password?: string): PopplerWord[] {
  const dir = mkdtempSync(path.join(tmpdir(), "poppler-"));
  try {
    const out = path.join(dir, "out.html");
    const args = ["-cropbox", "-bbox-layout", ...(password ? ["-upw", password] : []), file, out];
    const r = spawnSync("pdftotext", args, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`pdftotext failed on ${file}: ${r.stderr}`);
    const html = readFileSync(out, "utf8");
    const words: PopplerWord[] = [];
    let page = 0;
    const re =
      /<page\b|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/gu;
    for (const m of html.matchAll(re)) {
      if (m[0] === "<page") {
        page += 1;
        continue;
      }
      words.push({
        page,
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: unescapeHtml(m[5]!),
      });
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Comparison key: compatibility-normalised (ligatures), whitespace and bidi controls dropped. */
function norm(s: string): string {
  return s.normalize("NFKC").replace(/[\s\u200B-\u200F\u202A-\u202E\u2066-\u2069]+/gu, "");
}

export interface WordMatch {
  /** Poppler words whose text pdf.js also has on that page. */
  comparable: number;
  /** Held by one run whose box agrees with poppler's. */
  matched: number;
  /** Held by consecutive runs whose boxes overlap poppler's (pdf.js split the word: font change). */
  spanning: number;
  misses: { word: PopplerWord; why: string }[];
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * For each poppler word whose text our page text also holds: is there a run of ours on the same
 * page containing the word's text, with the word's centre along the run's advance axis inside the
 * run's box (± tolerance) and the boxes overlapping across it? Failing that, do the runs overlapping
 * the word's box hold its text together (a word pdf.js split into items)? Poppler writes RTL words
 * in visual order; our text is logical, so those are compared reversed too.
 */
export function matchWords(doc: DocModel, words: PopplerWord[], tolerance = 2): WordMatch {
  const byPage = new Map<number, TextRun[]>();
  for (const run of doc.runs) {
    let list = byPage.get(run.page);
    if (!list) byPage.set(run.page, (list = []));
    list.push(run);
  }
  const pageKeys = new Map<number, string>();
  const runKeys = new Map<TextRun, string>();
  const runKey = (r: TextRun): string => {
    let k = runKeys.get(r);
    if (k === undefined) runKeys.set(r, (k = norm(doc.text.slice(r.start, r.end))));
    return k;
  };
  const result: WordMatch = { comparable: 0, matched: 0, spanning: 0, misses: [] };
  for (const word of words) {
    const visual = norm(word.text);
    if (visual === "") continue;
    const page = doc.pages[word.page - 1];
    if (!page) continue;
    let pageKey = pageKeys.get(word.page);
    if (pageKey === undefined) {
      pageKey = norm(doc.text.slice(page.textStart, page.textEnd));
      pageKeys.set(word.page, pageKey);
    }
    const keys = RTL_CHAR.test(visual) ? [visual, [...visual].reverse().join("")] : [visual];
    const present = keys.filter((k) => pageKey.includes(k));
    if (present.length === 0) continue;
    result.comparable += 1;
    const runs = byPage.get(word.page) ?? [];
    if (
      runs.some((run) => present.some((key) => runKey(run).includes(key) && boxHolds(run, word, tolerance)))
    ) {
      result.matched += 1;
      continue;
    }
    const overlapping = runs.filter(
      (r) =>
        r.x0 < word.xMax + tolerance && r.x1 > word.xMin - tolerance && r.y0 < word.yMax && r.y1 > word.yMin,
    );
    if (overlapping.length > 0) {
      const joined = norm(doc.text.slice(overlapping[0]!.start, overlapping[overlapping.length - 1]!.end));
      if (present.some((key) => joined.includes(key))) {
        result.spanning += 1;
        continue;
      }
    }
    result.misses.push({
      word,
      why: overlapping.length
        ? `runs there: ${overlapping.map((r) => JSON.stringify(doc.text.slice(r.start, r.end))).join(" ")}`
        : "no run there",
    });
  }
  return result;
}

/** The word's centre along the run's advance axis inside the run's box (± tol), overlapping across. */
function boxHolds(run: TextRun, word: PopplerWord, tol: number): boolean {
  const horizontal = run.dir === undefined || run.dir === "ltr" || run.dir === "rtl";
  const cx = (word.xMin + word.xMax) / 2;
  const cy = (word.yMin + word.yMax) / 2;
  if (horizontal) {
    return cx >= run.x0 - tol && cx <= run.x1 + tol && word.yMin < run.y1 && word.yMax > run.y0;
  }
  return cy >= run.y0 - tol && cy <= run.y1 + tol && word.xMin < run.x1 && word.xMax > run.x0;
}
