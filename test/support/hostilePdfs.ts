/**
 * PDFs built to hurt pdf.js (issue 29): written byte by byte, so the test knows exactly what they
 * hold. `nestedSaves`: n nested `q` operators (pdf.js is quadratic in them); `manyTextOps`: n tiny
 * text-show operators, deflated (a few KB that take hundreds of MB to read).
 */
import { deflateSync } from "node:zlib";

function pdfWith(contents: Buffer, filter: string): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer | string) => {
    const buffer = typeof b === "string" ? Buffer.from(b, "latin1") : b;
    parts.push(buffer);
    length += buffer.length;
  };
  const objects: (string | null)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  objects.forEach((body, i) => {
    offsets.push(length);
    if (body !== null) return push(`${i + 1} 0 obj\n${body}\nendobj\n`);
    push(`${i + 1} 0 obj\n<< /Length ${contents.length}${filter} >>\nstream\n`);
    push(contents);
    push("\nendstream\nendobj\n");
  });
  const xref = length;
  push(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
      offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join(""),
  );
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

export function nestedSaves(n: number): Buffer {
  const text = "BT /F1 12 Tf 72 720 Td (hi) Tj ET ";
  return pdfWith(Buffer.from("q ".repeat(n) + text + "Q ".repeat(n), "latin1"), "");
}

export function manyTextOps(n: number): Buffer {
  return pdfWith(
    deflateSync(Buffer.from("BT /F1 1 Tf " + "(a) Tj ".repeat(n) + "ET", "latin1")),
    " /Filter /FlateDecode",
  );
}
