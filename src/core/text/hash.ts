/** Lower-case hex SHA-256 of bytes or of a string's UTF-8, through WebCrypto (Node, workers, browsers). */
export async function sha256Hex(input: Uint8Array | string): Promise<string> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  // WebCrypto takes views of plain ArrayBuffers only; a view of a shared buffer is copied.
  const plain =
    bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  const digest = await crypto.subtle.digest("SHA-256", plain);
  return toHex(new Uint8Array(digest));
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}
