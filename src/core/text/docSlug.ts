/**
 * The `{doc}` part of ids that name their document (CHUNKERS.md): the file name without its
 * extension, lower-cased, every run of characters other than a–z and 0–9 turned into "-".
 */
export function docSlug(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return base.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "doc";
}
