// The page's Markdown renderer with math and code, in Chromium under the strict Content-Security-Policy:
// TeX in all four delimiters becomes MathML (KaTeX), TeX KaTeX cannot parse stays visible as its source,
// dollars that are prices stay text, math inside code stays code, fenced code in a known language is
// highlighted (escaped: a `<script>` in code is text), and nothing logs an error.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;
let page: Page;
let problems: string[] = [];

async function render(markdown: string, fn = "renderMarkdown"): Promise<string> {
  // A string, so that the test's own bundler leaves the browser's dynamic import alone.
  return page.evaluate(`(async () => {
    const m = await import("/js/markdown.js");
    const host = document.getElementById("out");
    host.innerHTML = m.${fn}(${JSON.stringify(markdown)});
    return host.innerHTML;
  })()`);
}

describe("math and code in the page's Markdown", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
    ({ page, problems } = opened);
  }, 60_000);

  afterAll(() => opened?.close());

  it("renders $…$ and \\(…\\) inline, $$…$$ and \\[…\\] as display MathML", async () => {
    await render("Inline $x^2$ and \\(\\frac{a}{b}\\).\n\n$$\\int_0^1 x\\,dx = \\tfrac12$$\n\n\\[\\sqrt{2}\\]\n\nMid-line $$e^{i\\pi}+1=0$$ too.");
    const maths = await page
      .locator("#out math")
      .evaluateAll((els) => els.map((m) => ({ display: m.getAttribute("display"), tex: m.querySelector("annotation")?.textContent })));
    expect(maths).toEqual([
      { display: null, tex: "x^2" },
      { display: null, tex: "\\frac{a}{b}" },
      { display: "block", tex: "\\int_0^1 x\\,dx = \\tfrac12" },
      { display: "block", tex: "\\sqrt{2}" },
      { display: "block", tex: "e^{i\\pi}+1=0" },
    ]);
    // Real MathML, laid out by the browser: a fraction has a numerator above its denominator.
    const frac = await page
      .locator("#out mfrac")
      .first()
      .evaluate((el) => {
        const [num, den] = [...el.children].map((c) => c.getBoundingClientRect());
        return num!.bottom <= den!.top + 1;
      });
    expect(frac).toBe(true);
    expect(problems).toEqual([]);
  });

  it("shows TeX KaTeX cannot parse as its source, and leaves prices and code alone", async () => {
    const html = await render("Broken $\\frac{1}{$ here. It costs $5 and $10. Code: `$x$`.");
    expect(await page.locator("#out code.math-error").textContent()).toBe("$\\frac{1}{$");
    expect(html).toContain("It costs $5 and $10.");
    expect(await page.locator("#out code:not(.math-error)").textContent()).toBe("$x$");
    expect(await page.locator("#out math").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("keeps a | inside math in its table cell: GFM splits rows on | before it reads math", async () => {
    await render("| Event | Probability |\n|---|---|\n| $P(A|B)$ | 0.3 |\n| $|x|$ and \\(|y|\\) | `a\\|b` |\n| $\\|v\\|$ | 1 |");
    const tex = await page.locator("#out math annotation").allTextContents();
    // TeX's own \| (a norm) would reach KaTeX as GFM's escaped pipe, an absolute value: it is sent as \Vert.
    expect(tex).toEqual(["P(A|B)", "|x|", "|y|", "\\Vert v\\Vert"]);
    expect(await page.locator("#out td").nth(1).textContent()).toBe("0.3");
    expect(await page.locator("#out td code").textContent()).toBe("a|b");
    expect(problems).toEqual([]);
  });

  it("keeps math from becoming markup: \\href and HTML in TeX stay inert", async () => {
    await render("$\\href{javascript:alert(1)}{x}$ and $\\text{<img src=x onerror=alert(1)>}$");
    expect(await page.locator("#out a, #out img").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("highlights fenced code in the languages lessons use, escaped", async () => {
    await render('```python\ndef square(x):\n    return x ** 2  # "<script>alert(1)</script>"\n```\n\n```\nplain $x$ text\n```');
    expect(await page.locator("#out pre code.hljs .hljs-keyword").first().textContent()).toBe("def");
    expect(await page.locator("#out pre code.hljs .hljs-comment").textContent()).toContain("<script>");
    expect(await page.locator("#out script").count()).toBe(0);
    // The keyword is coloured by lesson.css, not left in the text colour.
    const [keyword, text] = (await page.evaluate(
      `(() => { const code = document.querySelector("#out pre code.hljs"); return [getComputedStyle(code.querySelector(".hljs-keyword")).color, getComputedStyle(code).color]; })()`,
    )) as [string, string];
    expect(keyword).not.toBe(text);
    expect(await page.locator("#out pre").nth(1).textContent()).toBe("plain $x$ text\n");
    expect(problems).toEqual([]);
  });

  it("renders one line (an option, feedback) with its math inline", async () => {
    const html = await render("Because $2x$ is **2** at $x = 1$.", "renderInline");
    expect(html).not.toContain("<p>");
    expect(await page.locator("#out math").count()).toBe(2);
    expect(await page.locator("#out strong").textContent()).toBe("2");
    expect(problems).toEqual([]);
  });
});
