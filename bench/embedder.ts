/**
 * The local GloVe embedder (issue 19, DESIGN §11): `embedder_load_ms_node`, reading and checking
 * the asset in Node (read, SHA-256, parse; median of the repeats), and on the 352-page book every
 * 3-sentence window late-embedding would embed — `embed_windows_cold_ms` (a new embedder: SIF
 * averages of the document's sentences, their common component, then every window) and
 * `embed_windows_warm_ms` (the same windows again, as a threshold drag asks for them). Beside them,
 * the lexical TF-IDF embedder on the same windows, for comparison.
 */
import type { DocModel } from "../src/core/document";
import { sentenceWindows } from "../src/core/chunkers/late-embedding/run";
import { createLexicalEmbedder } from "../src/core/providers/lexical";
import { createStaticEmbedder } from "../src/core/providers/staticEmbedder";
import { loadWordVectors, type WordVectors } from "../src/core/providers/wordVectors";
import { WORD_VECTORS_ASSET } from "../src/core/providers/wordVectorsAsset";
import { noesisSentences } from "../src/core/text/noesisSentences";
import { readWordVectorsFile } from "../src/cli/wordVectorsFile";

const WINDOW_SIZE = 3;
const round = (v: number) => Math.round(v * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

export async function benchEmbedder(doc: DocModel, repeats: number) {
  const loads: number[] = [];
  let vectors: WordVectors | undefined;
  let loadGrowth: { heap_mb: number; array_buffers_mb: number } | null = null;
  // What one loaded asset holds (its typed arrays and its word map): the worker's growth from it.
  const before = process.memoryUsage();
  for (let i = 0; i < Math.max(1, repeats); i++) {
    const t0 = performance.now();
    vectors = await loadWordVectors(
      await readWordVectorsFile(WORD_VECTORS_ASSET.file),
      WORD_VECTORS_ASSET.sha256,
    );
    loads.push(performance.now() - t0);
    if (i === 0) {
      const after = process.memoryUsage();
      loadGrowth = {
        heap_mb: mb(after.heapUsed - before.heapUsed),
        array_buffers_mb: mb(after.arrayBuffers - before.arrayBuffers),
      };
    }
  }
  const sentences = noesisSentences(doc.text).map((s) => doc.text.slice(s.start, s.end));
  const windows = sentenceWindows(sentences, WINDOW_SIZE);

  const t0 = performance.now();
  const embedder = createStaticEmbedder(vectors!, sentences);
  await embedder.embed(windows);
  const cold = performance.now() - t0;
  const warm = median(
    await Promise.all(
      Array.from({ length: Math.max(1, repeats) }, async () => {
        const t = performance.now();
        await embedder.embed(windows);
        return performance.now() - t;
      }),
    ),
  );

  const t1 = performance.now();
  await createLexicalEmbedder(sentences).embed(windows);
  const lexicalCold = performance.now() - t1;

  return {
    embedder_load_ms_node: round(median(loads)),
    embed_windows_cold_ms: round(cold),
    embed_windows_warm_ms: round(warm),
    embedder: {
      asset: WORD_VECTORS_ASSET.file,
      asset_bytes: WORD_VECTORS_ASSET.bytes,
      on: doc.name,
      sentences: sentences.length,
      windows: windows.length,
      component: embedder.component,
      coverage_percent: round(embedder.coverage * 100),
      lexical_embed_windows_cold_ms: round(lexicalCold),
      // Rough (no forced GC): the file's bytes are among the array buffers until collected.
      one_load_growth: loadGrowth,
    },
  };
}
