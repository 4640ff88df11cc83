/**
 * Pattern entities (CHUNKERS.md: dates, money, emails, phone numbers): fixed surface forms found by
 * regular expressions. Forms are chosen to stay quiet on ordinary prose and technical text — a year
 * alone, a section number ("2.1.10") or a bare run of numbers is not an entity.
 */
import {
  entityId,
  normalizeName,
  SOURCE_CONFIDENCE,
  type EntityReference,
  type PatternEntityType,
} from "./types";

const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const DAY = "(?:3[01]|[12]\\d|0?[1-9])(?:st|nd|rd|th)?";
const YEAR = "\\d{4}";
const MM = "(?:1[0-2]|0?[1-9])";
const DD = "(?:3[01]|[12]\\d|0?[1-9])";
/**
 * Not glued to a preceding word or number (a date inside "v1/2/2024x" is not a date): checked on
 * the character before each match rather than as a lookbehind, which kept V8 from skipping ahead to
 * the positions a form can start at (the whole book went through every alternative, ~0.1 s).
 */
const GLUED_BEFORE = /[\p{L}\p{N}_./-]/u;
const END = "(?![\\p{L}\\p{N}_]|[./-]\\d)";

const DATE_FORMS = [
  // ISO 8601 calendar date.
  `${YEAR}-(?:1[0-2]|0[1-9])-(?:3[01]|[12]\\d|0[1-9])`,
  // 1/15/2024, 15/01/24 — slashes; with dots only a four-digit year (2.1.10 is a section number).
  `${DD}/${MM}/(?:\\d{4}|\\d{2})`,
  `${MM}/${DD}/(?:\\d{4}|\\d{2})`,
  `${DD}\\.${MM}\\.${YEAR}`,
  // January 15, 2024 · Jan. 15th · 15 January 2024 · 15th of March · March 2024.
  `${MONTH}\\s+${DAY}(?:,?\\s+${YEAR})?`,
  `${DAY}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+${YEAR})?`,
  `${MONTH}\\s+${YEAR}`,
];

const AMOUNT = "(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?";
const SCALE = "(?:\\s?(?:thousand|million|billion|trillion|[kKmM]|bn))?";
const MONEY_FORMS = [
  `[$€£¥₹]\\s?${AMOUNT}${SCALE}`,
  `(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR)\\s?${AMOUNT}${SCALE}`,
  `${AMOUNT}${SCALE}\\s?(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR|dollars?|euros?|pounds? sterling|cents?)`,
];

const EMAIL_FORMS = ["[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}"];

const PHONE_FORMS = [
  // International: +44 20 7946 0958, +1-555-123-4567, +49 (0)30 1234567.
  "\\+\\d{1,3}(?:[ .-]?\\(\\d{1,4}\\))?(?:[ .-]?\\d{1,5}){2,5}",
  // North American: (555) 123-4567, 555-123-4567, 555.123.4567.
  "\\(\\d{3}\\)\\s?\\d{3}[ .-]\\d{4}",
  "\\d{3}[.-]\\d{3}[.-]\\d{4}",
  // Local seven digits with a dash: 555-1234.
  "\\d{3}-\\d{4}",
];

const PATTERNS: ReadonlyArray<{ type: PatternEntityType; re: RegExp }> = [
  { type: "date", re: compile(DATE_FORMS) },
  { type: "money", re: compile(MONEY_FORMS) },
  { type: "email", re: compile(EMAIL_FORMS) },
  { type: "phone", re: compile(PHONE_FORMS) },
];

function compile(forms: readonly string[]): RegExp {
  return new RegExp(`(?:${forms.join("|")})${END}`, "gu");
}

/** Whether the code point before `index` glues a match there to a word or number. */
function gluedBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const low = text.charCodeAt(index - 1);
  const from = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return GLUED_BEFORE.test(String.fromCodePoint(text.codePointAt(from)!));
}

/** Digits a phone number must hold: fewer is a code or a range, more is not dialable (E.164: 15). */
function phoneDigitsOk(s: string): boolean {
  const digits = s.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/** Every pattern match in `text`, possibly overlapping each other (extract.ts resolves overlaps). */
export function findPatternEntities(text: string): EntityReference[] {
  const out: EntityReference[] = [];
  for (const { type, re } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      // Where a lookbehind would have moved on to the next position, so does the search.
      if (gluedBefore(text, m.index)) {
        re.lastIndex = m.index + 1;
        continue;
      }
      const mention = m[0];
      if (type === "phone" && !phoneDigitsOk(mention)) continue;
      const name = normalizeName(mention);
      out.push({
        entity_id: entityId(type, name),
        entity_type: type,
        entity_name: name,
        mention_text: mention,
        start_offset: m.index,
        end_offset: m.index + mention.length,
        confidence: SOURCE_CONFIDENCE.pattern,
        source: "pattern",
      });
    }
  }
  return out;
}
