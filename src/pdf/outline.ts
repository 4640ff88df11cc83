/**
 * The PDF outline (bookmarks) flattened and resolved to pages: named destinations looked up, page
 * references turned into page numbers, the destination's top (if it has one) kept in user space.
 */

/** The pdf.js document methods used here (PDFDocumentProxy satisfies it). */
export interface OutlineSource {
  getOutline(): Promise<OutlineNode[] | null>;
  // pdf.js types explicit destinations as any[]: entries are a page ref, a fit name, then numbers.
  getDestination(id: string): Promise<unknown[] | null>;
  getPageIndex(ref: { num: number; gen: number }): Promise<number>;
}

interface OutlineNode {
  title: string;
  // pdf.js: a named destination (string), an explicit one (array), or null for URL/action entries.
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

/** An outline entry on a page; `x`/`y` are the destination's left/top in PDF user space, if given. */
export interface ResolvedEntry {
  title: string;
  depth: number;
  pageIndex: number;
  x: number | null;
  y: number | null;
}

interface FlatEntry {
  title: string;
  depth: number;
  dest: string | unknown[] | null;
}

function flatten(nodes: readonly OutlineNode[], depth: number, out: FlatEntry[]): void {
  for (const node of nodes) {
    out.push({ title: node.title, depth, dest: node.dest });
    if (node.items?.length) flatten(node.items, depth + 1, out);
  }
}

function isRef(value: unknown): value is { num: number; gen: number } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { num?: unknown }).num === "number" &&
    typeof (value as { gen?: unknown }).gen === "number"
  );
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Left/top of an explicit destination: [page, /XYZ left top zoom], [page, /FitH top], [page, /FitR l b r t]… */
function position(dest: readonly unknown[]): { x: number | null; y: number | null } {
  const kind = (dest[1] as { name?: unknown } | undefined)?.name;
  switch (kind) {
    case "XYZ":
      return { x: num(dest[2]), y: num(dest[3]) };
    case "FitH":
    case "FitBH":
      return { x: null, y: num(dest[2]) };
    case "FitV":
    case "FitBV":
      return { x: num(dest[2]), y: null };
    case "FitR":
      return { x: num(dest[2]), y: num(dest[5]) };
    default:
      return { x: null, y: null };
  }
}

/**
 * All outline entries in order with their depth (1 = top level) and page. Entries whose destination
 * cannot be resolved (URL actions, dangling names, bad references) are left out and reported.
 */
export async function resolveOutline(
  pdf: OutlineSource,
  warn: (message: string) => void,
): Promise<ResolvedEntry[]> {
  const outline = await pdf.getOutline();
  if (!outline || outline.length === 0) return [];
  const flat: FlatEntry[] = [];
  flatten(outline, 1, flat);
  const resolved = await Promise.all(
    flat.map(async (entry): Promise<ResolvedEntry | null> => {
      try {
        const dest = typeof entry.dest === "string" ? await pdf.getDestination(entry.dest) : entry.dest;
        if (!Array.isArray(dest) || dest.length === 0) return null;
        const target = dest[0];
        let pageIndex: number | null = null;
        if (isRef(target)) pageIndex = await pdf.getPageIndex(target);
        else if (typeof target === "number" && Number.isInteger(target)) pageIndex = target;
        if (pageIndex === null) return null;
        return { title: entry.title, depth: entry.depth, pageIndex, ...position(dest) };
      } catch (err) {
        // One bad bookmark must not cost the others: skip it and say so.
        warn(`outline entry "${entry.title}" skipped: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    }),
  );
  return resolved.filter((e): e is ResolvedEntry => e !== null);
}
