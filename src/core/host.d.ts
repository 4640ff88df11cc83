// What src/core takes from its host: only these globals, which Node ≥ 20, Web Workers and browsers
// all provide. Declared here because core is type-checked without the DOM lib and without Node's
// types (tsconfig.core.json), so that nothing else from either can creep in.

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
declare const crypto: {
  subtle: { digest(algorithm: "SHA-256", data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer> };
};
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
}
declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare const performance: { now(): number };

// Providers (src/core/providers) talk to OpenAI-compatible endpoints with fetch, which Node ≥ 18,
// workers and browsers all provide; only the parts the providers use are declared.
interface AbortSignal {
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare function clearTimeout(handle: unknown): void;
interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  redirect?: "follow" | "error" | "manual";
}
interface Response {
  readonly ok: boolean;
  readonly status: number;
  /** "opaqueredirect" for a redirect a browser hides under redirect: "manual". */
  readonly type: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}
declare function fetch(input: string, init?: RequestInit): Promise<Response>;
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly pathname: string;
  href: string;
}
