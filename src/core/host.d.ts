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
