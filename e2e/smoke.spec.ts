import { expect, saveShot, test } from "./helpers";

test("the app starts from its own origin without errors", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Chunk Workbench/);
  await expect(page.getByRole("heading", { name: "Chunk Workbench" })).toBeVisible();
  await saveShot(page, "smoke-home");
});

test("the build serves the sample PDF and pdf.js's data files", async ({ request }) => {
  // Fetched with the API client, outside the page: these check the build output, not the app.
  const sample = await request.get("/sample.pdf");
  expect(sample.ok()).toBe(true);
  expect((await sample.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  for (const asset of ["/pdfjs/standard_fonts/FoxitSerif.pfb", "/pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap"]) {
    expect((await request.get(asset)).ok(), asset).toBe(true);
  }
});
