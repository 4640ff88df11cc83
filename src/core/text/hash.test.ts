import { describe, expect, it } from "vitest";
import { sha256Hex, toHex } from "./hash";

describe("sha256Hex", () => {
  it("matches the published digests", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
  it("hashes bytes and their string alike", async () => {
    expect(await sha256Hex(new TextEncoder().encode("héllo"))).toBe(await sha256Hex("héllo"));
  });
  it("writes two hex digits per byte", () => {
    expect(toHex(new Uint8Array([0, 15, 255]))).toBe("000fff");
  });
});
