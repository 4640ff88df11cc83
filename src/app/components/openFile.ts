import type { DocumentKind } from "../../workers/extract.worker";

/** What kind of document a file is, by its name and, for a PDF without the extension, its bytes. */
export function documentKind(name: string, bytes: Uint8Array): DocumentKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".pdf")) return "pdf";
  if (lower.endsWith(".md") || lower.endsWith(".markdown")) return "markdown";
  if (lower.endsWith(".txt")) return "text";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-") ? "pdf" : null;
}

export const ACCEPTED_FILES = ".pdf,.md,.markdown,.txt,application/pdf,text/markdown,text/plain";
