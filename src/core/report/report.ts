/**
 * The stakeholder report (DESIGN §10, `report-button`): one HTML file that opens offline in any
 * browser — the document, the chunker and config as the export writes them, the run's scores, the
 * eval metrics, compare's A and B side by side, the sweep's Pareto plot, and page images with the
 * chunk boxes drawn. Pure: the page renders the images and hands them in as data URLs.
 *
 * Self-contained by construction: no script, no link, no font, images only as inline base64, and a
 * Content-Security-Policy that forbids fetching anything (so a mistake shows as a missing picture,
 * never as a request). Every text goes through escapeHtml, after the session's keys are redacted.
 */
import type { Interval } from "../eval/bootstrap";
import type { MetricDifferences } from "../eval/difference";
import { METRIC_KEYS, METRIC_LABELS, type MeanMetrics, type MetricKey } from "../eval/metrics";
import type { ScoreRow } from "../quality/scoreRows";
import { checkedImageUrl, escapeHtml, MIN_SECRET_CHARS, redact, ReportInputError, safeColor } from "./html";
import { chunkerColors, paretoSvg, type ParetoPoint } from "./paretoSvg";
import { MEANINGS, plainConfig, recommendation, type Candidate, type SummaryInput } from "./summary";

export interface ReportRun {
  chunker: string;
  /** The chunker's display name, e.g. "Token (fixed windows)". */
  chunkerLabel: string;
  /** The config as the export writes it (the workbench JSON: core/export's exportConfig). */
  configFile: string;
  /** The config itself, for the summary's plain words. */
  config?: Readonly<Record<string, unknown>>;
  chunkCount: number;
  /** The run's scores as the quality panel words them; null while they compute. */
  scores: ScoreRow[] | null;
  warnings: readonly string[];
}

interface ReportEvaluation {
  /** The question set's file, or null for questions written in the workbench. */
  setName: string | null;
  questions: number;
  k: number;
  /** How A retrieved, in words ("k = 5, bm25, heading path indexed"). */
  retriever: string;
  /** How B retrieved, when B was evaluated. */
  retrieverB?: string | undefined;
  a: MeanMetrics;
  /** A's 95% bootstrap intervals. */
  ci95?: Record<MetricKey, Interval> | undefined;
  /** Compare's B (another config, or the same chunks retrieved another way). */
  b?: MeanMetrics | undefined;
  /** B − A paired over the questions, and the verdict in words. */
  difference?: MetricDifferences | undefined;
  verdict?: string | undefined;
  /** Mean tokens retrieved per question, for A (and B). */
  retrievedTokens?: { a: number; b?: number | undefined };
}

export interface ReportSweep {
  objective: "recall" | "quality";
  /** The k of the sweep's evaluation; null without a question set. */
  k: number | null;
  points: ParetoPoint[];
  /** All points of the sweep, skipped and failed ones included. */
  total: number;
}

/** A rectangle in the page's displayed points (origin top-left, as DocModel's boxes). */
export interface ReportBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  chunkId: string;
  color: string;
}

interface ReportPage {
  /** 1-based physical page number. */
  number: number;
  /** The PDF's own label when it differs, e.g. "xii". */
  label?: string | undefined;
  /** Displayed page size in points (the boxes' coordinate space). */
  width: number;
  height: number;
  /** The rendered page: a PNG or JPEG data URL, with its size in pixels. */
  image: string;
  pixelWidth: number;
  pixelHeight: number;
  boxes: readonly ReportBox[];
  /** Compare's B boxes, drawn as dashed outlines. */
  boxesB?: readonly ReportBox[] | undefined;
}

export interface ReportInput {
  document: { name: string; pageCount: number };
  /** When the report was made (ISO 8601). */
  generatedAt: string;
  a: ReportRun;
  /** Compare's B, when compare is on. */
  b?: ReportRun | null | undefined;
  evaluation?: ReportEvaluation | null | undefined;
  sweep?: ReportSweep | null | undefined;
  pages: readonly ReportPage[];
  /** The session's endpoint keys: redacted wherever they might appear. Never written. */
  secrets?: readonly string[] | undefined;
}

const CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #d1d5db; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 0 0 6px; }
.meta { color: #4b5563; margin: 0; }
#summary { background: #f8fafc; border: 1px solid #d1d5db; border-radius: 6px; padding: 4px 16px 12px; margin-top: 16px; }
#summary h2 { border: none; }
.recommendation { font-size: 15px; }
.meanings { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
.meanings dt { font-weight: 600; }
.meanings dd { margin: 0; color: #374151; }
.details-title { margin-top: 36px; font-size: 19px; border-bottom: 2px solid #111827; }
.sides { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
.side { border: 1px solid #d1d5db; border-radius: 6px; padding: 12px; }
pre { background: #f3f4f6; padding: 8px; border-radius: 4px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
table { border-collapse: collapse; margin: 4px 0; }
th, td { border: 1px solid #d1d5db; padding: 3px 8px; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th { background: #f3f4f6; }
.warnings { color: #92400e; }
.legend { display: flex; flex-wrap: wrap; gap: 12px; margin: 6px 0; color: #374151; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 4px; vertical-align: baseline; }
.pareto { max-width: 100%; height: auto; font: 11px system-ui, sans-serif; }
.pareto text { fill: #374151; }
.pareto .grid { stroke: #e5e7eb; }
.pareto .frame { fill: none; stroke: #9ca3af; }
figure.page { margin: 16px 0 28px; }
.sheet { position: relative; display: inline-block; max-width: 100%; border: 1px solid #d1d5db; line-height: 0; }
.sheet img { display: block; max-width: 100%; height: auto; }
.sheet svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.box-a { fill-opacity: 0.16; stroke-width: 1; }
.box-b { fill: none; stroke-width: 1.2; stroke-dasharray: 4 3; }
figcaption { margin-top: 6px; color: #374151; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
@page { margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; }
  table, .side, .pareto { break-inside: avoid; }
  figure.page { break-before: page; break-inside: avoid; margin: 0; text-align: center; }
  .sheet img { max-height: 240mm; width: auto; }
}
`;

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function metricValue(key: (typeof METRIC_KEYS)[number], value: number): string {
  return key === "mrr" ? value.toFixed(3) : percent(value);
}

function signed(x: number, key: (typeof METRIC_KEYS)[number]): string {
  const text = key === "mrr" ? x.toFixed(3) : `${(x * 100).toFixed(1)} pt`;
  return x > 0 ? `+${text}` : text;
}

/** The report's HTML: one self-contained file. Throws ReportInputError on an image that is not inline. */
export function buildReport(input: ReportInput): string {
  const secrets = input.secrets ?? [];
  /** Every piece of text the report shows: keys redacted, then escaped. */
  const t = (text: string | number) => escapeHtml(redact(String(text), secrets));
  const runs = input.b ? [input.a, input.b] : [input.a];
  const sideName = (i: number) => (input.b ? (i === 0 ? "A" : "B") : null);

  const sections: string[] = [];
  sections.push(
    `<header><h1>Chunking report: ${t(input.document.name)}</h1>` +
      `<p class="meta">${t(input.document.pageCount)} page${input.document.pageCount === 1 ? "" : "s"} · ` +
      `made ${t(readableTime(input.generatedAt))} with Chunk Workbench</p></header>`,
  );

  sections.push(summarySection(input, t));
  sections.push(`<h2 class="details-title">The details</h2>`);
  sections.push(
    `<section id="runs"><h2>Chunker and config${input.b ? " — A and B" : ""}</h2><div class="sides">` +
      runs
        .map((run, i) => {
          const name = sideName(i);
          const warnings =
            run.warnings.length === 0
              ? ""
              : `<p>Warnings:</p><ul class="warnings">${run.warnings.map((w) => `<li>${t(w)}</li>`).join("")}</ul>`;
          return (
            `<article class="side" data-side="${name ?? "A"}">` +
            `<h3>${name ? `${name} · ` : ""}${t(run.chunkerLabel)} <code>${t(run.chunker)}</code></h3>` +
            `<p><strong class="chunk-count">${t(run.chunkCount)}</strong> chunks</p>` +
            `<pre class="config" aria-label="config${name ? ` of ${name}` : ""}">${t(run.configFile)}</pre>` +
            warnings +
            `</article>`
          );
        })
        .join("") +
      `</div></section>`,
  );

  sections.push(scoresSection(runs, t));
  if (input.evaluation) sections.push(evaluationSection(input.evaluation, t));
  if (input.sweep && input.sweep.points.length > 0) sections.push(sweepSection(input.sweep, t, secrets));
  sections.push(pagesSection(input, t));

  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Chunking report · ${t(input.document.name)}</title><style>${STYLE}</style></head>` +
    `<body>${sections.join("\n")}</body></html>\n`;
  // The last word on keys: redaction above covers every text, so this only fires on a bug.
  for (const secret of secrets)
    if (secret.length >= MIN_SECRET_CHARS && html.includes(secret))
      throw new ReportInputError("an endpoint key would appear in the report: refusing to write it");
  return html;
}

type Text = (text: string | number) => string;

/** What the summary weighs: the sweep's points, else A (and B) on the questions, else nothing to rank. */
function summaryInput(input: ReportInput): SummaryInput | null {
  const runName = (run: ReportRun, side: string | null) =>
    `${side ? `${side}, ` : ""}${run.config ? plainConfig(run.chunker, run.config) : `${run.chunkerLabel} (${run.chunker})`}`;
  const sweep = input.sweep;
  if (sweep && sweep.points.length > 0) {
    const chunkers = [...new Set(sweep.points.map((p) => p.chunker))];
    const over = input.evaluation ? ` over ${input.evaluation.questions} questions` : "";
    return {
      objective: sweep.objective,
      k: sweep.k,
      compared: `${sweep.points.length} configurations of ${chunkers.join(", ")} in a sweep${over}`,
      candidates: sweep.points.map((p): Candidate => ({
        name: p.config ? plainConfig(p.chunker, p.config) : `${p.chunker} ${p.title}`,
        value: p.value,
        cost: p.cost,
      })),
    };
  }
  const e = input.evaluation;
  if (!e || !e.retrievedTokens) return null;
  const candidates: Candidate[] = [
    { name: runName(input.a, input.b ? "A" : null), value: e.a.recall, cost: e.retrievedTokens.a },
  ];
  if (input.b && e.b && e.retrievedTokens.b !== undefined)
    candidates.push({ name: runName(input.b, "B"), value: e.b.recall, cost: e.retrievedTokens.b });
  return {
    objective: "recall",
    k: e.k,
    compared:
      candidates.length === 2
        ? `two configurations, A and B, on ${e.questions} questions`
        : `one configuration on ${e.questions} questions`,
    candidates,
  };
}

function summarySection(input: ReportInput, t: Text): string {
  const summary = summaryInput(input);
  const meanings = `<dl class="meanings">${MEANINGS.map((m) => `<dt>${t(m.name)}</dt><dd>${t(m.meaning)}</dd>`).join("")}</dl>`;
  if (!summary) {
    const runs = input.b ? "A and B" : "one configuration";
    return (
      `<section id="summary"><h2>Summary</h2>` +
      `<p class="compared">Compared: ${t(runs)} on ${t(input.document.name)}.</p>` +
      `<p class="recommendation">No question set was evaluated, so there is no recommendation on how well each retrieves; the quality scores in the details describe the chunks themselves. Load or write questions to get one.</p>` +
      `<h3>What the numbers mean</h3>${meanings}</section>`
    );
  }
  const { headline, why } = recommendation(summary);
  return (
    `<section id="summary"><h2>Summary</h2>` +
    `<p class="compared">Compared: ${t(summary.compared)}, on ${t(input.document.name)}.</p>` +
    `<p class="recommendation"><strong>${t(headline)}</strong> ${t(why)}</p>` +
    (input.evaluation?.verdict
      ? `<p class="verdict">Beyond chance, on these ${t(input.evaluation.questions)} questions: ${t(input.evaluation.verdict)}.</p>`
      : "") +
    `<h3>What the numbers mean</h3>${meanings}</section>`
  );
}

/** "2026-11-25T16:00:00.000Z" as "2026-11-25 16:00 UTC"; any other text as given. */
function readableTime(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}).*Z$/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

function scoresSection(runs: readonly ReportRun[], t: Text): string {
  if (runs.every((r) => r.scores === null))
    return `<section id="scores"><h2>Quality scores</h2><p>The scores were still being computed.</p></section>`;
  const ids = (runs.find((r) => r.scores !== null)?.scores ?? []).map(([id, label]) => [id, label] as const);
  const valueOf = (run: ReportRun, id: string) => run.scores?.find(([rowId]) => rowId === id)?.[2] ?? "—";
  const two = runs.length === 2;
  const head = `<tr><th scope="col">Score</th>${two ? `<th scope="col">A</th><th scope="col">B</th>` : `<th scope="col">Value</th>`}</tr>`;
  const body = [
    `<tr><th scope="row">Chunks</th>${runs.map((r) => `<td>${t(r.chunkCount)}</td>`).join("")}</tr>`,
    ...ids.map(
      ([id, label]) =>
        `<tr data-score="${t(id)}"><th scope="row">${t(label)}</th>${runs.map((r) => `<td>${t(valueOf(r, id))}</td>`).join("")}</tr>`,
    ),
  ].join("");
  return `<section id="scores"><h2>Quality scores</h2><table class="scores"><thead>${head}</thead><tbody>${body}</tbody></table></section>`;
}

/** "[61.2, 70.4]": an interval in the metric's own units (points, or MRR's 0–1). */
function intervalText(key: MetricKey, [lo, hi]: Interval, signedValues = false): string {
  const one = (x: number) => (signedValues ? signed(x, key) : metricValue(key, x));
  return `[${one(lo)}, ${one(hi)}]`;
}

function evaluationSection(e: ReportEvaluation, t: Text): string {
  const head =
    `<tr><th scope="col">Mean</th>` +
    (e.b ? `<th scope="col">A</th>` : `<th scope="col">Value</th>`) +
    (e.ci95 ? `<th scope="col">95% interval</th>` : "") +
    (e.b ? `<th scope="col">B</th><th scope="col">B − A (95% interval)</th>` : "") +
    `</tr>`;
  const rows = METRIC_KEYS.map((key) => {
    const a = `<td class="num">${t(metricValue(key, e.a[key]))}</td>`;
    const ci = e.ci95 ? `<td class="num">${t(intervalText(key, e.ci95[key]))}</td>` : "";
    const d = e.difference?.[key];
    const b = e.b
      ? `<td class="num">${t(metricValue(key, e.b[key]))}</td><td class="num">${t(signed(e.b[key] - e.a[key], key))}${d ? ` ${t(intervalText(key, d.ci95, true))}` : ""}</td>`
      : "";
    return `<tr data-metric="${key}"><th scope="row">${t(METRIC_LABELS[key])}</th>${a}${ci}${b}</tr>`;
  }).join("");
  const source = e.setName ? `from ${t(e.setName)}` : "written in the workbench";
  const how = e.retrieverB
    ? `A retrieved with ${t(e.retriever)}; B with ${t(e.retrieverB)}`
    : `retrieved with ${t(e.retriever)}`;
  const small =
    e.questions < 30
      ? `<p class="warnings">${t(e.questions)} question${e.questions === 1 ? "" : "s"}: too few to tell configurations apart — read the intervals before any difference.</p>`
      : "";
  return (
    `<section id="evaluation"><h2>Retrieval evaluation</h2>` +
    `<p>${t(e.questions)} question${e.questions === 1 ? "" : "s"} ${source}; ${how}. Intervals: 95% bootstrap over the questions (2,000 resamples, seed 42).</p>` +
    small +
    (e.verdict
      ? `<p class="verdict" data-verdict><strong>Is B different?</strong> ${t(e.verdict)}.</p>`
      : "") +
    `<table class="metrics"><thead>${head}</thead><tbody>${rows}</tbody></table></section>`
  );
}

function sweepSection(s: ReportSweep, t: Text, secrets: readonly string[]): string {
  const axes =
    s.objective === "recall"
      ? { costLabel: "tokens retrieved per question", valueLabel: `recall (k = ${s.k ?? "?"})` }
      : { costLabel: "mean tokens per chunk", valueLabel: "quality score" };
  // paretoSvg escapes its labels and titles; redacting is this file's business.
  const svg = paretoSvg(
    s.points.map((p) => ({ ...p, chunker: redact(p.chunker, secrets), title: redact(p.title, secrets) })),
    axes,
  );
  const colors = chunkerColors(s.points);
  const legend = [...colors]
    .map(
      ([chunker, color]) =>
        `<span><span class="swatch" style="background:${color}"></span>${t(chunker)}</span>`,
    )
    .join("");
  const front = s.points
    .filter((p) => p.onFront)
    .sort((a, b) => a.cost - b.cost)
    .map(
      (p) =>
        `<tr><td>${t(p.chunker)}</td><td class="num">${t(percent(p.value))}</td><td class="num">${t(Math.round(p.cost * 10) / 10)}</td><td><code>${t(p.title)}</code></td></tr>`,
    )
    .join("");
  return (
    `<section id="sweep"><h2>Sweep</h2>` +
    `<p>${t(s.points.length)} of ${t(s.total)} points ran; the line joins the Pareto front (${t(axes.valueLabel)} against ${t(axes.costLabel)}).</p>` +
    `<div class="legend">${legend}</div>${svg}` +
    `<h3>Pareto front</h3><table class="front"><thead><tr><th scope="col">Chunker</th><th scope="col">${t(axes.valueLabel)}</th><th scope="col">${t(axes.costLabel)}</th><th scope="col">Config</th></tr></thead><tbody>${front}</tbody></table>` +
    `</section>`
  );
}

const r1 = (v: number) => Math.round(v * 100) / 100;

function boxRect(box: ReportBox, cls: string, t: Text): string {
  const color = safeColor(box.color);
  return (
    `<rect class="${cls}" x="${r1(box.x0)}" y="${r1(box.y0)}" width="${r1(box.x1 - box.x0)}" height="${r1(box.y1 - box.y0)}" ` +
    `fill="${color}" stroke="${color}" data-chunk-id="${t(box.chunkId)}"/>`
  );
}

function pagesSection(input: ReportInput, t: Text): string {
  if (input.pages.length === 0)
    return `<section id="pages"><h2>Pages</h2><p>This document has no pages to show (plain text or Markdown).</p></section>`;
  const figures = input.pages.map((page) => {
    const image = checkedImageUrl(page.image);
    const chunkIds = new Set(page.boxes.map((b) => b.chunkId));
    const name =
      page.label && page.label !== String(page.number)
        ? `${page.number} (${page.label})`
        : String(page.number);
    const boxes = [
      ...page.boxes.map((b) => boxRect(b, "box-a", t)),
      ...(page.boxesB ?? []).map((b) => boxRect(b, "box-b", t)),
    ].join("");
    const bNote = page.boxesB
      ? `; B's ${new Set(page.boxesB.map((b) => b.chunkId)).size} as dashed outlines`
      : "";
    return (
      `<figure class="page" data-page="${page.number}">` +
      `<div class="sheet"><img src="${image}" width="${Math.round(page.pixelWidth)}" height="${Math.round(page.pixelHeight)}" alt="Page ${t(name)} of ${t(input.document.name)}">` +
      `<svg viewBox="0 0 ${r1(page.width)} ${r1(page.height)}" preserveAspectRatio="none" aria-hidden="true">${boxes}</svg></div>` +
      `<figcaption>Page ${t(name)} · ${t(chunkIds.size)} chunk${chunkIds.size === 1 ? "" : "s"} drawn${bNote}</figcaption></figure>`
    );
  });
  return `<section id="pages"><h2>Pages</h2>${figures.join("\n")}</section>`;
}
