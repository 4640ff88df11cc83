// What the retrieval specs share: the CLI run as users run it, and questions about the sample PDF
// whose references are found in its extracted text (so they follow the sample if it changes).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SAMPLE = path.join(ROOT, "public/sample.pdf");

export function cli(args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

const QUESTIONS = [
  {
    id: "q1",
    question: "When is the chunking decision made and paid for?",
    answer: "That decision, called chunking",
  },
  {
    id: "q2",
    question: "Which features make real documents hard to chunk?",
    answer: "It deliberately contains the",
  },
  {
    id: "q3",
    question: "What does retrieval-augmented generation hand to a language model?",
    answer: "then handing those passages to a language model",
  },
];

/** The questions with these ids (all by default) as JSONL about sample.pdf. */
export function sampleQuestions(ids: readonly string[] = QUESTIONS.map((q) => q.id)): string {
  const text = (JSON.parse(cli(["extract", SAMPLE, "--json"])) as { text: string }).text;
  return (
    QUESTIONS.filter((q) => ids.includes(q.id))
      .map(({ id, question, answer }) => {
        const start = text.indexOf(answer);
        if (start < 0) throw new Error(`the sample no longer holds "${answer}"`);
        return JSON.stringify({
          id,
          question,
          references: [{ doc: "sample.pdf", start, end: start + answer.length }],
        });
      })
      .join("\n") + "\n"
  );
}
