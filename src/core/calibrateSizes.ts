/**
 * The calibrator's other half (issue 32): the chunk sizes a config yields, in the chunker's own size
 * unit, without boxes or scores — each threshold choice is one chunker call on the document. Hosts
 * only: it runs chunkers.
 */
import type { RunContext } from "./chunk";
import { getChunker } from "./chunkers/registry";
import { validConfig } from "./config";
import type { DocModel } from "./document";
import { sizeRules, type SizeRule } from "./quality/sizeRules";
import { exactTokenCount } from "./text/exactCount";

export interface ChoiceSizes {
  /** Each chunk's size in rule.unit, in document order (parents of a two-level chunker left out). */
  sizes: number[];
  rule: SizeRule;
}

const utf8 = new TextEncoder();

export async function choiceSizes(
  doc: DocModel,
  chunker: string,
  configInput: unknown,
  ctx: RunContext,
): Promise<ChoiceSizes> {
  const spec = getChunker(chunker);
  const config = validConfig(spec, configInput);
  const out = await spec.chunk(doc, config, ctx);
  const rule = sizeRules(chunker, config as Record<string, unknown>)[0]!;
  const drafts = out.drafts.filter((d) => d.level !== "parent");
  let measure: (start: number, end: number) => number;
  if (rule.unit === "tokens") {
    const tokenizer = await ctx.tokenizer(spec.encodingOf(config));
    const encoded = ctx.encoded.get(doc.id, tokenizer, doc.text);
    measure = (start, end) => exactTokenCount(tokenizer, encoded, doc.text, start, end);
  } else if (rule.unit === "bytes") measure = (start, end) => utf8.encode(doc.text.slice(start, end)).length;
  else measure = (start, end) => end - start;
  return { sizes: drafts.map((d) => measure(d.start, d.end)), rule };
}
