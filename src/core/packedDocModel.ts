/**
 * A document model as it crosses from the engine worker to the page once per open: its text runs
 * — one object per line piece, hundreds of thousands for a 2,415-page manual — in typed arrays
 * whose buffers are transferred, font names and directions as indices into short tables.
 * Structured clone of the R reference manual's runs was a 700 ms main-thread task at open; the
 * objects are rebuilt on the page in one loop.
 */
import type { DocModel, RunDirection, TextRun } from "./document";

interface PackedRuns {
  /** page, start, end per run. */
  ints: Int32Array;
  /** x0, y0, x1, y1, fontSize per run. */
  floats: Float64Array;
  /** Index into `fonts`. */
  font: Uint32Array;
  fonts: string[];
  /** 0 for no direction given, else 1 + index into DIRECTIONS. */
  dir: Uint8Array;
}

export type PackedDocModel = Omit<DocModel, "runs"> & { runs: PackedRuns };

const DIRECTIONS: readonly RunDirection[] = ["ltr", "rtl", "ttb", "btt"];

export function packDocModel(model: DocModel): PackedDocModel {
  const runs = model.runs;
  const n = runs.length;
  const ints = new Int32Array(n * 3);
  const floats = new Float64Array(n * 5);
  const font = new Uint32Array(n);
  const dir = new Uint8Array(n);
  const fonts: string[] = [];
  const fontIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const r = runs[i]!;
    ints[i * 3] = r.page;
    ints[i * 3 + 1] = r.start;
    ints[i * 3 + 2] = r.end;
    floats[i * 5] = r.x0;
    floats[i * 5 + 1] = r.y0;
    floats[i * 5 + 2] = r.x1;
    floats[i * 5 + 3] = r.y1;
    floats[i * 5 + 4] = r.fontSize;
    let f = fontIndex.get(r.fontName);
    if (f === undefined) {
      f = fonts.push(r.fontName) - 1;
      fontIndex.set(r.fontName, f);
    }
    font[i] = f;
    dir[i] = r.dir === undefined ? 0 : DIRECTIONS.indexOf(r.dir) + 1;
  }
  // Spread, then the key replaced in its place: the model's key order holds across the crossing.
  return { ...model, runs: { ints, floats, font, fonts, dir } };
}

export function packedDocModelTransferables(packed: PackedDocModel): ArrayBuffer[] {
  const r = packed.runs;
  return [r.ints, r.floats, r.font, r.dir].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The model back, its runs built when first read: the page reads them only to draw a hover or mark
 * an answer, and building 100,000+ run objects (with the collection after) was a 170 ms task when
 * the 2,415-page manual opened. The property is an ordinary enumerable one to every reader —
 * spread, JSON and structured clone build it as they read it.
 */
export function unpackDocModel(packed: PackedDocModel): DocModel {
  let runs: TextRun[] | null = null;
  // Let go once the objects are built: the engine worker keeps its models for the session.
  let packedRuns: PackedRuns | null = packed.runs;
  // Spread keeps the key order; the packed value is then replaced in its place by the accessor.
  const model: Record<string, unknown> = { ...packed };
  Object.defineProperty(model, "runs", {
    enumerable: true,
    configurable: true,
    get: () => {
      if (runs === null) {
        runs = unpackRuns(packedRuns!);
        packedRuns = null;
      }
      return runs;
    },
    set: (value: TextRun[]) => {
      runs = value;
      packedRuns = null;
    },
  });
  return model as unknown as DocModel;
}

function unpackRuns(p: PackedRuns): TextRun[] {
  const n = p.font.length;
  const runs = new Array<TextRun>(n);
  for (let i = 0; i < n; i++) {
    // Keys in extraction's order, so a model that went through here is JSON-identical.
    const run: TextRun = {
      page: p.ints[i * 3]!,
      start: p.ints[i * 3 + 1]!,
      end: p.ints[i * 3 + 2]!,
      x0: p.floats[i * 5]!,
      y0: p.floats[i * 5 + 1]!,
      x1: p.floats[i * 5 + 2]!,
      y1: p.floats[i * 5 + 3]!,
      fontSize: p.floats[i * 5 + 4]!,
      fontName: p.fonts[p.font[i]!]!,
    };
    const d = p.dir[i]!;
    if (d > 0) run.dir = DIRECTIONS[d - 1]!;
    runs[i] = run;
  }
  return runs;
}
