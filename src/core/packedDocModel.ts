/**
 * A document model's text runs — one object per line piece, hundreds of thousands for a 2,415-page
 * manual — in typed arrays, font names and directions as indices into short tables. The form
 * crosses threads (buffers transferred: structured clone of the R reference manual's runs was a
 * 700 ms main-thread task at open) and is the one the engine worker keeps: citations read it
 * directly (`packedRunsOf`), so a worker model's runs never become objects there. As objects they
 * took ~60 MB of the worker's heap on that manual (five boxed doubles each), twice over while the
 * extracted model and its furniture-free derivative were both held.
 */
import type { DocModel, RunDirection, TextRun } from "./document";

export interface PackedRuns {
  /** page, start, end per run. */
  ints: Int32Array;
  /** x0, y0, x1, y1, fontSize per run. */
  floats: Float64Array;
  /** Index into `fonts`. */
  font: Uint32Array;
  fonts: string[];
  /** 0 for no direction given, else 1 + index into RUN_DIRECTIONS. */
  dir: Uint8Array;
}

export type PackedDocModel = Omit<DocModel, "runs"> & { runs: PackedRuns };

const RUN_DIRECTIONS: readonly RunDirection[] = ["ltr", "rtl", "ttb", "btt"];

/** Packed runs of the models `unpackDocModel` made, while their objects have not been built. */
const heldPacked = new WeakMap<object, { packed: PackedRuns | null }>();
/** Runs arrays packed for a reader of the packed form (models built from objects: the CLI, tests). */
const packedArrays = new WeakMap<readonly TextRun[], PackedRuns>();

function packRuns(runs: readonly TextRun[]): PackedRuns {
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
    dir[i] = r.dir === undefined ? 0 : RUN_DIRECTIONS.indexOf(r.dir) + 1;
  }
  return { ints, floats, font, fonts, dir };
}

/**
 * A model's runs in packed form without building their objects: the packed runs an unpacked model
 * still holds, else its runs array packed (once per array).
 */
export function packedRunsOf(doc: Pick<DocModel, "runs">): PackedRuns {
  const held = heldPacked.get(doc)?.packed;
  if (held) return held;
  const runs = doc.runs;
  let packed = packedArrays.get(runs);
  if (!packed) {
    packed = packRuns(runs);
    packedArrays.set(runs, packed);
  }
  return packed;
}

/** Whether run `i` advances down or up the page ("ttb", "btt"), read from its packed direction. */
export function isVerticalRun(p: PackedRuns, i: number): boolean {
  const d = p.dir[i]!;
  return d > 0 && (RUN_DIRECTIONS[d - 1] === "ttb" || RUN_DIRECTIONS[d - 1] === "btt");
}

/** The number of runs, without building them. */
export function runCount(doc: Pick<DocModel, "runs">): number {
  return packedRunsOf(doc).font.length;
}

const copyRuns = (r: PackedRuns): PackedRuns => ({
  ints: r.ints.slice(),
  floats: r.floats.slice(),
  font: r.font.slice(),
  fonts: [...r.fonts],
  dir: r.dir.slice(),
});

/**
 * The model's keys in order, `runs` given as `runs` and the others from `changes` where it has them
 * (new keys after), without reading a lazy `runs`: spreading a model unpacks it.
 */
function rebuild<R>(model: DocModel, runs: R, changes: Partial<Omit<DocModel, "runs">> = {}) {
  const out: Record<string, unknown> = {};
  const source = model as unknown as Record<string, unknown>;
  const changed = changes as Record<string, unknown>;
  for (const key of Object.keys(model))
    out[key] = key === "runs" ? runs : key in changed ? changed[key] : source[key];
  for (const key of Object.keys(changed)) if (!(key in out)) out[key] = changed[key];
  return out;
}

/**
 * The model in its crossing form, with buffers of its own (a model whose runs are held packed
 * keeps them: the copy is what is transferred).
 */
export function packDocModel(model: DocModel): PackedDocModel {
  const held = heldPacked.get(model)?.packed;
  const runs = held ? copyRuns(held) : packRuns(model.runs);
  return rebuild(model, runs) as unknown as PackedDocModel;
}

export function packedDocModelTransferables(packed: PackedDocModel): ArrayBuffer[] {
  const r = packed.runs;
  return [r.ints, r.floats, r.font, r.dir].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The model back, its runs built when first read: the page reads them only to draw a hover or mark
 * an answer, and building 100,000+ run objects (with the collection after) was a 170 ms task when
 * the 2,415-page manual opened; the engine worker reads them packed. The property is an ordinary
 * enumerable one to every reader — spread, JSON and structured clone build it as they read it.
 */
export function unpackDocModel(packed: PackedDocModel): DocModel {
  return lazyModel(packed as unknown as Record<string, unknown>, packed.runs);
}

/**
 * `model` with other runs and fields, its runs held packed: the engine worker derives models
 * (furniture left out, another name) without building a run object.
 */
export function withPackedRuns(
  model: DocModel,
  runs: PackedRuns,
  changes: Partial<Omit<DocModel, "runs">> = {},
): DocModel {
  return lazyModel(rebuild(model, runs, changes), runs);
}

/** `model` with `changes`; runs still held packed stay packed and shared. */
export function withModelChanges(model: DocModel, changes: Partial<Omit<DocModel, "runs">>): DocModel {
  const held = heldPacked.get(model)?.packed;
  return held ? withPackedRuns(model, held, changes) : { ...model, ...changes };
}

function lazyModel(fields: Record<string, unknown>, packedRuns: PackedRuns): DocModel {
  let runs: TextRun[] | null = null;
  // Let go once the objects are built: the engine worker keeps its models for the session.
  const holder: { packed: PackedRuns | null } = { packed: packedRuns };
  // The fields keep their order; the packed value is replaced in its place by the accessor.
  const model: Record<string, unknown> = { ...fields };
  Object.defineProperty(model, "runs", {
    enumerable: true,
    configurable: true,
    get: () => {
      if (runs === null) {
        runs = unpackRuns(holder.packed!);
        holder.packed = null;
      }
      return runs;
    },
    set: (value: TextRun[]) => {
      runs = value;
      holder.packed = null;
    },
  });
  heldPacked.set(model, holder);
  return model as unknown as DocModel;
}

function unpackRuns(p: PackedRuns): TextRun[] {
  const n = p.font.length;
  const runs = new Array<TextRun>(n);
  for (let i = 0; i < n; i++) runs[i] = runAt(p, i);
  return runs;
}

/** Run `i` as an object, keys in extraction's order (a model that went through here is JSON-identical). */
export function runAt(p: PackedRuns, i: number): TextRun {
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
  if (d > 0) run.dir = RUN_DIRECTIONS[d - 1]!;
  return run;
}
