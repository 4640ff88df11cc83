/** What the page needs of the Thorbis entity-aware seed: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import type { ChunkSizes } from "../../entities/chunkEnd";
import { validateDictionary } from "../../entities/dictionary";
import type { DictionaryEntry } from "../../entities/types";

export interface EntityConfig extends ChunkSizes {
  preserve_entities: boolean;
  entity_back_refs: boolean;
  respect_boundaries: boolean;
  /** The user dictionary (a workbench addition; the seed has no such key). */
  dictionary: DictionaryEntry[];
}

const ENTITY_DEFAULTS: EntityConfig = {
  target_size: 800,
  min_size: 500,
  max_size: 1200,
  overlap_chars: 100,
  preserve_entities: true,
  entity_back_refs: true,
  respect_boundaries: true,
  dictionary: [],
};

export const entityMeta: ChunkerMeta<EntityConfig> = {
  id: "entity",
  label: "Entity-aware",
  source: "entity-aware-chunking-policy.md",
  description:
    "Chunks of about target_size characters ending at the sentence or section boundary closest to it, never splitting an entity (dictionary, dates, money, emails, phones, people, places, organizations) unless min_size forces it; overlap_chars carried back; entity back-references, confidence and the seed's five quality metrics per chunk.",
  defaults: ENTITY_DEFAULTS,
  params: [
    {
      key: "target_size",
      label: "Target size (chars)",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 10,
      help: "A chunk ends at the boundary closest to start + target_size (seed: 800).",
    },
    {
      key: "min_size",
      label: "Min size (chars)",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 10,
      help: "Only boundaries beyond start + min_size count, and no chunk ends earlier — even inside an entity, then flagged entity-split (seed: 500).",
    },
    {
      key: "max_size",
      label: "Max size (chars)",
      type: "int",
      min: 1,
      max: 1_000_000,
      step: 10,
      help: "Boundaries and entity ends beyond start + max_size are not taken (seed: 1200).",
    },
    {
      key: "overlap_chars",
      label: "Overlap (chars)",
      type: "int",
      min: 0,
      max: 999_999,
      step: 10,
      help: "The next chunk starts this many characters before the previous chunk's end (seed: 100).",
    },
    {
      key: "preserve_entities",
      label: "Preserve entities",
      type: "boolean",
      help: "A chunk end inside an entity moves to the entity's end (if within max_size) or to its start (seed: true).",
    },
    {
      key: "entity_back_refs",
      label: "Entity back-references",
      type: "boolean",
      help: "Each chunk lists up to three other chunks per entity mention that mention it too, by relevance (seed: true).",
    },
    {
      key: "respect_boundaries",
      label: "Respect boundaries",
      type: "boolean",
      help: "Chunks end at sentence, paragraph or section boundaries; off: at start + target_size (seed: true). The seed names paragraphs and sections; sentence ends count too (workbench decision).",
    },
    {
      key: "dictionary",
      label: "Entity dictionary",
      type: "structured",
      editor: "entity-dictionary",
      seedSilent: true,
      help: "Your own entities as {name, type} entries, type one of customer, service, product, location, technician, procedure; matched case-insensitively as whole words and preferred over pattern and NLP matches. The seed has no such key (its extractor is a black box): a workbench addition.",
    },
  ],
  presets: [
    {
      name: "Seed default (800 / 500–1200)",
      config: {
        target_size: 800,
        min_size: 500,
        max_size: 1200,
        overlap_chars: 100,
        preserve_entities: true,
        entity_back_refs: true,
        respect_boundaries: true,
      },
    },
  ],
  check(config) {
    const problems: ConfigProblem[] = [];
    if (config.min_size > config.target_size)
      problems.push({ key: "min_size", message: `must not exceed target_size (${config.target_size})` });
    if (config.target_size > config.max_size)
      problems.push({ key: "target_size", message: `must not exceed max_size (${config.max_size})` });
    if (config.overlap_chars >= config.min_size)
      problems.push({
        key: "overlap_chars",
        message: `must be smaller than min_size (${config.min_size}), or chunks stop advancing; 0 means no overlap`,
      });
    for (const p of validateDictionary(config.dictionary).problems) {
      problems.push({
        key: "dictionary",
        message: p.index !== undefined ? `entry ${p.index}: ${p.message}` : p.message,
      });
    }
    return problems;
  },
  encodingOf: () => "cl100k_base",
};
