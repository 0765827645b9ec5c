// Chemistry in a lesson, written with mhchem's `\ce{…}` (and `\pu{…}` for units), renders on the page as MathML
// under the strict Content-Security-Policy: KaTeX's mhchem extension is loaded beside KaTeX. Before, KaTeX knew
// no `\ce` and the page showed the formula's TeX source as an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;

describe("chemistry on the page", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
  }, 60_000);

  afterAll(() => opened?.close());

  it("renders \\ce equations, ions and \\pu units as MathML, with no error and no raw \\ce", async () => {
    const { page, problems } = opened;
    const markdown = "Water forms: \\(\\ce{2H2 + O2 -> 2H2O}\\), sulfate is \\(\\ce{SO4^2-}\\).\n\n$$\\ce{N2 + 3H2 <=> 2NH3}$$\n\nIt gives $\\pu{92 kJ/mol}$.";
    // A string, so that the test's own bundler leaves the browser's dynamic import alone.
    await page.evaluate(`(async () => {
      const m = await import("/js/markdown.js");
      document.getElementById("out").innerHTML = m.renderMarkdown(${JSON.stringify(markdown)});
    })()`);
    const tex = await page.locator("#out math annotation").allTextContents();
    expect(tex).toEqual(["\\ce{2H2 + O2 -> 2H2O}", "\\ce{SO4^2-}", "\\ce{N2 + 3H2 <=> 2NH3}", "\\pu{92 kJ/mol}"]);
    expect(await page.locator("#out code.math-error").count()).toBe(0);
    // What the reader sees (the MathML without its TeX annotation): the arrow, subscripts, the charge.
    const shown: string = await page.evaluate(`(() => {
      const copy = document.getElementById("out").cloneNode(true);
      copy.querySelectorAll("annotation").forEach((a) => a.remove());
      return copy.textContent;
    })()`);
    expect(shown).not.toContain("\\ce");
    expect(shown).toContain("→");
    expect(shown).toContain("−");
    expect(await page.locator("#out msub mn", { hasText: "2" }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
