/**
 * Text into HTML, safely: every piece of text the report shows goes through `escapeHtml` (element
 * content and quoted attribute values alike), and every image through `checkedImageUrl`, so a file
 * name, a config value or a warning can never become markup, and nothing can point outside the file.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Safe in element content and in single- or double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

export class ReportInputError extends Error {
  override name = "ReportInputError";
}

// Base64 only: a data URL that passes cannot carry markup, quotes or a reference to anything else.
const IMAGE_URL = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The image as given when it is an inline PNG or JPEG (base64); anything else is refused. */
export function checkedImageUrl(url: string): string {
  if (!IMAGE_URL.test(url))
    throw new ReportInputError(
      `a report image must be an inline PNG or JPEG data URL (base64), not ${JSON.stringify(url.slice(0, 40))}`,
    );
  return url;
}

/** A CSS colour the report can put in an attribute: hex, or hsl()/rgb() of numbers; else a neutral grey. */
export function safeColor(color: string): string {
  return /^(?:#[0-9a-f]{3,8}|(?:hsl|rgb)a?\([0-9.,%\s/]+\))$/i.test(color) ? color : "#6b7280";
}

/**
 * Replaces each secret (an endpoint key the session holds) with "[redacted]". Keys never belong in
 * a report's text; this catches one that reached a warning or an error message on its way.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length >= MIN_SECRET_CHARS) out = out.split(secret).join("[redacted]");
  return out;
}

/** Shorter "keys" are not keys (and redacting them would garble ordinary words). */
export const MIN_SECRET_CHARS = 6;
