import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex, sha256HexSync } from "../../src/core/text/hash";

const nodeHex = (input: string | Uint8Array) => createHash("sha256").update(input).digest("hex");

describe("sha256HexSync", () => {
  it("matches node:crypto at every length around the padding edges", () => {
    // 55/56 and 119/120 bytes are where the length field spills into an extra block.
    for (let length = 0; length <= 200; length++) {
      const text = "abcdefghij".repeat(21).slice(0, length);
      expect(sha256HexSync(text), `length ${length}`).toBe(nodeHex(text));
    }
  });

  it("hashes a string's UTF-8 (astral and combining characters included)", () => {
    for (const text of ["héllo", "日本語のテキスト", "emoji 🧩 and e\u0301", "\u0000nul"]) {
      expect(sha256HexSync(text)).toBe(nodeHex(text));
    }
  });

  it("matches node:crypto on random bytes and on a megabyte", () => {
    let seed = 7;
    const random = new Uint8Array(4099).map(() => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 24;
    });
    expect(sha256HexSync(random)).toBe(nodeHex(random));
    const big = "chunk ".repeat(200_000);
    expect(sha256HexSync(big)).toBe(nodeHex(big));
  });

  it("agrees with the asynchronous WebCrypto hash core/text uses", async () => {
    expect(sha256HexSync("abc")).toBe(await sha256Hex("abc"));
  });
});
