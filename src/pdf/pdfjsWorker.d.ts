// pdf.js ships no types for its worker module; the Node loader only hands it to pdf.js's fake worker.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
