import { describe, expect, it } from "vitest";
import { textDocModel } from "../core/document";
import { parseQuestionJsonl } from "../core/eval/questions";
import { expandSpace, parseSweepSpace } from "../core/sweep/space";
import { extractPdfBytes } from "../pdf/node";
import { EngineHost } from "./engine";
import { SweepHost } from "./sweep";

const TEXT_A =
  "Apples grow on trees in orchards. They ripen in autumn and are picked by hand.\n\n" +
  "Bananas grow in warm places. They are picked green and ripen on the way to market.";
const TEXT_B = "Copper conducts electricity well. It is used for wires in houses and motors.";

function setup() {
  const engine = new EngineHost(extractPdfBytes);
  engine.keep(textDocModel("a", "a.md", TEXT_A));
  engine.keep(textDocModel("b", "b.md", TEXT_B));
  const start = TEXT_A.indexOf("Bananas");
  const set = parseQuestionJsonl(
    JSON.stringify({
      question: "Where do bananas grow?",
      references: [{ doc: "a.md", start, end: start + 27 }],
    }) +
      "\n" +
      JSON.stringify({
        question: "What is copper used for?",
        references: [{ doc: "b", start: 34, end: 75 }],
      }),
  );
  return { engine, sweep: new SweepHost(engine), set };
}

const points = (space: unknown) => expandSpace(parseSweepSpace(space));

describe("SweepHost.runPoint", () => {
  it("evaluates a point against the question set: metrics, chunks, tokens, retrieved tokens", async () => {
    const { sweep, set } = setup();
    const [point] = points({
      chunkers: [{ chunker: "token", params: { chunk_size: [8], overlap: [0] } }],
    });
    const line = await sweep.runPoint(point!, { set, docIds: [], k: 1 });
    expect(line.error).toBeUndefined();
    expect(line.metrics).toHaveProperty("recall");
    expect(line.chunks).toBeGreaterThan(2);
    expect(line.mean_tokens).toBeGreaterThan(0);
    expect(line.mean_tokens).toBeLessThanOrEqual(8);
    expect(line.retrieved_tokens).toBeGreaterThan(0);
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(line.config).toMatchObject({ chunk_size: 8, overlap: 0 });
  });

  it("scores quality without a question set, on the documents given", async () => {
    const { sweep } = setup();
    const [point] = points({
      chunkers: [{ chunker: "recursive", params: { chunk_size: [20], chunk_overlap: [0] } }],
    });
    const line = await sweep.runPoint(point!, { set: null, docIds: ["a", "b"] });
    expect(line.metrics).toHaveProperty("quality_score");
    expect(line.retrieved_tokens).toBeNull();
    const q = line.metrics as { quality_score: number };
    expect(q.quality_score).toBeGreaterThan(0);
    expect(q.quality_score).toBeLessThanOrEqual(1);
  });

  it("passes a skipped point through and turns a failure into an error line", async () => {
    const { sweep } = setup();
    const [, skipped] = points({
      chunkers: [{ chunker: "token", params: { chunk_size: [8], overlap: [0, 8] } }],
    });
    expect(await sweep.runPoint(skipped!, { set: null, docIds: ["a"] })).toEqual({
      chunker: "token",
      config: skipped!.config,
      skipped: skipped!.skipped,
    });
    const [ok] = points({ chunkers: [{ chunker: "token", params: { chunk_size: [64] } }] });
    expect((await sweep.runPoint(ok!, { set: null, docIds: [] })).error).toMatch(/no document/);
    expect((await sweep.runPoint(ok!, { set: null, docIds: ["gone"] })).error).toMatch(/gone/);
  });

  it("throws an abort instead of writing it as a line", async () => {
    const { sweep, set } = setup();
    const [point] = points({ chunkers: [{ chunker: "token", params: { chunk_size: [64] } }] });
    const controller = new AbortController();
    controller.abort(new DOMException("stop", "AbortError"));
    await expect(sweep.runPoint(point!, { set, docIds: [] }, controller.signal)).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
