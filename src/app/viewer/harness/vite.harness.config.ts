/**
 * A production build of the PdfViewer harness, to time scrolling without React's development
 * overhead (which dominates a dev-server profile):
 *   npx vite build -c src/app/viewer/harness/vite.harness.config.ts
 *   npx vite preview -c src/app/viewer/harness/vite.harness.config.ts
 * then open http://127.0.0.1:5181/src/app/viewer/harness/index.html. The output goes to a
 * git-ignored folder. Mirrors the app's vite.config.ts where it matters (workers, target).
 */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  worker: { format: "es" },
  build: {
    target: "es2022",
    outDir: "e2e-artifacts/viewer-harness-dist",
    emptyOutDir: true,
    rollupOptions: { input: fileURLToPath(new URL("./index.html", import.meta.url)) },
  },
  preview: { host: "127.0.0.1", port: 5181, strictPort: true },
});
