/**
 * Peer frameworks' chunkers (issue 32, DESIGN §11 keys): each framework's own JavaScript
 * implementation on the book's text in the same run as ours, and how ours scale.
 * - `langchain_character_ms`: @langchain/textsplitters' CharacterTextSplitter at its defaults (ours:
 *   `langchain-character_warm_ms` / `_cold_ms` from the chunker pass);
 * - `chonkie_sentence_ms`, `chonkie_semantic_ms`: @chonkiejs/core's SentenceChunker and
 *   SemanticChunker at their defaults, the semantic one given the app's default embedder (GloVe,
 *   fitted on this document, vectors already made — as ours reads them warm);
 * - langchain-semantic has no JavaScript implementation (langchain_experimental is Python): no peer.
 * - `<id>_scaling_10x`: our warm run on the whole text over the same on its first tenth (plain text,
 *   ranges only; `_text_ratio` the two texts' lengths, ~10), for each peer chunker — never quadratic
 *   (`_never_quadratic`) means ≤ 1.2 × the text ratio;
 * - `llamaindex_sentence_64k_chars_ms`: LlamaIndex TS's SentenceSplitter once on the book's first
 *   64,000 characters (it is quadratic: the whole book takes about a minute), beside ours on the same.
 */
import { CharacterTextSplitter } from "@langchain/textsplitters";
import { SemanticChunker, SentenceChunker } from "@chonkiejs/core";
import { SentenceSplitter } from "@llamaindex/core/node-parser";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import type { RunContext } from "../src/core/chunk";
import { type DocModel, textDocModel } from "../src/core/document";
import { createRunContext, runRanges } from "../src/core/engine";
import { type LocalEmbedderSetting, localEmbedderForDocument } from "../src/core/providers/localEmbedder";

const PEER_CHUNKERS = [
  "langchain-character",
  "langchain-semantic",
  "chonkie-sentence",
  "chonkie-semantic",
  "llamaindex-sentence",
  "llamaindex-semantic",
] as const;

export async function benchFrameworks(
  doc: DocModel,
  medianMs: (fn: () => Promise<unknown>) => Promise<number>,
  glove: LocalEmbedderSetting,
) {
  const out: Record<string, unknown> = {};
  const character = new CharacterTextSplitter();
  // LangChain warns on stderr for every chunk over its size (hundreds on the book): quiet while timed.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    out.langchain_character_ms = round(await medianMs(() => character.splitText(doc.text)));
  } finally {
    console.warn = warn;
  }
  const sentence = await SentenceChunker.create();
  out.chonkie_sentence_ms = round(await medianMs(() => sentence.chunk(doc.text)));
  const { embedder } = await localEmbedderForDocument(doc, glove);
  // Chonkie's types ask for number[][]; it only indexes the vectors, so typed arrays are handed as they are.
  const semantic = await SemanticChunker.create({
    embeddings: async (texts: string[]) => (await embedder.embed(texts)) as unknown as number[][],
  });
  await semantic.chunk(doc.text);
  out.chonkie_semantic_ms = round(await medianMs(() => semantic.chunk(doc.text)));

  // LlamaIndex TS's SentenceSplitter is quadratic (53 s on the book at 512, measured by issue 32):
  // timed once, on the book's first 64k characters, with the same cl100k tokenizer ours counts with.
  const tiktoken = new Tiktoken(cl100k);
  const llamaindex = new SentenceSplitter({
    chunkSize: 1024,
    chunkOverlap: 200,
    tokenizer: {
      encode: (t: string) => new Uint32Array(tiktoken.encode(t)),
      decode: (ids: Uint32Array) => tiktoken.decode([...ids]),
    },
  });
  const head = doc.text.slice(0, 64_000);
  const started = performance.now();
  llamaindex.splitText(head);
  out.llamaindex_sentence_64k_chars_ms = round(performance.now() - started);
  const headDoc = textDocModel("llamaindex-64k", "head.txt", head);
  const headCtx: RunContext = { ...createRunContext() };
  await runRanges(headDoc, "llamaindex-sentence", {}, headCtx);
  out["llamaindex-sentence_64k_chars_ms"] = round(
    await medianMs(() =>
      runRanges(headDoc, "llamaindex-sentence", { chunk_size: (1000 + Math.random() * 40) | 0 }, headCtx),
    ),
  );

  // Scaling: the same chunker, warm, on a tenth of the text and on all of it.
  const text = doc.text;
  const tenth = text.slice(
    0,
    text.lastIndexOf("\n\n", Math.floor(text.length / 10)) + 1 || Math.floor(text.length / 10),
  );
  for (const id of PEER_CHUNKERS) {
    const timeOn = async (t: string) => {
      const small = textDocModel(`scale-${id}-${t.length}`, "scale.txt", t);
      const ctx: RunContext = { ...createRunContext(), localEmbedder: glove };
      await runRanges(small, id, {}, ctx);
      return medianMs(() => runRanges(small, id, {}, ctx));
    };
    const part = await timeOn(tenth);
    const whole = await timeOn(text);
    const ratio = whole / Math.max(part, 0.01);
    const textRatio = text.length / tenth.length;
    out[`${id}_scaling_10x`] = Math.round(ratio * 10) / 10;
    out[`${id}_text_ratio`] = Math.round(textRatio * 10) / 10;
    // "A 10× text ≤ 12× the time", for the text ratio the cut at a paragraph gives.
    out[`${id}_never_quadratic`] = ratio <= 1.2 * textRatio;
  }
  return out;
}

const round = (ms: number) => Math.round(ms * 10) / 10;
