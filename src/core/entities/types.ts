/**
 * The entity vocabulary of entity-aware-chunking-policy.md (its EntityReference and
 * EntityBackReference, field names as the seed spells them), widened by the types the workbench's
 * extractors find: the seed's six types are what a user dictionary may assign; NLP (compromise)
 * adds person and organization (its places map onto the seed's `location`); patterns add date,
 * money, email and phone.
 */

/** The seed's `entity_type` union: the only types a user dictionary entry may carry. */
export const DICTIONARY_ENTITY_TYPES = [
  "customer",
  "service",
  "product",
  "location",
  "technician",
  "procedure",
] as const;
export type DictionaryEntityType = (typeof DICTIONARY_ENTITY_TYPES)[number];

export type NlpEntityType = "person" | "location" | "organization";
export type PatternEntityType = "date" | "money" | "email" | "phone";
export type EntityType = DictionaryEntityType | NlpEntityType | PatternEntityType;

/** Which extractor found a mention; also its precedence when mentions overlap (dictionary first). */
export type EntitySource = "dictionary" | "pattern" | "nlp";

/** One entry of the user dictionary: a name to find (case-insensitively, as whole words) and its type. */
export interface DictionaryEntry {
  name: string;
  type: DictionaryEntityType;
}

/** The seed's EntityReference plus where it came from; offsets are [start, end) into DocModel.text. */
export interface EntityReference {
  /** `type:normalised name`, so every mention of one entity shares it (back-references match on it). */
  entity_id: string;
  entity_type: EntityType;
  /** The canonical name: the dictionary's spelling, else the mention with whitespace collapsed. */
  entity_name: string;
  /** Exactly doc.text.slice(start_offset, end_offset). */
  mention_text: string;
  start_offset: number;
  end_offset: number;
  confidence: number;
  source: EntitySource;
}

export type Relationship = "mentions" | "describes" | "references" | "defines";

/** The seed's EntityBackReference. */
export interface EntityBackReference {
  entity_id: string;
  entity_type: string;
  entity_name: string;
  relationship: Relationship;
  context_summary: string;
  relevance_score: number;
}

/**
 * Per-source confidence (the seed gives EntityReference a confidence but never says how it is set):
 * a user's dictionary entry is asserted, a pattern match is a fixed surface form, an NLP guess is
 * a guess.
 */
export const SOURCE_CONFIDENCE: Record<EntitySource, number> = {
  dictionary: 1,
  pattern: 0.9,
  nlp: 0.7,
};

/** The id every mention of one entity shares: type plus name lower-cased, whitespace collapsed. */
export function entityId(type: EntityType, name: string): string {
  return `${type}:${normalizeName(name).toLowerCase()}`;
}

export function normalizeName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}
