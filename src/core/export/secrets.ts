/**
 * The guard that keeps credentials out of exported and imported configs. Chunker configs never hold
 * endpoint keys (CHUNKERS.md), so anything named like one is a mistake worth refusing. The rule reads
 * a name word by word, so `token_budget`, `max_tokens` and `tiktoken_model` pass while `api_key`,
 * `access_token` or `clientSecret` do not.
 */
import { SecretInConfigError } from "./errors";

/** Words that name a credential wherever they stand in a key. */
const SECRET_WORDS = new Set([
  "secret",
  "secrets",
  "password",
  "passwd",
  "passphrase",
  "credential",
  "credentials",
  "apikey",
  "authorization",
  "bearer",
  "cookie",
  "privatekey",
]);

/** Words that name a credential when they end the key (`key`, `openai_key`; `token`, `hf_token`). */
const SECRET_LAST_WORDS = new Set(["key", "keys", "token", "auth", "pat", "jwt"]);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretKeyName(name: string): boolean {
  const w = words(name);
  if (w.length === 0) return false;
  if (w.some((word) => SECRET_WORDS.has(word))) return true;
  return SECRET_LAST_WORDS.has(w[w.length - 1]!);
}

/** Values shaped like a provider key or an HTTP credential, whatever their key is called. */
function looksLikeSecretValue(value: string): boolean {
  return /^sk-[A-Za-z0-9_-]{16,}$/.test(value) || /^Bearer\s+\S+/i.test(value);
}

/** Paths (`routing.rules[0].api_key`) of every secret-looking key or value, depth first. */
export function secretPaths(value: unknown, path = ""): string[] {
  if (typeof value === "string") return looksLikeSecretValue(value) ? [path || "(value)"] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => secretPaths(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    const found: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (isSecretKeyName(key)) found.push(at);
      else found.push(...secretPaths(v, at));
    }
    return found;
  }
  return [];
}

export function assertNoSecrets(config: unknown): void {
  const paths = secretPaths(config);
  if (paths.length > 0) throw new SecretInConfigError(paths);
}

/** A copy without any secret-looking key or value (for a UI that prefers dropping to refusing). */
export function stripSecrets<T>(value: T): T {
  if (typeof value === "string") return (looksLikeSecretValue(value) ? "" : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => stripSecrets(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (!isSecretKeyName(key)) out[key] = stripSecrets(v);
    return out as T;
  }
  return value;
}
