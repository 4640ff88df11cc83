/**
 * What the stakeholder report shows, read from where the workbench keeps it: the document on
 * screen and its finished runs (react-query's cache, A and compare's B), the evaluation of the
 * loaded question set, the sweep's lines. The page images are rendered last (renderPages.ts) and
 * the file is written by core/report. Nothing is computed here that the workbench has not shown.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { Chunk, ChunkRun } from "../../core/chunk";
import { getChunkerMeta } from "../../core/chunkers/metas";
import type { DocModel } from "../../core/document";
import { exportConfig } from "../../core/export/formats";
import { scoreRows } from "../../core/quality/scoreRows";
import {
  buildReport,
  type ReportBox,
  type ReportInput,
  type ReportRun,
  type ReportSweep,
} from "../../core/report/report";
import { notableChunksByPage } from "../../core/report/pages";
import { objectiveOf, paretoFront } from "../../core/sweep/result";
import type { EvaluationResult } from "../../host/evaluation";
import { pageProblems } from "../../pdf/problems";
import { evaluationKey, retrievalSettingsOf } from "../engine/evaluation";
import { compareVerdict, metricDifferences, retrievalWords } from "../../core/eval/difference";
import { cachedRun, queryKeys } from "../engine/queries";
import { useCompare } from "../state/compare";
import { useEvaluation } from "../state/evaluation";
import { useSettings } from "../state/settings";
import { useSweep } from "../state/sweep";
import { currentConfig, useWorkbench, type OpenDocument } from "../state/store";
import { chunkHue } from "../viewer/palette";
import { renderPageImages } from "./renderPages";

/** B's outlines, in the colour the page view draws them (compare.css .compare-b-box). */
const B_COLOR = "#ea580c";

type Config = Record<string, unknown>;

interface Side {
  chunker: string;
  config: Config;
  run: ChunkRun;
}

/** Everything the report needs, gathered at the click; the pages are rendered from it afterwards. */
export interface ReportSources {
  doc: DocModel;
  source: OpenDocument;
  a: Side;
  b: Side | null;
  /** The selected chunk's pages: part of the default page choice. */
  selectedChunkPages: number[];
  /** Per page, A's chunks on it that are flagged or cut where B does not cut: the default pages' choice. */
  notablePages: Map<number, number>;
  /** Pages with no text: never a default page. */
  blankPages: Set<number>;
}

export type Gathered = { ok: true; sources: ReportSources } | { ok: false; reason: string };

/** The document on screen with its finished run (and B's, when compare is on), or why there is none yet. */
export function gatherReportSources(client: QueryClient): Gathered {
  const wb = useWorkbench.getState();
  const source = wb.docs.find((d) => d.key === wb.displayedKey);
  if (!source) return { ok: false, reason: "no document on screen yet" };
  const doc = client.getQueryData<DocModel>(queryKeys.extractOf(source));
  if (!doc) return { ok: false, reason: "the document is still being read" };
  const config = currentConfig(wb);
  const runA = cachedRun(client, doc.id, wb.chunker, config);
  if (!runA) return { ok: false, reason: "the run for this config has not finished yet" };
  const compare = useCompare.getState();
  let b: Side | null = null;
  if (compare.enabled) {
    const configB = compare.configs[compare.chunker] ?? {};
    const runB = cachedRun(client, doc.id, compare.chunker, configB);
    if (!runB) return { ok: false, reason: "compare's B run has not finished yet" };
    b = { chunker: compare.chunker, config: configB, run: runB };
  }
  const selected = wb.selectedChunkId ? runA.chunks.find((c) => c.id === wb.selectedChunkId) : undefined;
  const quality = runA.quality?.chunks;
  const bRanges = b ? new Set(b.run.chunks.map((c) => `${c.start}:${c.end}`)) : null;
  const notablePages = notableChunksByPage(runA.chunks, (i) => {
    const chunk = runA.chunks[i]!;
    return (
      (chunk.flags?.length ?? 0) > 0 ||
      (quality?.[i]?.flags.length ?? 0) > 0 ||
      (bRanges !== null && !bRanges.has(`${chunk.start}:${chunk.end}`))
    );
  });
  return {
    ok: true,
    sources: {
      doc,
      source,
      a: { chunker: wb.chunker, config, run: runA },
      b,
      selectedChunkPages: selected?.pages ?? [],
      notablePages,
      blankPages: new Set(doc.pages.filter((p) => !p.hasText).map((p) => p.number)),
    },
  };
}

function reportRun(side: Side, doc: DocModel): ReportRun {
  const quality = side.run.quality;
  return {
    chunker: side.chunker,
    chunkerLabel: getChunkerMeta(side.chunker).label,
    // As the export dialog's workbench JSON writes it; it refuses a config holding anything like a key.
    configFile: exportConfig(
      "json",
      side.chunker,
      side.config,
      doc.pages.length > 0 ? { furniture: doc.furnitureSetting ?? "drop" } : undefined,
    ),
    config: side.config,
    chunkCount: side.run.chunks.length,
    scores: quality ? scoreRows(quality) : null,
    warnings: [...pageProblems(doc), ...side.run.warnings],
  };
}

/** The finished evaluation of A (and B) on the loaded question set; null without a set or a result. */
function evaluation(client: QueryClient, a: Side, b: Side | null): ReportInput["evaluation"] {
  const ev = useEvaluation.getState();
  if (!ev.set) return null;
  const endpoints = useSettings.getState().revision;
  const read = (side: Side, which: "a" | "b") =>
    client.getQueryData<EvaluationResult>(
      evaluationKey(ev.revision, side.chunker, side.config, ev.k, retrievalSettingsOf(ev, which), endpoints),
    );
  const resultA = read(a, "a");
  if (!resultA) return null;
  // B: compare's config, or A's chunks retrieved as B's retrieval settings say (issue 30 item 4).
  const bRetrievesOtherwise = Object.keys(ev.compareRetrieval).length > 0;
  const resultB = b ? read(b, "b") : bRetrievesOtherwise ? read(a, "b") : undefined;
  const difference = resultB ? metricDifferences(resultA.questions, resultB.questions) : null;
  return {
    setName: ev.setName,
    questions: ev.set.questions.length,
    k: resultA.k,
    retriever: retrievalWords(resultA),
    retrieverB: resultB ? retrievalWords(resultB) : undefined,
    a: resultA.metrics,
    ci95: resultA.ci95,
    b: resultB?.metrics,
    difference: difference ?? undefined,
    verdict: difference ? compareVerdict(difference, resultA.questions.length) : undefined,
    retrievedTokens: { a: resultA.retrieved_tokens, b: resultB?.retrieved_tokens },
  };
}

/** The sweep's finished points with the front marked; null when no sweep has a finished point. */
function sweep(): ReportSweep | null {
  const { lines, objective, k, total } = useSweep.getState();
  const front = new Set(paretoFront(lines));
  const points = lines.flatMap((line, index) => {
    const o = line && objectiveOf(line);
    return o
      ? [
          {
            chunker: line.chunker,
            cost: o.cost,
            value: o.value,
            onFront: front.has(index),
            title: JSON.stringify(line.config),
            config: line.config,
          },
        ]
      : [];
  });
  return points.length === 0 ? null : { objective, k, points, total };
}

function boxesOn(chunks: readonly Chunk[], page: number, color: (c: Chunk) => string): ReportBox[] {
  const boxes: ReportBox[] = [];
  for (const chunk of chunks)
    for (const box of chunk.boxes)
      if (box.page === page)
        boxes.push({
          x0: box.x0,
          y0: box.y0,
          x1: box.x1,
          y1: box.y1,
          chunkId: chunk.id,
          color: color(chunk),
        });
  return boxes;
}

/** The same colour a chunk has on the page view (Workbench's chunkColor). */
const chunkColor = (chunk: Chunk) => `hsl(${chunkHue(chunk.index)} 70% 45%)`;

/** The session's endpoint keys: handed to the writer only so it can make sure none is written. */
function sessionSecrets(): string[] {
  const { endpoints } = useSettings.getState();
  return [endpoints.embedding?.apiKey, endpoints.llm?.apiKey].filter((k): k is string => Boolean(k));
}

/**
 * The report as HTML: the pages rendered one by one (progress after each), then the file written.
 * Text and Markdown documents have no pages to render.
 */
export async function makeReport(
  client: QueryClient,
  sources: ReportSources,
  pages: readonly number[],
  onProgress: (done: number, total: number) => void,
): Promise<string> {
  const { doc, source, a, b } = sources;
  const images =
    source.kind === "pdf" && pages.length > 0
      ? await renderPageImages(source.bytes, source.password, pages, onProgress)
      : [];
  const input: ReportInput = {
    document: { name: source.name, pageCount: doc.pages.length },
    generatedAt: new Date().toISOString(),
    a: reportRun(a, doc),
    b: b ? reportRun(b, doc) : null,
    evaluation: evaluation(client, a, b),
    sweep: sweep(),
    pages: images.map((image) => {
      const info = doc.pages[image.number - 1]!;
      return {
        number: image.number,
        label: info.label,
        width: info.width,
        height: info.height,
        image: image.dataUrl,
        pixelWidth: image.pixelWidth,
        pixelHeight: image.pixelHeight,
        boxes: boxesOn(a.run.chunks, image.number, chunkColor),
        boxesB: b ? boxesOn(b.run.chunks, image.number, () => B_COLOR) : undefined,
      };
    }),
    secrets: sessionSecrets(),
  };
  return buildReport(input);
}
