/**
 * Extraction of the real-PDF corpus (../shared/corpus, see its MANIFEST.md): every file opens or
 * fails as documented; word boxes agree with poppler's; outline headings, page labels, CJK, RTL,
 * rotated and cropped pages, a 352-page book. Skipped when the corpus is absent; the poppler
 * comparisons are skipped when `pdftotext` is not on PATH.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocModel } from "../../src/core/document";
import { isPdfError, type PdfErrorCode } from "../../src/pdf/errors";
import { extractPdfBytes, extractPdfFile } from "../../src/pdf/node";
import { assertHasText, pageProblems } from "../../src/pdf/problems";
import { matchWords, popplerWords } from "./poppler";
import { haveCorpus as needCorpus, havePdftotext } from "../support/fixtures";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const CORPUS = path.resolve(repoRoot, "../shared/corpus");
const haveCorpus = needCorpus();
const hasPdftotext = havePdftotext();

const corpusFile = (name: string): string => path.join(CORPUS, name);

const PASSWORDS: Record<string, string> = {
  "encrypted-aes256-user-pass-abc.pdf": "abc",
  "encrypted-aes128-user-pass-1234.pdf": "1234",
};

/** Each file extracted once per test file (the 352-page book costs a couple of seconds). */
const extracted = new Map<string, Promise<DocModel>>();
function doc(name: string): Promise<DocModel> {
  let p = extracted.get(name);
  if (!p) {
    p = extractPdfFile(corpusFile(name), { password: PASSWORDS[name] });
    extracted.set(name, p);
  }
  return p;
}

async function failure(name: string, password?: string): Promise<unknown> {
  return extractPdfFile(corpusFile(name), { password }).then(
    () => null,
    (err: unknown) => err,
  );
}

function pageText(d: DocModel, n: number): string {
  const p = d.pages[n - 1]!;
  return d.text.slice(p.textStart, p.textEnd);
}

function headingText(d: DocModel, title: string): string {
  const h = d.headings.find((x) => x.title === title);
  if (!h) throw new Error(`no heading "${title}"`);
  return d.text.slice(h.start, h.start + 60);
}

describe.skipIf(!haveCorpus)("corpus: every file opens or fails as documented", () => {
  const opens: [string, number, string][] = [
    ["paper-tracemonkey.pdf", 14, "Trace-based Just-in-Time Type Specialization for Dynamic"],
    ["manual-r-lang-69p.pdf", 69, "R Language Definition"],
    ["rotated-page2-90.pdf", 2, "This is my second page. It will have a landscape layout."],
    ["rotated-270-word.pdf", 1, "I am a lowly PDF file created in Microsoft Word 2016."],
    ["mediabox-negative-origin-form.pdf", 1, "n° d'identification national"],
    ["cropbox-offset.pdf", 1, "Issue 6431"],
    ["cjk-chinese-fduthesis-18p.pdf", 18, "复旦大学论文模板"],
    ["cjk-korean-report-4p.pdf", 4, "코로나바이러스감염"],
    ["rtl-arabic-word.pdf", 1, "تحسين"],
    ["encrypted-aes256-user-pass-abc.pdf", 1, "Issue 6010"],
    ["encrypted-aes128-user-pass-1234.pdf", 1, "DocLayNet: A Large Human-Annotated Dataset"],
    ["encrypted-rc4-owner-only-no-user-pass.pdf", 1, "Pdf Test 1"],
    ["corrupt-truncated-trailer-recover.pdf", 1, "Bug 1250079"],
    ["corrupt-wrong-startxref-recover.pdf", 1, "Hello, world!"],
  ];
  it.each(opens)("%s opens: %i pages, text %j", async (name, pages, text) => {
    const d = await doc(name);
    expect(d.pages).toHaveLength(pages);
    expect(d.text).toContain(text);
    expect(pageProblems(d)).toEqual([]);
    expect(() => assertHasText(d)).not.toThrow();
    expect(d.id).toMatch(/^[0-9a-f]{64}$/);
    expect(d.name).toBe(name);
  });

  const rejects: [string, PdfErrorCode, RegExp][] = [
    ["corrupt-truncated-reject.pdf", "corrupt", /Invalid PDF structure/],
    ["corrupt-bad-xref-w-reject.pdf", "corrupt", /Invalid Root reference/],
  ];
  it.each(rejects)("%s is rejected: %s", async (name, code, message) => {
    const err = await failure(name);
    expect(isPdfError(err, code)).toBe(true);
    expect((err as Error).message).toMatch(message);
  });

  it("a page pdf.js fails on is recorded; the document still opens", async () => {
    const d = await doc("corrupt-page-load-error.pdf");
    expect(d.pages).toEqual([
      {
        number: 1,
        width: 0,
        height: 0,
        rotate: 0,
        textStart: 0,
        textEnd: 0,
        hasText: false,
        error: "End of file inside array.",
      },
    ]);
    expect(pageProblems(d)).toEqual(["page 1 failed: End of file inside array."]);
    expect(d.runs).toEqual([]);
    expect(() => assertHasText(d)).toThrow(expect.objectContaining({ code: "no-text" }));
  });

  it("a scan has no text layer: reported, and assertHasText refuses it", async () => {
    const d = await doc("scanned-no-text.pdf");
    expect(d.pages).toHaveLength(1);
    expect(d.pages[0]!.hasText).toBe(false);
    expect(d.pages[0]!.error).toBeUndefined();
    expect(d.text).toBe("");
    expect(pageProblems(d)).toEqual(["page 1: no text layer (image only?)"]);
    expect(() => assertHasText(d)).toThrow(expect.objectContaining({ code: "no-text", name: "PdfError" }));
  });

  it("a truncated copy of a real PDF is corrupt", async () => {
    const bytes = readFileSync(corpusFile("paper-tracemonkey.pdf"));
    for (const size of [2000, Math.floor(bytes.length / 2)]) {
      const err: unknown = await extractPdfBytes(new Uint8Array(bytes.subarray(0, size)), {
        name: "truncated.pdf",
      }).catch((e: unknown) => e);
      expect(isPdfError(err, "corrupt"), `first ${size} bytes`).toBe(true);
    }
  });
});

describe.skipIf(!haveCorpus)("corpus: passwords", () => {
  it.each([
    ["encrypted-aes256-user-pass-abc.pdf", "abc", "Issue 6010"],
    ["encrypted-aes128-user-pass-1234.pdf", "1234", "DocLayNet"],
    ["encrypted-aes128-user-pass-1234.pdf", "owner", "DocLayNet"],
  ])("%s: none → needs-password, wrong → wrong-password, %j opens", async (name, password, text) => {
    const none = await failure(name);
    expect(isPdfError(none, "needs-password")).toBe(true);
    expect((none as Error).message).toMatch(/password/i);
    const wrong = await failure(name, "not-the-password");
    expect(isPdfError(wrong, "wrong-password")).toBe(true);
    expect((wrong as Error).message).toMatch(/password/i);
    const d = await extractPdfFile(corpusFile(name), { password });
    expect(d.text).toContain(text);
  });

  it("an empty user password opens without asking (RC4, copying forbidden but text returned)", async () => {
    const d = await doc("encrypted-rc4-owner-only-no-user-pass.pdf");
    expect(d.text).toContain("Test test test");
  });
});

describe.skipIf(!haveCorpus)("corpus: structure", () => {
  it("headings from the R manual's 4-level outline: depth 1→1, 2→2, 3+→3, at their text", async () => {
    const d = await doc("manual-r-lang-69p.pdf");
    expect(d.headings.length).toBeGreaterThanOrEqual(110);
    expect(d.headings.length).toBeLessThanOrEqual(119);
    const starts = d.headings.map((h) => h.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const level = (title: string): number | undefined => d.headings.find((h) => h.title === title)?.level;
    expect(level("1 Introduction")).toBe(1);
    expect(level("Basic types")).toBe(2);
    expect(level("Vectors")).toBe(3);
    expect(level("Symbol objects")).toBe(3); // depth 4
    expect(headingText(d, "1 Introduction")).toMatch(/^1 Introduction\s/);
    expect(headingText(d, "Basic types")).toMatch(/^2\.1 Basic types\s/);
    expect(headingText(d, "Vectors")).toMatch(/^2\.1\.1 Vectors\s/);
    expect(headingText(d, "Symbol objects")).toMatch(/^2\.1\.3\.1 Symbol objects\s/);
    expect(headingText(d, "if")).toMatch(/^3\.2\.1 if\s/);
    expect(headingText(d, "The ``Any'' type")).toMatch(/^2\.1\.12 The “Any” type\s/);
    expect(d.headings.every((h) => h.level >= 1 && h.level <= 3)).toBe(true);
  });

  it("page labels of the R manual beside the physical numbers", async () => {
    const d = await doc("manual-r-lang-69p.pdf");
    expect(d.pages.slice(0, 7).map((p) => [p.number, p.label])).toEqual([
      [1, "T-1"],
      [2, "T-2"],
      [3, "i"],
      [4, "ii"],
      [5, "iii"],
      [6, "1"],
      [7, "2"],
    ]);
    // "1 Introduction" is on physical page 6, labelled 1.
    const intro = d.headings.find((h) => h.title === "1 Introduction")!;
    const page = d.pages.find((p) => p.textStart <= intro.start && intro.start < p.textEnd)!;
    expect([page.number, page.label]).toEqual([6, "1"]);
  });

  it("headings from the Chinese thesis's outline, found despite spacing (第1节 vs 第 1 节)", async () => {
    const d = await doc("cjk-chinese-fduthesis-18p.pdf");
    expect(headingText(d, "第1节 介绍")).toMatch(/^第 ?1 ?节 介绍/);
    expect(headingText(d, "2.1.1 标准安装")).toMatch(/^2\.1\.1 标准安装/);
    expect(d.headings.find((h) => h.title === "2.1.1 标准安装")?.level).toBe(3);
  });

  it("headings of a paper without outline come from font sizes", async () => {
    const d = await doc("paper-tracemonkey.pdf");
    const titles = d.headings.map((h) => h.title);
    expect(titles).toContain("1. Introduction");
    expect(titles).toContain("3. Trace Trees");
    expect(titles).toContain("References");
    expect(titles.length).toBeLessThan(40);
    const title = d.headings[0]!;
    expect(title.level).toBe(1);
    expect(title.title).toMatch(/^Trace-based Just-in-Time/);
  });

  it("reads a two-column paper column by column", async () => {
    const d = await doc("paper-tracemonkey.pdf");
    const p1 = pageText(d, 1);
    const order = [
      "Trace-based Just-in-Time",
      "Abstract",
      "Dynamic languages such as JavaScript are more difficult to com-",
      "1. Introduction",
      "client-side web programming",
      "and is used for the application logic of browser-based productivity",
    ].map((s) => p1.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Lines end with newlines, paragraphs with blank lines, and words are spaced.
    expect(p1).toContain("Abstract\nDynamic languages such as JavaScript are more difficult to com-\npile");
    expect(p1).toContain("\n\nKeywords JavaScript, just-in-time compilation, trace trees.\n\n");
  });

  it("rotated pages: displayed size, runs reading left to right on the displayed page", async () => {
    const d = await doc("rotated-page2-90.pdf");
    expect(d.pages.map((p) => [p.rotate, p.width, p.height])).toEqual([
      [0, 612, 792],
      [90, 792, 612],
    ]);
    const r = d.runs.find((x) => d.text.slice(x.start, x.end).startsWith("This is my second page"))!;
    expect(r.page).toBe(2);
    expect(r.dir).toBe("ltr");
    expect(r.x0).toBeCloseTo(72, 1);
    const w = await doc("rotated-270-word.pdf");
    expect([w.pages[0]!.rotate, w.pages[0]!.width, w.pages[0]!.height]).toEqual([270, 792, 612]);
    expect(w.runs[0]!.dir).toBe("btt");
  });

  it("crop boxes with offset and negative origins give the displayed size", async () => {
    const c = await doc("cropbox-offset.pdf");
    expect([c.pages[0]!.width, c.pages[0]!.height]).toEqual([841, 1190]);
    const m = await doc("mediabox-negative-origin-form.pdf");
    expect(m.pages[0]!.width).toBeCloseTo(583.238 + 11.9622, 2);
    expect(m.pages[0]!.height).toBeCloseTo(853.671 - 11.9906, 2);
    for (const run of m.runs) {
      expect(run.x0).toBeGreaterThanOrEqual(-1);
      expect(run.y0).toBeGreaterThanOrEqual(-1);
    }
  });

  it("RTL text: logical order, runs advancing right to left", async () => {
    const d = await doc("rtl-arabic-word.pdf");
    expect(d.text.startsWith("تحسين اإلنتاجية وحل المشكالت")).toBe(true);
    const arabic = d.runs.filter((r) => /[\u0600-\u06FF]/u.test(d.text.slice(r.start, r.end)));
    expect(arabic.length).toBeGreaterThan(10);
    expect(arabic.every((r) => r.dir === "rtl")).toBe(true);
    const latin = d.runs.filter((r) => d.text.slice(r.start, r.end) === "Python");
    expect(latin.every((r) => r.dir === "ltr")).toBe(true);
  });

  it("the 352-page book: progress per page, cropped pages, an image-only cover, outline", async () => {
    const progress: number[] = [];
    const d = await extractPdfFile(corpusFile("large-freeculture-352p.pdf"), {
      onProgress: (done, total) => {
        expect(total).toBe(352);
        progress.push(done);
      },
    });
    extracted.set("large-freeculture-352p.pdf", Promise.resolve(d));
    expect(progress).toEqual(Array.from({ length: 353 }, (_, i) => i));
    expect(d.pages).toHaveLength(352);
    expect(pageProblems(d)).toEqual(["page 1: no text layer (image only?)"]);
    expect(d.pages.filter((p) => p.hasText)).toHaveLength(351);
    expect([d.pages[2]!.width, d.pages[2]!.height]).toEqual([396.48, 594.48]);
    expect(d.text.replace(/\s+/gu, "").length).toBeGreaterThan(500_000);
    expect(headingText(d, "INTRODUCTION")).toMatch(/^INTRODUCTION\s/);
    expect(d.headings.find((h) => h.title === "INTRODUCTION")!.level).toBe(1);
    expect(d.headings.find((h) => h.title === "Film")!.level).toBe(3);
    for (let i = 1; i < d.runs.length; i++)
      expect(d.runs[i]!.start).toBeGreaterThanOrEqual(d.runs[i - 1]!.end);
  });
});

/** Poppler's words that our text also holds: at least 97% sit inside one of our runs' boxes. */
describe.skipIf(!haveCorpus || !hasPdftotext)("corpus: word boxes against poppler", () => {
  // Files where pdf.js keeps poppler's words within one item: one run must hold each word.
  const singleRun = [
    "paper-tracemonkey.pdf",
    "manual-r-lang-69p.pdf",
    "rotated-page2-90.pdf",
    "rotated-270-word.pdf",
    "mediabox-negative-origin-form.pdf",
    "cropbox-offset.pdf",
    "cjk-korean-report-4p.pdf",
    "rtl-arabic-word.pdf",
    "encrypted-aes256-user-pass-abc.pdf",
    "encrypted-rc4-owner-only-no-user-pass.pdf",
    "large-freeculture-352p.pdf",
  ];
  it.each(singleRun)("%s", async (name) => {
    const d = await doc(name);
    const words = popplerWords(corpusFile(name), PASSWORDS[name]);
    const m = matchWords(d, words);
    expect(m.comparable).toBeGreaterThan(0);
    expect(m.comparable / words.length).toBeGreaterThan(0.95);
    const rate = m.matched / m.comparable;
    expect(rate, JSON.stringify(m.misses.slice(0, 5))).toBeGreaterThanOrEqual(0.97);
  });

  // Fonts change inside poppler's words here (CJK punctuation, ligature glyphs), so pdf.js splits
  // them into items: the runs overlapping the word's box must hold it together.
  it.each(["cjk-chinese-fduthesis-18p.pdf", "encrypted-aes128-user-pass-1234.pdf"])("%s", async (name) => {
    const d = await doc(name);
    const words = popplerWords(corpusFile(name), PASSWORDS[name]);
    const m = matchWords(d, words);
    expect(m.comparable / words.length).toBeGreaterThan(0.95);
    expect(
      (m.matched + m.spanning) / m.comparable,
      JSON.stringify(m.misses.slice(0, 5)),
    ).toBeGreaterThanOrEqual(0.97);
    expect(m.matched / m.comparable).toBeGreaterThan(0.85);
  });

  it("the Chinese thesis yields at least 95% of the Han characters poppler finds", async () => {
    const d = await doc("cjk-chinese-fduthesis-18p.pdf");
    const r = spawnSync("pdftotext", [corpusFile("cjk-chinese-fduthesis-18p.pdf"), "-"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    const count = (s: string): Map<string, number> => {
      const m = new Map<string, number>();
      for (const ch of s.match(/\p{Script=Han}/gu) ?? []) m.set(ch, (m.get(ch) ?? 0) + 1);
      return m;
    };
    const theirs = count(r.stdout);
    const ours = count(d.text);
    let total = 0;
    let found = 0;
    for (const [ch, n] of theirs) {
      total += n;
      found += Math.min(n, ours.get(ch) ?? 0);
    }
    expect(total).toBeGreaterThan(5000);
    expect(found / total).toBeGreaterThanOrEqual(0.95);
  });
});

describe.skipIf(!haveCorpus)("corpus: nothing on stdout", () => {
  let result: ReturnType<typeof spawnSync>;
  beforeAll(() => {
    const files = [
      "paper-tracemonkey.pdf",
      "cjk-chinese-fduthesis-18p.pdf",
      "scanned-no-text.pdf",
      "corrupt-page-load-error.pdf",
      "encrypted-aes256-user-pass-abc.pdf",
      "mediabox-negative-origin-form.pdf",
    ];
    result = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(repoRoot, "test/pdf/stdout-probe.ts"), ...files.map(corpusFile)],
      {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...process.env, PROBE_PASSWORD_4: "abc" },
        timeout: 60_000,
      },
    );
  });

  it("pdf.js prints nothing to stdout while extracting", () => {
    expect(result.stderr).toContain("paper-tracemonkey.pdf: 14 pages");
    expect(result.status, String(result.stderr)).toBe(0);
    expect(result.stdout).toBe("");
  });
});
