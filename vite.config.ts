import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The app and the e2e tests both run on 127.0.0.1: Playwright's webServer waits on that address,
// and binding to loopback only keeps the dev server off the network.
const host = "127.0.0.1";

export default defineConfig({
  plugins: [react()],
  // Module workers (the engine worker, pdf.js's worker): they import ES modules and code-split.
  worker: { format: "es" },
  build: {
    // pdf.js ships modern syntax (top-level await, class fields, private methods); es2022 keeps
    // it as is instead of failing to down-level it.
    target: "es2022",
    sourcemap: true,
  },
  server: { host, port: 5173 },
  preview: { host, port: 4173, strictPort: true },
});
