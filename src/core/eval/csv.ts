/**
 * RFC 4180 rows (quoted cells may hold commas, doubled quotes and line breaks), each with the line
 * it starts on, so a question set's errors can name the line a user sees in an editor.
 */
import { QuestionSetError } from "./errors";

export interface CsvRow {
  cells: string[];
  /** 1-based line where the row starts. */
  line: number;
}

export function parseCsvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    rows.push({ cells, line: rowLine });
    cells = [];
    cell = "";
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      quoteLine = line;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
    i++;
  }
  if (quoted) throw new QuestionSetError("a quoted cell is never closed", quoteLine);
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}
