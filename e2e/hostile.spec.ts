/**
 * Issue 29's hostile round, each case with the answer it gets (DESIGN §12 "Outside input"): a
 * workspace file or a link that is damaged, deep, a zip bomb or names `__proto__` is refused whole
 * with the key named — nothing open closes, nothing is lost, the app never blanks.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { expect, openExportMenu, saveShot, test } from "./helpers";

async function ready(page: Page) {
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

const OPEN = ["sample.pdf", "notes.md"];

function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { k: value };
  return value;
}

type Files = Record<string, Uint8Array>;
const json = (files: Files, name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
const withRecord = (files: Files, change: (r: Record<string, unknown>) => void): Uint8Array => {
  const record = json(files, "workspace.json");
  change(record);
  return zipSync({ ...files, "workspace.json": strToU8(JSON.stringify(record)) });
};

test("a hostile workspace file is refused whole: nothing open closes, nothing is lost", async ({ page }) => {
  await page.goto("/");
  await ready(page);
  await page.getByTestId("file-input").setInputFiles({
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Notes\n\nA second document.\n"),
  });
  await ready(page);
  const downloading = page.waitForEvent("download");
  await openExportMenu(page);
  await page.getByTestId("workspace-export").click();
  const files = unzipSync(readFileSync(await (await downloading).path()));
  const documentPath = Object.keys(files).find((p) => p.startsWith("documents/") && p.endsWith(".pdf"))!;

  const cases: { name: string; zip: Uint8Array; says: RegExp }[] = [
    {
      name: "__proto__ as the chunker",
      zip: withRecord(files, (r) => {
        r.chunker = "__proto__";
        r.configs = JSON.parse('{"__proto__": {"chunk_size": 1}}') as unknown;
      }),
      says: /chunker: "__proto__" is not a chunker of this workbench/,
    },
    {
      name: "a sweep whose points and lines differ",
      zip: withRecord(files, (r) => {
        r.sweep = {
          points: [{ chunker: "token", config: {} }],
          lines: [],
          objective: "recall",
          k: 5,
          status: "done",
        };
      }),
      says: /sweep: has points and lines of different lengths/,
    },
    {
      name: "a sweep line carrying a formula where a metric goes",
      zip: withRecord(files, (r) => {
        const line = { chunker: "token", config: {}, metrics: { recall: '=HYPERLINK("x")' } };
        r.sweep = {
          points: [{ chunker: "token", config: {} }],
          lines: [line],
          objective: "recall",
          k: 5,
          status: "done",
        };
      }),
      says: /sweep\.lines\[0\]\.metrics\.recall: /,
    },
    {
      name: "a config 3,000 levels deep",
      zip: withRecord(files, (r) => {
        r.configs = { entity: { dictionary: [{ canonical: "A", variants: ["a"], extra: nest(3000) }] } };
      }),
      says: /nested deeper than 64 levels/,
    },
    {
      name: "a document entry that inflates far past its declared size (a zip bomb)",
      zip: zipSync({ ...files, [documentPath]: new Uint8Array(48 << 20) }, { level: 9 }),
      says: /zip bomb/,
    },
  ];
  for (const c of cases) {
    await openExportMenu(page);
    await page.getByTestId("workspace-import").setInputFiles({
      name: `${c.name}.workspace.zip`,
      mimeType: "application/zip",
      buffer: Buffer.from(c.zip),
    });
    await expect(page.getByTestId("import-error"), c.name).toContainText(c.says);
    await expect(page.getByTestId("import-error")).toContainText("nothing changed");
    await expect(page.getByTestId("doc-switcher").locator("option"), c.name).toHaveText(OPEN);
    await expect(page.getByTestId("app-error")).toHaveCount(0);
  }
  await expect(page.getByTestId("import-error")).not.toContainText("unexpected failure");
  await page.getByTestId("export-close").click();
  await ready(page);
  await saveShot(page, "hostile-import-refused");
  // Both documents' bytes are still stored: a new tab brings them back.
  await page.goto("about:blank");
  await page.goto("/");
  await ready(page);
  await expect(page.getByTestId("doc-switcher").locator("option")).toHaveText(OPEN);
});

test("a link 3,000 levels deep or naming __proto__ is a notice over a working app", async ({ page }) => {
  const deep = { dictionary: [{ canonical: "A", variants: ["a"], extra: nest(3000) }] };
  await page.goto(`/#chunker=entity&config=${encodeURIComponent(JSON.stringify(deep))}`);
  await expect(page.getByTestId("link-notice")).toContainText("nested deeper than 64 levels");
  await ready(page);
  await page.goto(`/#chunker=__proto__&config=${encodeURIComponent('{"__proto__":{"x":1}}')}`);
  await page.reload();
  await expect(page.getByTestId("link-notice")).toContainText('unknown chunker "__proto__"');
  await ready(page);
  await expect(page.getByTestId("app-error")).toHaveCount(0);
});

test("a link never raises what a run spends on this browser's endpoint", async ({ page }) => {
  const costly = { token_budget: 100_000_000, rate_limit: 10_000 };
  await page.goto(`/#chunker=agentic&config=${encodeURIComponent(JSON.stringify(costly))}`);
  await expect(page.getByTestId("link-notice")).toContainText(
    "kept at this browser's values: token_budget 100000000 → 100000, rate_limit 10000 → 10",
  );
  await expect(page.getByTestId("chunker-select")).toHaveValue("agentic");
  await expect(page.getByTestId("param-token_budget")).toHaveValue("100000");
  await expect(page.getByTestId("param-rate_limit")).toHaveValue("10");
});

test.describe("with an LLM endpoint configured", () => {
  const LLM = "http://127.0.0.1:9";
  test.use({
    allowedOrigins: [LLM],
    allowedConsoleErrors: [/127\.0\.0\.1:9|ERR_CONNECTION_REFUSED|Failed to (load|fetch)/],
  });

  test("a link's agentic run waits for a click before it asks the user's endpoint", async ({ page }) => {
    await page.addInitScript((baseUrl) => {
      window.localStorage.setItem(
        "chunk-workbench.endpoints.v1",
        JSON.stringify({ llm: { baseUrl: `${baseUrl}/v1`, model: "their-model", timeoutMs: 2000 } }),
      );
    }, LLM);
    const asked: string[] = [];
    page.context().on("request", (request) => {
      if (request.url().startsWith(LLM)) asked.push(request.url());
    });
    await page.goto("/#chunker=agentic");
    await expect(page.getByTestId("link-hold")).toContainText("their-model");
    await expect(page.getByTestId("run-status")).toHaveText(
      /^error: not run — the link asks your LLM endpoint/,
    );
    await page.waitForTimeout(1000);
    expect(asked).toEqual([]);
    await saveShot(page, "hostile-link-hold");
    await page.getByTestId("link-run-confirm").click();
    await expect(page.getByTestId("link-hold")).toHaveCount(0);
    await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
    expect(asked.length).toBeGreaterThan(0);
  });
});
