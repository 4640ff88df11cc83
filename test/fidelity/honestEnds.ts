/**
 * Honest chunk ends as the seed fidelity issue defines them (../shared/tools/boundary-check.mjs):
 * an unflagged chunk ends at a sentence end (. ! ? : ; … and closing quotes or brackets), a
 * paragraph end, a heading start, or the end of the text. A bare line wrap is not a boundary.
 */
import type { Chunk } from "../../src/core/chunk";
import type { DocModel } from "../../src/core/document";

const EXCUSES = new Set(["mid-sentence-cut", "entity-split", "truncated"]);

export interface HonestEnds {
  judged: number;
  honest: number;
  share: number;
  flaggedShare: number;
  examples: string[];
}

export function honestEnds(doc: DocModel, chunks: readonly Chunk[]): HonestEnds {
  const headingStarts = doc.headings.map((h) => h.start);
  let judged = 0;
  let honest = 0;
  const examples: string[] = [];
  for (const c of chunks) {
    if (c.flags.some((f) => EXCUSES.has(f))) continue;
    judged++;
    const before = doc.text.slice(Math.max(0, c.end - 200), c.end).replace(/\s+$/u, "");
    const ws = /^\s*/u.exec(doc.text.slice(c.end))![0];
    const next = c.end + ws.length;
    const ok =
      /[.!?:;…]["'”’)\]]*$/u.test(before) ||
      ws.includes("\n\n") ||
      next >= doc.text.length ||
      headingStarts.some((h) => h > c.end - 1 && h <= next);
    if (ok) honest++;
    else if (examples.length < 5) examples.push(`${before.slice(-40)}‖${doc.text.slice(c.end, c.end + 30)}`);
  }
  const flagged = chunks.length - judged;
  return {
    judged,
    honest,
    share: judged ? honest / judged : 1,
    flaggedShare: chunks.length ? flagged / chunks.length : 0,
    examples,
  };
}
