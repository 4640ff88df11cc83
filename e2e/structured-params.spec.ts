/**
 * The structured parameters' editors: the hybrid chunker's routing rules (YAML text, context,
 * which rule matched) and the entity chunker's dictionary (rows, add, import), each driving real
 * runs; plus the panel's tooltips naming the seed and the workbench's own defaults.
 */
import type { Page } from "@playwright/test";
import { expect, saveShot, test } from "./helpers";

async function openWith(page: Page, chunker: string) {
  await page.goto("/");
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await page.getByTestId("chunker-select").selectOption(chunker);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** The seed's two routing examples (hybrid-late-agentic-chunker.md), as one file. */
const SEED_RULES = `default_chunker_mode: late
rules:
  - tenant: enterprise
    profile: premium
    chunker_mode: late
  - tenant: enterprise
    doc_class: legal_contract
    chunker_mode: agentic
`;

const stat = (page: Page, key: string) => page.locator(`[data-stat="${key}"] dd`);

test("the chunker select names each seed; workbench defaults say so", async ({ page }) => {
  await openWith(page, "entity");
  await expect(page.locator('[data-testid="chunker-select"] option[value="hybrid"]')).toHaveAttribute(
    "title",
    /hybrid-late-agentic-chunker\.md/,
  );
  await expect(page.locator('[data-testid="chunker-select"] option[value="entity"]')).toHaveAttribute(
    "title",
    /entity-aware-chunking-policy\.md/,
  );
  await expect(page.locator('label.field-label:has-text("Entity dictionary")')).toHaveAttribute(
    "title",
    /seed is silent; workbench default/,
  );
  // A structured value gets its editor, not a JSON text box.
  await expect(page.getByTestId("param-dictionary")).toBeVisible();
  await expect(page.locator('input[data-testid="param-dictionary"]')).toHaveCount(0);
});

test("routing rules: the YAML and the context pick the mode the run uses", async ({ page }) => {
  await openWith(page, "hybrid");
  const yaml = page.getByTestId("routing-yaml");
  const match = page.getByTestId("routing-match");
  await expect(yaml).toHaveValue("");
  await expect(match).toHaveText(/no routing rules/);
  await expect(stat(page, "chunker.mode")).toHaveText("late");

  await yaml.fill(SEED_RULES);
  await expect(match).toHaveText(/mode late: no rule matched/);
  await page.getByTestId("routing-tenant").fill("enterprise");
  await expect(match).toHaveText(/mode late: rules\[0\] \(tenant=enterprise\)/);
  await page.getByTestId("routing-doc-class").fill("legal_contract");
  await expect(match).toHaveText(/mode agentic: rules\[1\] \(tenant=enterprise, doc_class=legal_contract\)/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  // The run itself resolved the same rule: its stats say so, and agentic's fallback is a warning.
  await expect(stat(page, "chunker.mode")).toHaveText("agentic");
  await expect(stat(page, "routing.rule_index")).toHaveText("1");
  await expect(page.getByTestId("run-warnings")).toContainText("agentic");
  // The run details are the object `chunk --stats` writes, with the seed's keys.
  const details = JSON.parse((await page.getByTestId("run-details").textContent())!) as {
    stats: Record<string, unknown>;
  };
  expect(details.stats).toMatchObject({ "chunker.mode": "agentic", "agentic.tokens_used": 0 });
  expect(details.stats["fallback.reason"]).toMatch(/no LLM endpoint/);
  await expect(page).toHaveURL(/legal_contract/);
  await saveShot(page, "routing-agentic");

  // A broken edit: the error names its line, the typed text stays, the last valid rules still rule.
  const broken = SEED_RULES.replace("    chunker_mode: agentic", "    chunker_mode: [agentic");
  await yaml.fill(broken);
  await expect(page.getByTestId("routing-errors")).toContainText(/line \d+/);
  await expect(yaml).toHaveValue(broken);
  await expect(match).toHaveText(/mode agentic/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await saveShot(page, "routing-yaml-error");

  // A valid shape error (an unknown mode) also points at its line.
  await yaml.fill(SEED_RULES.replace("chunker_mode: agentic", "chunker_mode: semantic"));
  await expect(page.getByTestId("routing-errors")).toContainText(
    /line 8.*chunker_mode: must be one of late, agentic/,
  );
  await expect(match).toHaveText(/mode agentic/);

  // Fixed: the rule now says late, and so do the match and the run.
  await yaml.fill(SEED_RULES.replace("chunker_mode: agentic", "chunker_mode: late"));
  await expect(page.getByTestId("routing-errors")).toHaveCount(0);
  await expect(match).toHaveText(/mode late: rules\[1\]/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(stat(page, "chunker.mode")).toHaveText("late");

  // Emptied: no routing, the mode param decides again.
  await yaml.fill("");
  await expect(match).toHaveText(/no routing rules/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(stat(page, "routing.source")).toHaveText("config");
});

test("routing rules from a preset replace the text; the URL restores them", async ({ page }) => {
  await openWith(page, "hybrid");
  const presets = page.getByRole("combobox", { name: "Presets" });
  const preset = presets.locator("option", { hasText: "Seed routing example" });
  await presets.selectOption((await preset.getAttribute("value"))!);
  await expect(page.getByTestId("routing-yaml")).toHaveValue(/doc_class: legal_contract/);
  await expect(page.getByTestId("routing-tenant")).toHaveValue("enterprise");
  await expect(page.getByTestId("routing-match")).toHaveText(/mode agentic/);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  // The hash is written once changes pause (150 ms): wait for the link that carries the rules.
  await expect.poll(() => decodeURIComponent(page.url())).toContain("legal_contract");
  const url = page.url();

  await page.goto("about:blank");
  await page.goto(url);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
  await expect(page.getByTestId("routing-yaml")).toHaveValue(/doc_class: legal_contract/);
  await expect(page.getByTestId("routing-match")).toHaveText(/mode agentic/);
});

test("entity dictionary: an added entry re-runs the chunker and its mentions are marked", async ({
  page,
}) => {
  await openWith(page, "entity");
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(0);
  const filter = page.getByRole("searchbox", { name: "Filter chunks" });
  await filter.fill("tokenizer");
  const first = page.getByTestId("chunk-item").first();
  await first.click();
  await expect(page.locator('[data-testid="mark-chip"]', { hasText: "product: tokenizer" })).toHaveCount(0);
  const before = page.url();

  await page.getByTestId("entity-dict-add-name").fill("tokenizer");
  await page.getByTestId("entity-dict-add-type").selectOption("product");
  await page.getByTestId("entity-dict-add").click();
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(1);
  await expect(page.getByTestId("entity-dict-row").getByTestId("entity-dict-name")).toHaveValue("tokenizer");
  await expect(page.getByTestId("entity-dict-add-name")).toHaveValue("");
  await expect(page).not.toHaveURL(before);
  await expect(page.getByTestId("run-status")).toHaveText("done");

  // The new run: a chunk holding the word carries the entity, drawn on its page and listed.
  await page.getByTestId("chunk-item").first().click();
  const mark = page.locator('[data-testid="mark"][data-kind="entity"][data-label="product: tokenizer"]');
  await expect(mark.first()).toBeVisible();
  const selected = page.locator('[data-testid="chunk-item"][aria-selected="true"]');
  const pages = (await selected.getAttribute("data-pages"))!.split(",");
  expect(pages).toContain(await mark.first().getAttribute("data-page"));
  await expect(
    selected.locator('[data-testid="mark-chip"]', { hasText: "product: tokenizer" }).first(),
  ).toBeVisible();
  await saveShot(page, "entity-marks");

  // Removing the entry takes its marks away again.
  await page.getByTestId("entity-dict-remove").click();
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(0);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await page.getByTestId("chunk-item").first().click();
  await expect(page.locator('[data-testid="mark"][data-label="product: tokenizer"]')).toHaveCount(0);
});

test("entity dictionary: CSV and JSON imports add rows; a bad file changes nothing and says where", async ({
  page,
}) => {
  await openWith(page, "entity");
  const input = page.getByTestId("entity-dict-import");
  await input.setInputFiles({
    name: "dictionary.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,type\nMarkdown,product\nglossary,procedure\n"),
  });
  await expect(page.getByTestId("entity-dict-import-result")).toHaveText(/2 entries imported/);
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(2);
  await expect(page.getByTestId("entity-dict-type").nth(1)).toHaveValue("procedure");

  await input.setInputFiles({
    name: "more.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify([{ name: "pipeline", type: "service" }])),
  });
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(3);

  await input.setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,type\nAcme,customer\nMars,planet\n"),
  });
  await expect(page.getByTestId("entity-dict-import-result")).toContainText(/bad\.csv line 3: .*planet/);
  await expect(page.getByTestId("entity-dict-row")).toHaveCount(3);
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await saveShot(page, "entity-dictionary-import");
});

test("flags are badges that explain themselves", async ({ page }) => {
  await openWith(page, "entity");
  await page.getByRole("searchbox", { name: "Filter chunks" }).fill("under-min");
  const flag = page
    .getByTestId("chunk-item")
    .first()
    .locator('[data-testid="chunk-flag"][data-flag="under-min"]');
  await expect(flag).toBeVisible();
  await expect(flag).toHaveAttribute("title", /minimum/);
});
