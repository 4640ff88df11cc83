import { describe, expect, it } from "vitest";
import { exportConfig } from "../export/formats";
import { checkedImageUrl, escapeHtml, redact, ReportInputError, safeColor } from "./html";
import {
  defaultReportPages,
  formatPageSelection,
  MAX_REPORT_PAGES,
  notableChunksByPage,
  parsePageSelection,
} from "./pages";
import { niceTicks, paretoSvg } from "./paretoSvg";
import { buildReport, type ReportInput, type ReportRun } from "./report";

// A 1×1 transparent PNG.
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function run(overrides: Partial<ReportRun> = {}): ReportRun {
  return {
    chunker: "token",
    chunkerLabel: "Token windows",
    configFile: exportConfig("json", "token", { chunk_size: 256 }),
    chunkCount: 42,
    scores: [
      ["size", "Size (tokens)", "mean 241.3 · median 256 · 12–256"],
      ["endsAtSentence", "Ends at sentence", "61.9% (26/42)"],
    ],
    warnings: [],
    ...overrides,
  };
}

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    document: { name: "sample.pdf", pageCount: 12 },
    generatedAt: "2026-11-25T16:00:00.000Z",
    a: run(),
    pages: [
      {
        number: 1,
        width: 612,
        height: 792,
        image: PNG,
        pixelWidth: 918,
        pixelHeight: 1188,
        boxes: [
          { x0: 72, y0: 80.123, x1: 540, y1: 92, chunkId: "c1", color: "hsl(0 70% 45%)" },
          { x0: 72, y0: 100, x1: 300, y1: 112, chunkId: "c2", color: "hsl(137.5 70% 45%)" },
        ],
      },
    ],
    ...overrides,
  };
}

/** Every URL-bearing attribute or CSS reference in the file. */
function externalReferences(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\b(?:src|href|xlink:href|action|poster|srcset)\s*=\s*"([^"]*)"/gi))
    if (!m[1]!.startsWith("data:image/")) found.push(m[0]);
  for (const m of html.matchAll(/url\(|@import|<script|<link|<iframe|<object|<embed/gi)) found.push(m[0]);
  return found;
}

describe("escapeHtml", () => {
  it("escapes the five characters that can start markup or end an attribute", () => {
    expect(escapeHtml(`<b a="1" c='2'>&amp;</b>`)).toBe(
      "&lt;b a=&quot;1&quot; c=&#39;2&#39;&gt;&amp;amp;&lt;/b&gt;",
    );
  });
});

describe("checkedImageUrl and safeColor", () => {
  it("takes inline base64 images only", () => {
    expect(checkedImageUrl(PNG)).toBe(PNG);
    for (const bad of [
      "https://example.com/a.png",
      "data:image/svg+xml;base64,PHN2Zz4=",
      'data:image/png;base64,AAAA" onerror="x',
      "blob:http://127.0.0.1/abc",
    ])
      expect(() => checkedImageUrl(bad)).toThrow(ReportInputError);
  });
  it("passes hex, hsl and rgb colours and replaces anything else", () => {
    expect(safeColor("hsl(137.5 70% 45%)")).toBe("hsl(137.5 70% 45%)");
    expect(safeColor("#abc")).toBe("#abc");
    expect(safeColor('red" onload="x')).toBe("#6b7280");
    expect(safeColor("url(http://x)")).toBe("#6b7280");
  });
});

describe("redact", () => {
  it("replaces every occurrence of a key and leaves short strings alone", () => {
    expect(redact("401 for sk-test-123456 (sk-test-123456)", ["sk-test-123456"])).toBe(
      "401 for [redacted] ([redacted])",
    );
    expect(redact("a token", ["a"])).toBe("a token");
  });
});

describe("page selection", () => {
  it("defaults to the selected chunk's pages, filled to three with the first pages", () => {
    expect(defaultReportPages(12)).toEqual([1, 2, 3]);
    expect(defaultReportPages(12, [9, 8, 2])).toEqual([2, 8, 9]);
    expect(defaultReportPages(12, [9])).toEqual([1, 2, 9]);
    expect(defaultReportPages(2, [5])).toEqual([1, 2]);
    expect(defaultReportPages(0)).toEqual([]);
  });
  it("picks the pages where most chunks are flagged or differ, never a blank one", () => {
    const notable = new Map([
      [2, 1],
      [7, 5],
      [9, 5],
      [11, 9],
      [4, 0],
    ]);
    // The selected chunk's page 5, then 11, 7 and 9 (7 before 9 on a tie); page 11 is blank here.
    expect(defaultReportPages(12, [5], { notable, blank: new Set([11]) })).toEqual([2, 5, 7, 9]);
    expect(defaultReportPages(12, [], { notable })).toEqual([7, 9, 11]);
    // Nothing notable: the first pages with text.
    expect(defaultReportPages(12, [], { blank: new Set([1, 2]) })).toEqual([3, 4, 5]);
  });
  it("counts the notable chunks on each page they touch", () => {
    const chunks = [{ pages: [1] }, { pages: [1, 2] }, { pages: [2] }, { pages: [3] }];
    expect(notableChunksByPage(chunks, (i) => i !== 2)).toEqual(
      new Map([
        [1, 2],
        [2, 1],
        [3, 1],
      ]),
    );
  });
  it("reads numbers and ranges, in order and once each", () => {
    expect(parsePageSelection("1-3, 7", 12)).toEqual({ ok: true, pages: [1, 2, 3, 7] });
    expect(parsePageSelection("7 2–3 3", 12)).toEqual({ ok: true, pages: [2, 3, 7] });
    expect(parsePageSelection("1 - 2; 12", 12)).toEqual({ ok: true, pages: [1, 2, 12] });
    expect(parsePageSelection("  ", 12)).toEqual({ ok: true, pages: [] });
  });
  it("says what is wrong with a bad selection", () => {
    expect(parsePageSelection("13", 12)).toEqual({ ok: false, error: "page 13 is past the last page (12)" });
    expect(parsePageSelection("3-1", 12)).toMatchObject({ ok: false, error: expect.stringMatching(/lower/) });
    expect(parsePageSelection("0", 12)).toMatchObject({ ok: false, error: "pages count from 1" });
    expect(parsePageSelection("a", 12)).toMatchObject({ ok: false, error: expect.stringMatching(/"a"/) });
    expect(parsePageSelection(`1-${MAX_REPORT_PAGES + 1}`, 1000)).toMatchObject({ ok: false });
    expect(parsePageSelection("1-60, 61-120", 1000)).toMatchObject({ ok: false });
    expect(parsePageSelection("1-100, 1-100", 1000)).toMatchObject({ ok: true });
  });
  it("writes pages back as ranges", () => {
    expect(formatPageSelection([7, 1, 2, 3, 3, 9, 10])).toBe("1-3, 7, 9-10");
    expect(formatPageSelection([])).toBe("");
  });
});

describe("paretoSvg", () => {
  const points = [
    { chunker: "token", cost: 100, value: 0.5, onFront: true, title: "a" },
    { chunker: "token", cost: 200, value: 0.4, onFront: false, title: "b" },
    { chunker: "recursive", cost: 300, value: 0.8, onFront: true, title: "<c>" },
  ];
  it("draws a circle per point, the front as a line, and escapes the titles", () => {
    const svg = paretoSvg(points, { costLabel: "tokens", valueLabel: "recall" });
    expect(svg.match(/<circle/g)).toHaveLength(3);
    expect(svg.match(/data-front="true"/g)).toHaveLength(2);
    expect(svg).toContain("<polyline");
    expect(svg).toContain("<title>&lt;c&gt;</title>");
    expect(svg).not.toContain("<c>");
    expect(svg).toContain('role="img"');
  });
  it("is empty without points and copes with one point", () => {
    expect(paretoSvg([], { costLabel: "x", valueLabel: "y" })).toBe("");
    expect(paretoSvg([points[0]!], { costLabel: "x", valueLabel: "y" })).toMatch(/<circle/);
  });
  it("puts ticks on round values", () => {
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(95, 410)).toEqual([100, 200, 300, 400]);
    expect(niceTicks(3, 3)).toEqual([3]);
  });
});

describe("buildReport: the summary a manager reads first", () => {
  const metrics = (recall: number) => ({
    recall,
    precision: 0.1,
    iou: 0.1,
    precision_omega: 0.3,
    hit_at_k: 0.9,
    mrr: 0.7,
    ndcg_at_k: 0,
  });
  it("opens with what was compared and the recommendation, in words, before the details", () => {
    const html = buildReport(
      input({
        a: run({ config: { chunk_size: 256 } }),
        b: run({
          chunker: "recursive",
          chunkerLabel: "Recursive",
          config: { chunk_size: 300, chunk_overlap: 0 },
        }),
        evaluation: {
          setName: "q.jsonl",
          questions: 40,
          k: 5,
          retriever: "bm25",
          a: metrics(0.7),
          b: metrics(0.82),
          retrievedTokens: { a: 1280, b: 1500 },
        },
      }),
    );
    expect(html.indexOf('id="summary"')).toBeLessThan(html.indexOf('id="runs"'));
    expect(html.indexOf('id="summary"')).toBeLessThan(html.indexOf("<pre"));
    expect(html).toContain("Compared: two configurations, A and B, on 40 questions, on sample.pdf.");
    expect(html).toContain("<strong>Recommended: B, recursive · chunk_size 300, chunk_overlap 0.</strong>");
    expect(html).toContain("82.0% at 1,500 tokens retrieved per question");
    expect(html).toContain("reaches 70.0% (−12.0 points) at 1,280");
    expect(html).toContain("<dt>Precision Ω</dt>");
  });
  it("without questions, says there is no retrieval recommendation", () => {
    const html = buildReport(input());
    expect(html).toContain("No question set was evaluated, so there is no recommendation");
  });
});

describe("buildReport", () => {
  it("holds the document, the chunker, the exported config, the scores and the page with its boxes", () => {
    const html = buildReport(input());
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("<title>Chunking report · sample.pdf</title>");
    expect(html).toContain("12 pages · made 2026-11-25 16:00 UTC");
    expect(html).toContain("Token windows <code>token</code>");
    expect(html).toContain('<strong class="chunk-count">42</strong> chunks');
    // The workbench JSON exactly as the export writes it, escaped.
    expect(html).toContain(escapeHtml(exportConfig("json", "token", { chunk_size: 256 })));
    expect(html).toContain("&quot;chunk_size&quot;: 256");
    expect(html).toContain("mean 241.3 · median 256 · 12–256");
    expect(html).toContain("61.9% (26/42)");
    expect(html).toContain(`<img src="${PNG}" width="918" height="1188" alt="Page 1 of sample.pdf">`);
    expect(html).toContain('<svg viewBox="0 0 612 792"');
    expect(html.match(/<rect class="box-a"/g)).toHaveLength(2);
    expect(html).toContain('y="80.12"');
    expect(html).toContain("Page 1 · 2 chunks drawn");
    expect(html).not.toContain('id="evaluation"');
    expect(html).not.toContain('id="sweep"');
  });

  it("loads nothing from anywhere: no script, no link, no URL but inline images, and a CSP forbidding fetches", () => {
    const html = buildReport(input());
    expect(externalReferences(html)).toEqual([]);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/https?:\/\//);
  });

  it("prints one page image per sheet", () => {
    const html = buildReport(input());
    expect(html).toMatch(/@media print \{[^]*figure\.page \{[^}]*break-before: page/);
  });

  it("escapes every text it is given", () => {
    const hostile = `<script>alert("x")</script>`;
    const html = buildReport(
      input({
        document: { name: `${hostile}.pdf`, pageCount: 1 },
        a: run({ chunkerLabel: hostile, warnings: [hostile], scores: [["size", hostile, hostile]] }),
        pages: [
          {
            ...input().pages[0]!,
            label: hostile,
            boxes: [{ ...input().pages[0]!.boxes[0]!, chunkId: `"><x` }],
          },
        ],
      }),
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain('"><x');
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("refuses an image that is not inline", () => {
    expect(() =>
      buildReport(input({ pages: [{ ...input().pages[0]!, image: "https://x.test/p.png" }] })),
    ).toThrow(ReportInputError);
  });

  it("never writes an endpoint key, wherever it turns up", () => {
    const key = "sk-live-0123456789abcdef";
    const html = buildReport(
      input({ a: run({ warnings: [`embedding endpoint refused key ${key}`] }), secrets: [key, ""] }),
    );
    expect(html).not.toContain(key);
    expect(html).toContain("refused key [redacted]");
  });

  it("puts A and B side by side when comparing, their scores in two columns and B's boxes dashed", () => {
    const b = run({
      chunker: "recursive",
      chunkerLabel: "Recursive",
      configFile: exportConfig("json", "recursive", {}),
      chunkCount: 17,
      scores: [["size", "Size (tokens)", "mean 600"]],
    });
    const page = input().pages[0]!;
    const html = buildReport(
      input({
        b,
        pages: [{ ...page, boxesB: [{ x0: 1, y0: 2, x1: 3, y1: 4, chunkId: "b1", color: "#123456" }] }],
      }),
    );
    expect(html).toContain("Chunker and config — A and B");
    expect(html).toContain('data-side="A"');
    expect(html).toContain('data-side="B"');
    expect(html).toContain("B · Recursive <code>recursive</code>");
    expect(html).toContain('<th scope="col">A</th><th scope="col">B</th>');
    expect(html).toContain('<tr><th scope="row">Chunks</th><td>42</td><td>17</td></tr>');
    // B has no "ends at sentence" row: a dash, not a shifted column.
    expect(html).toMatch(/Ends at sentence<\/th><td>61\.9% \(26\/42\)<\/td><td>—<\/td>/);
    expect(html.match(/<rect class="box-b"/g)).toHaveLength(1);
    expect(html).toContain("B's 1 as dashed outlines");
  });

  it("shows the eval metrics, with B and the difference when comparing", () => {
    const a = {
      recall: 0.5,
      precision: 0.125,
      iou: 0.1,
      precision_omega: 0.3,
      hit_at_k: 2 / 3,
      mrr: 0.5,
      ndcg_at_k: 0,
    };
    const b = { ...a, recall: 0.75, mrr: 0.25, ndcg_at_k: 0 };
    const html = buildReport(
      input({ evaluation: { setName: "q.jsonl", questions: 3, k: 5, retriever: "k = 5, bm25", a, b } }),
    );
    expect(html).toContain("3 questions from q.jsonl; retrieved with k = 5, bm25.");
    expect(html).toContain("3 questions: too few to tell configurations apart");
    expect(html).toMatch(
      /data-metric="recall"><th scope="row">Recall<\/th><td class="num">50\.0%<\/td><td class="num">75\.0%<\/td><td class="num">\+25\.0 pt<\/td>/,
    );
    expect(html).toContain("66.7%");
    expect(html).toMatch(
      /MRR<\/th><td class="num">0\.500<\/td><td class="num">0\.250<\/td><td class="num">-0\.250<\/td>/,
    );
    const single = buildReport(
      input({ evaluation: { setName: null, questions: 1, k: 3, retriever: "k = 3, bm25", a } }),
    );
    expect(single).toContain("1 question written in the workbench; retrieved with k = 3");
    expect(single).toContain('<th scope="col">Value</th>');
  });

  it("prints each mean's interval, B − A with its interval, the verdict, and how each side retrieved", () => {
    const a = {
      recall: 0.5,
      precision: 0.1,
      iou: 0.1,
      precision_omega: 0.3,
      hit_at_k: 0.6,
      mrr: 0.5,
      ndcg_at_k: 0.4,
    };
    const b = { ...a, recall: 0.7 };
    const interval = (lo: number, hi: number): [number, number] => [lo, hi];
    const ci95 = Object.fromEntries(Object.keys(a).map((key) => [key, interval(0.4, 0.6)])) as Record<
      keyof typeof a,
      [number, number]
    >;
    const difference = Object.fromEntries(
      Object.keys(a).map((key) => [
        key,
        {
          b_minus_a: key === "recall" ? 0.2 : 0,
          ci95: interval(key === "recall" ? 0.1 : -0.05, key === "recall" ? 0.3 : 0.05),
        },
      ]),
    ) as Record<keyof typeof a, { b_minus_a: number; ci95: [number, number] }>;
    const html = buildReport(
      input({
        evaluation: {
          setName: "q.csv",
          questions: 472,
          k: 5,
          retriever: "k = 5, bm25",
          retrieverB: "k = 5, hybrid (GloVe)",
          a,
          ci95,
          b,
          difference,
          verdict: "B is better on recall; no detectable difference in precision Ω with 472 questions",
        },
      }),
    );
    expect(html).toContain("A retrieved with k = 5, bm25; B with k = 5, hybrid (GloVe).");
    expect(html).toMatch(
      /data-metric="recall"><th scope="row">Recall<\/th><td class="num">50\.0%<\/td><td class="num">\[40\.0%, 60\.0%\]<\/td><td class="num">70\.0%<\/td><td class="num">\+20\.0 pt \[\+10\.0 pt, \+30\.0 pt\]<\/td>/,
    );
    expect(html).toContain("Is B different?</strong> B is better on recall;");
    expect(html).not.toContain("too few to tell");
  });

  it("draws the sweep's Pareto plot and lists its front", () => {
    const html = buildReport(
      input({
        sweep: {
          objective: "recall",
          k: 5,
          total: 6,
          points: [
            { chunker: "token", cost: 900, value: 0.6, onFront: true, title: '{"chunk_size":128}' },
            { chunker: "token", cost: 1800, value: 0.55, onFront: false, title: '{"chunk_size":256}' },
          ],
        },
      }),
    );
    expect(html).toContain('<section id="sweep">');
    expect(html).toContain("2 of 6 points ran");
    expect(html).toContain('<svg class="pareto" role="img"');
    expect(html).toContain("recall (k = 5)");
    expect(html).toContain("{&quot;chunk_size&quot;:128}");
    expect(
      buildReport(input({ sweep: { objective: "quality", k: null, total: 3, points: [] } })),
    ).not.toContain('id="sweep"');
  });

  it("says so when there are no pages or no scores yet", () => {
    const html = buildReport(input({ pages: [], a: run({ scores: null }) }));
    expect(html).toContain("no pages to show");
    expect(html).toContain("The scores were still being computed.");
  });
});
