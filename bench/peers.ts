/**
 * Peers measured in the same run as ours (issue 27, DESIGN §12 keys), on the same text:
 * - `langchain_gpt_tokenizer_ms_per_mb`: LangChain's TokenTextSplitter (512/50) handed
 *   gpt-tokenizer's encoder (whose rank tables ours reads) instead of js-tiktoken, its merge cache
 *   cleared before each run, as ours are for the true cold figure; and
 *   `langchain_our_tokenizer_ms_per_mb`: the same splitter handed the workbench's own tokenizer
 *   (core/text/bpeEncode), its caches forgotten the same way — the splitter's own cost beside ours;
 * - `langchain_recursive_chars_ms_per_mb`: LangChain's RecursiveCharacterTextSplitter by characters
 *   (2000/200), against ours with `length_unit: "chars"`: `recursive_chars_cold_ms_per_mb` (a new
 *   document object and a new run context each run, so no encoding or per-document table is
 *   reused; the tokenizer's module stays loaded) and `recursive_chars_warm_ms_per_mb` (chunk_size
 *   moved on the same document, as a slider does).
 * Stage 1 only on our side (ranges, pages, boxes): what stands between a change and the boxes —
 * as the app asks for it, its token counts left to stage 2 (`deferTokens`: a run in characters
 * draws its boxes without encoding the document).
 */
import { RecursiveCharacterTextSplitter, TokenTextSplitter } from "@langchain/textsplitters";
import * as gptTokenizer from "gpt-tokenizer/encoding/cl100k_base";
import type { Tiktoken } from "js-tiktoken/lite";
import type { DocModel } from "../src/core/document";
import { createRunContext, runRanges } from "../src/core/engine";
import { EncodedTextCache } from "../src/core/text/encodedText";
import { loadTokenizer } from "../src/core/text/tokenizer";

const CHARS = { chunk_size: 2000, chunk_overlap: 200, length_unit: "chars" } as const;
/** The app's stage 1 (host RunRequest.deferTokens). */
const APP = { deferTokens: true };

export async function benchPeers(doc: DocModel, medianMs: (fn: () => Promise<unknown>) => Promise<number>) {
  const mb = new TextEncoder().encode(doc.text).length / 1e6;
  const perMb = (ms: number) => Math.round((ms / mb) * 10) / 10;

  const tokenizer = await loadTokenizer("cl100k_base");
  // The splitter calls only encode and decode of the encoder it holds (a private field in its
  // types, the documented way to hand it one): another encoder behind js-tiktoken's shape.
  const splitterWith = (encoder: Pick<Tiktoken, "encode" | "decode">) => {
    const splitter = new TokenTextSplitter({ encodingName: "cl100k_base", chunkSize: 512, chunkOverlap: 50 });
    (splitter as unknown as { tokenizer: Pick<Tiktoken, "encode" | "decode"> }).tokenizer = encoder;
    return splitter;
  };
  const noSpecial = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
  const withGptTokenizer = splitterWith({
    encode: (text: string) => gptTokenizer.encode(text, noSpecial),
    decode: (ids: number[]) => gptTokenizer.decode(ids),
  });
  const withOurs = splitterWith({
    encode: (text: string) => tokenizer.encode(text),
    decode: (ids: number[]) => tokenizer.decode(ids),
  });
  // Cold as ours is cold: each encoder's merge cache (and our count memo) cleared before each run
  // (without it, runs 2-5 read what run 1 taught the encoder).
  const langchainGpt = await medianMs(() => {
    gptTokenizer.clearMergeCache();
    return withGptTokenizer.splitText(doc.text);
  });
  const langchainOurs = await medianMs(() => {
    tokenizer.forget?.();
    return withOurs.splitText(doc.text);
  });

  const charSplitter = new RecursiveCharacterTextSplitter({ chunkSize: 2000, chunkOverlap: 200 });
  const langchainChars = await medianMs(() => charSplitter.splitText(doc.text));

  const cold = await medianMs(async () => {
    (await loadTokenizer("cl100k_base")).forget?.();
    return runRanges(
      { ...doc },
      "recursive",
      CHARS,
      createRunContext(undefined, new EncodedTextCache()),
      APP,
    );
  });
  const ctx = createRunContext(undefined, new EncodedTextCache());
  await runRanges(doc, "recursive", CHARS, ctx, APP);
  let size = CHARS.chunk_size;
  const warm = await medianMs(() => runRanges(doc, "recursive", { ...CHARS, chunk_size: ++size }, ctx, APP));

  return {
    langchain_gpt_tokenizer_ms_per_mb: perMb(langchainGpt),
    langchain_our_tokenizer_ms_per_mb: perMb(langchainOurs),
    langchain_recursive_chars_ms_per_mb: perMb(langchainChars),
    recursive_chars_cold_ms_per_mb: perMb(cold),
    recursive_chars_warm_ms_per_mb: perMb(warm),
    recursive_chars_goals: {
      cold_le_2x_langchain: cold <= 2 * langchainChars,
      warm_le_1x_langchain: warm <= langchainChars,
    },
  };
}
