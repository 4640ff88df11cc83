/**
 * What kind of document a file is — decided once, here, for the page, the engine worker and the
 * CLI alike: by its extension, and for a file without a known one, by a PDF header in its bytes.
 */
export type DocumentKind = "pdf" | "markdown" | "text";

export function detectKind(name: string, bytes: Uint8Array): DocumentKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".pdf")) return "pdf";
  if (lower.endsWith(".md") || lower.endsWith(".markdown")) return "markdown";
  if (lower.endsWith(".txt")) return "text";
  return looksLikePdf(bytes) ? "pdf" : null;
}

/** True when "%PDF" occurs within the first 1024 bytes (where readers accept the header). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024) - 4;
  for (let i = 0; i <= end; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46) {
      return true;
    }
  }
  return false;
}

/** The extension of a file name as the messages quote it ("(none)" without one). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

export const ACCEPTED_FILES = ".pdf,.md,.markdown,.txt,application/pdf,text/markdown,text/plain";
