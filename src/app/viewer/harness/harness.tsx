/**
 * Dev-only harness for PdfViewer (not part of the build): `npx vite --port 5180`, then open
 * http://127.0.0.1:5180/src/app/viewer/harness/index.html?file=/sample.pdf&chunk_size=64
 *
 * It extracts the DocModel and runs the token chunker on the main thread (fine for a harness),
 * and shows a bare chunk list beside the viewer so clicks in the list drive `scrollTarget`.
 * `data-testid="harness-status"` reads "ready" once the pages and chunks are in. Other parameters:
 * `overlap`, `canvas=0` (no pdf.js drawing, to time the viewer alone), `boxes=0` (no chunk boxes).
 */
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { Chunk } from "../../../core/chunk";
import type { DocModel } from "../../../core/document";
import { createRunContext, runChunker } from "../../../core/engine";
import { extractPdfBytes } from "../../../pdf/browser";
import { openPdfForRendering } from "../loadPdf";
import { pageCitation } from "../pageBoxes";
import { PdfViewer, type HierarchyView } from "../PdfViewer";
import type { ZoomState } from "../zoom";

interface Loaded {
  doc: DocModel;
  pdf: PDFDocumentProxy;
  chunks: Chunk[];
}

const params = new URLSearchParams(location.search);
const fileUrl = params.get("file") ?? "/sample.pdf";
const chunkSize = Number(params.get("chunk_size") ?? 64);
const overlap = Number(params.get("overlap") ?? 0);
/** `?canvas=0` shows placeholders and boxes only: separates the viewer's own cost from pdf.js's. */
const drawCanvas = params.get("canvas") !== "0";
/** `?boxes=0` draws no chunk boxes (the chunker still runs). */
const drawBoxes = params.get("boxes") !== "0";

async function load(): Promise<Loaded> {
  const response = await fetch(fileUrl);
  if (!response.ok) throw new Error(`${fileUrl}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const name = fileUrl.split("/").pop() ?? "document.pdf";
  const [doc, pdf] = await Promise.all([extractPdfBytes(bytes, { name }), openPdfForRendering(bytes)]);
  const run = await runChunker(doc, "token", { chunk_size: chunkSize, overlap }, createRunContext());
  return { doc, pdf, chunks: run.chunks };
}

function Harness() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState<ZoomState>({ mode: "fit-width" });
  const [hierarchyView, setHierarchyView] = useState<HierarchyView>("both");
  const [selected, setSelected] = useState<string | null>(null);
  const [scrollTarget, setScrollTarget] = useState<{ chunkId: string; nonce: number } | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (result) => {
        if (live) setLoaded(result);
        else void result.pdf.destroy();
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const selectFromList = (id: string) => {
    setSelected(id);
    setScrollTarget((prev) => ({ chunkId: id, nonce: (prev?.nonce ?? 0) + 1 }));
  };

  const status = error ? `error: ${error}` : loaded ? "ready" : "loading";
  return (
    <div style={{ display: "flex", height: "100%", font: "13px system-ui, sans-serif" }}>
      <aside style={{ width: 260, overflow: "auto", borderRight: "1px solid #ccc", padding: 6 }}>
        <div data-testid="harness-status">{status}</div>
        <div>
          {loaded?.chunks.length ?? 0} chunks, selected:{" "}
          <span data-testid="harness-selected">{selected ?? "none"}</span>
        </div>
        {loaded?.chunks.map((chunk) => (
          <button
            key={chunk.id}
            type="button"
            data-testid="harness-chunk"
            data-chunk-id={chunk.id}
            onClick={() => selectFromList(chunk.id)}
            style={{
              display: "block",
              width: "100%",
              textAlign: "left",
              fontWeight: chunk.id === selected ? 700 : 400,
            }}
          >
            #{chunk.index} {pageCitation(chunk.pages)} · {chunk.tokens} tok
          </button>
        ))}
      </aside>
      <main style={{ flex: 1, minWidth: 0 }}>
        <PdfViewer
          pdf={drawCanvas ? (loaded?.pdf ?? null) : null}
          pages={loaded?.doc.pages ?? []}
          chunks={drawBoxes ? (loaded?.chunks ?? []) : []}
          selectedChunkId={selected}
          onSelectChunk={setSelected}
          scrollTarget={scrollTarget}
          zoom={zoom}
          onZoomChange={setZoom}
          hierarchyView={hierarchyView}
          onHierarchyViewChange={setHierarchyView}
        />
      </main>
    </div>
  );
}

const container = document.getElementById("root");
if (!container) throw new Error("harness page has no #root");
createRoot(container).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
