/** The two functions of @chonkiejs/chunk 0.9.3 (untyped JavaScript over WebAssembly) the parity tests call. */
declare module "@chonkiejs/chunk" {
  export function init(): Promise<void>;
  /** Byte offsets [start, end] of each piece of `text`'s UTF-8 bytes. */
  export function split_offsets(
    text: string,
    options: { delimiters?: string; includeDelim?: string; minChars?: number },
  ): [number, number][];
}
