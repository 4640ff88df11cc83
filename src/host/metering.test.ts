import { describe, expect, it } from "vitest";
import { LlmError, type Llm } from "../core/providers/llm";
import { LlmLedger, metered } from "./metering";

function fakeLlm(reply: "ok" | "invalid-json" | "refused"): Llm {
  return {
    id: "fake",
    label: "fake",
    model: "m",
    completeJSON: () => {
      if (reply === "ok") return Promise.resolve({ value: {}, usage: { totalTokens: 30 } } as never);
      if (reply === "invalid-json")
        return Promise.reject(
          new LlmError("not JSON", 200, { code: "invalid-json", usage: { totalTokens: 7 } as never }),
        );
      return Promise.reject(new LlmError("refused", 500));
    },
  };
}

describe("LLM metering", () => {
  it("counts what replies cost, billed invalid JSON included, refused calls not", async () => {
    const ledger = new LlmLedger();
    const meter = ledger.meter();
    await metered(fakeLlm("ok"), meter).completeJSON([{ role: "user", content: "x" }]);
    await expect(metered(fakeLlm("invalid-json"), meter).completeJSON([])).rejects.toThrow();
    await expect(metered(fakeLlm("refused"), meter).completeJSON([])).rejects.toThrow();
    expect(ledger.takeUnbooked()).toBe(0);
    meter.abandon();
    expect(ledger.takeUnbooked()).toBe(37);
    expect(ledger.takeUnbooked()).toBe(0);
  });

  it("books what an abandoned run spends afterwards as unbooked too", async () => {
    const ledger = new LlmLedger();
    const meter = ledger.meter();
    meter.abandon();
    meter.abandon();
    await metered(fakeLlm("ok"), meter).completeJSON([]);
    expect(ledger.takeUnbooked()).toBe(30);
  });
});
