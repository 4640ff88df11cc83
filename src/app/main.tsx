// Placeholder entry point: the real workbench UI replaces this.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <h1>Chunk Workbench</h1>
  </StrictMode>,
);
