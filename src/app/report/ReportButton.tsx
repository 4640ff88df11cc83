/**
 * The stakeholder report (DESIGN §10, `report-button`): one self-contained HTML file of the
 * document on screen — chunker and config, scores, eval metrics, compare's A and B, the sweep's
 * Pareto plot and the picked pages with their boxes. The pages are typed beside the button
 * ("1-3, 7"); left empty, the selected chunk's pages and those with the most flagged or differing
 * chunks (never a blank one). The button counts the pages as they render.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { defaultReportPages, parsePageSelection } from "../../core/report/pages";
import { uiText } from "../../host/errors";
import "./report.css";

// The report's writer pulls in core/export (its YAML and TOML writers) and core/report: loaded on
// the first click, like the export dialog, so none of it weighs on the first paint.
const loadReportModule = () => import("./gatherReport");

type Status =
  | { kind: "idle" }
  | { kind: "running"; done: number; total: number }
  | { kind: "saved"; fileName: string }
  | { kind: "error"; message: string };

function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, "") || name;
}

function download(html: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([html], { type: "text/html;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoking at once can cancel a download the browser has not started reading yet.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

export function ReportButton() {
  const client = useQueryClient();
  const [pagesText, setPagesText] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inputId = useId();
  const statusId = useId();
  const running = status.kind === "running";

  const start = async () => {
    if (running) return;
    let report: Awaited<ReturnType<typeof loadReportModule>>;
    try {
      report = await loadReportModule();
    } catch (err) {
      setStatus({ kind: "error", message: `The report could not be loaded: ${uiText(err)}` });
      return;
    }
    const gathered = report.gatherReportSources(client);
    if (!gathered.ok) {
      setStatus({ kind: "error", message: `No report yet: ${gathered.reason}.` });
      return;
    }
    const { sources } = gathered;
    const pageCount = sources.doc.pages.length;
    let pages = defaultReportPages(pageCount, sources.selectedChunkPages, {
      notable: sources.notablePages,
      blank: sources.blankPages,
    });
    if (pagesText.trim() !== "") {
      const picked = parsePageSelection(pagesText, pageCount);
      if (!picked.ok) {
        setStatus({ kind: "error", message: `Pages: ${picked.error}.` });
        return;
      }
      pages = picked.pages;
    }
    setStatus({ kind: "running", done: 0, total: pages.length });
    try {
      const html = await report.makeReport(client, sources, pages, (done, total) =>
        setStatus({ kind: "running", done, total }),
      );
      const fileName = `${baseName(sources.source.name)}.${sources.a.chunker}.report.html`;
      download(html, fileName);
      setStatus({ kind: "saved", fileName });
    } catch (err) {
      // Shown beside the button: a config the export refuses, a page pdf.js cannot draw.
      setStatus({ kind: "error", message: `The report could not be made: ${uiText(err)}` });
    }
  };

  return (
    <div className="report-control" role="group" aria-label="Stakeholder report">
      <label htmlFor={inputId} className="report-pages-label">
        Report pages
      </label>
      <input
        id={inputId}
        className="report-pages"
        data-testid="report-pages"
        type="text"
        inputMode="numeric"
        value={pagesText}
        onChange={(e) => setPagesText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === "Enter" && void start()}
        placeholder="auto"
        title="Pages to show in the report, e.g. 1-3, 7. Empty: the selected chunk's pages and those with the most flagged or differing chunks."
        aria-describedby={statusId}
        size={9}
      />
      <button
        type="button"
        data-testid="report-button"
        onClick={() => void start()}
        aria-busy={running}
        aria-disabled={running}
        title="Download a self-contained HTML report of this run for stakeholders (opens offline)"
      >
        {running ? `Report… ${status.done}/${status.total}` : "Report"}
      </button>
      <span
        id={statusId}
        className={`report-status${status.kind === "error" ? " error" : ""}`}
        role="status"
        data-testid="report-status"
      >
        {status.kind === "error"
          ? status.message
          : status.kind === "saved"
            ? `Saved ${status.fileName}`
            : status.kind === "running"
              ? `Rendering page ${Math.min(status.done + 1, status.total)} of ${status.total}`
              : ""}
      </span>
    </div>
  );
}
