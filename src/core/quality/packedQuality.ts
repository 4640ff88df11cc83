/**
 * A run's quality scores as they cross from the engine worker to the page: the per-chunk scores in
 * typed arrays whose buffers are transferred, like the chunks themselves (core/packedChunks).
 * Structured clone of 150,000 score objects, sent twice (scores, then again with coherence), was
 * ~160 ms of main-thread work each; a few buffer moves and one loop that builds them back is ~15.
 */
import type { QualityFlag } from "./definitions";
import type { ChunkQuality, RunQuality } from "./runQuality";
import type { SizeUnit } from "./sizeRules";

interface PackedChunkQuality {
  size: Float64Array;
  /** Index into `units`. */
  unit: Uint8Array;
  units: SizeUnit[];
  endsAtSentence: Uint8Array;
  overlapChars: Int32Array;
  /** NaN where a chunk has no coherence. */
  coherence: Float64Array;
  /** Only the chunks with flags: their indices and flags. */
  flagged: Int32Array;
  flags: QualityFlag[][];
}

export type PackedRunQuality = Omit<RunQuality, "chunks"> & { chunks: PackedChunkQuality };

export function packQuality(quality: RunQuality): PackedRunQuality {
  const { chunks, ...rest } = quality;
  const n = chunks.length;
  const size = new Float64Array(n);
  const unit = new Uint8Array(n);
  const units: SizeUnit[] = [];
  const endsAtSentence = new Uint8Array(n);
  const overlapChars = new Int32Array(n);
  const coherence = new Float64Array(n);
  const flaggedAt: number[] = [];
  const flags: QualityFlag[][] = [];
  for (let i = 0; i < n; i++) {
    const q = chunks[i]!;
    size[i] = q.size;
    let u = units.indexOf(q.unit);
    if (u < 0) u = units.push(q.unit) - 1;
    unit[i] = u;
    endsAtSentence[i] = q.endsAtSentence ? 1 : 0;
    overlapChars[i] = q.overlapChars;
    coherence[i] = q.coherence ?? NaN;
    if (q.flags.length > 0) {
      flaggedAt.push(i);
      flags.push(q.flags);
    }
  }
  return {
    ...rest,
    chunks: {
      size,
      unit,
      units,
      endsAtSentence,
      overlapChars,
      coherence,
      flagged: Int32Array.from(flaggedAt),
      flags,
    },
  };
}

export function packedQualityTransferables(packed: PackedRunQuality): ArrayBuffer[] {
  const c = packed.chunks;
  return [c.size, c.unit, c.endsAtSentence, c.overlapChars, c.coherence, c.flagged].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

const NO_FLAGS: QualityFlag[] = [];

export function unpackQuality(packed: PackedRunQuality): RunQuality {
  const { chunks: c, ...rest } = packed;
  const n = c.size.length;
  const chunks = new Array<ChunkQuality>(n);
  let f = 0;
  for (let i = 0; i < n; i++) {
    const hasFlags = f < c.flagged.length && c.flagged[f] === i;
    const q: ChunkQuality = {
      size: c.size[i]!,
      unit: c.units[c.unit[i]!]!,
      endsAtSentence: c.endsAtSentence[i] === 1,
      overlapChars: c.overlapChars[i]!,
      flags: hasFlags ? c.flags[f++]! : NO_FLAGS,
    };
    if (!Number.isNaN(c.coherence[i]!)) q.coherence = c.coherence[i]!;
    chunks[i] = q;
  }
  return { ...rest, chunks };
}
