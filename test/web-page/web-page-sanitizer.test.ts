// The page's Markdown renderer in Chromium, under the strict Content-Security-Policy: link and image
// URLs are judged as the browser reads them (entities decoded), so `javascript&#58;` — which passed the
// old URL check and became a live `javascript:` link — loses its URL, inline and reference-style alike.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";

const ATTACKS = {
  inline: "[x](javascript&#58;alert(1))",
  reference: "[x][evil]\n\n[evil]: javascript&#58;alert(1)",
  plainScheme: "[x](javascript:alert(1))",
  mixedCase: "[x](JaVaScRiPt&#x3A;alert(1))",
  dataHtml: "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  rawHtml: '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><svg onload=alert(1)>',
  image: "![pic](javascript&#58;alert(1))",
};

let opened: OpenedMarkdownPage;
let page: Page;

async function render(markdown: string): Promise<string> {
  // A string, so that the test's own bundler leaves the browser's dynamic import alone.
  return page.evaluate(`(async () => {
    const { renderMarkdown } = await import("/js/markdown.js");
    const host = document.getElementById("out");
    host.innerHTML = renderMarkdown(${JSON.stringify(markdown)});
    return host.innerHTML;
  })()`);
}

describe("the page's Markdown renderer", () => {
  let problems: string[] = [];

  beforeAll(async () => {
    opened = await openMarkdownPage('<!doctype html><div id="out"></div>');
    ({ page, problems } = opened);
    page.on("dialog", (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
  }, 60_000);

  afterAll(() => opened?.close());

  for (const [name, markdown] of Object.entries(ATTACKS)) {
    it(`leaves no live script URL or handler: ${name}`, async () => {
      const html = await render(markdown);
      const live = await page
        .locator("#out *")
        .evaluateAll((elements) =>
          elements.flatMap((el) =>
            [...el.attributes]
              .filter((a) => a.name.startsWith("on") || /^\s*(javascript|data|vbscript):/i.test(a.value))
              .map((a) => `${el.tagName} ${a.name}=${a.value}`),
          ),
        );
      expect(live, html).toEqual([]);
      // Clicking every link it left does nothing (no dialog, no navigation).
      for (const link of await page.locator("#out a").all()) await link.click();
      expect(page.url()).toBe(opened.url);
      expect(problems).toEqual([]);
    });
  }

  it("keeps ordinary Markdown: headings, emphasis, http links, same-origin images; other origins' images become links", async () => {
    const html = await render(
      "# Title\n\nSome **bold** and [a source](https://example.org/page).\n\n![local](/favicon.png) ![remote](https://example.org/x.png)",
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.org/page">a source</a>');
    expect(html).toContain('<img src="/favicon.png" alt="local">');
    expect(html).toContain('<a href="https://example.org/x.png">remote</a>');
  });
});
