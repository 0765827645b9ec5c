// In workerd, pages are pruned by HTMLRewriter before Readability sees them: what an article never
// holds is gone, the article and what Readability reads for metadata stay, and the extracted text is
// the same as from the whole page.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../src/tools/extract";
import { prunePage } from "../../src/tools/prune-page";

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the article explains derivatives as rates of change, with enough words to count as content for Readability's scoring.</p>`;
const PAGE = `<!doctype html><html><head><title>Derivatives</title>
<script type="application/ld+json">{"@type":"Article","headline":"Derivatives","author":{"name":"Ada Lovelace"}}</script>
<script>window.tracker = 1</script><style>p { color: red }</style><link rel="stylesheet" href="/x.css"></head>
<body><nav><a href="/">Home</a> <a href="/menu">Menu link</a></nav>
<div class="sidebar-widget">Sidebar promotion text</div>
<!-- a comment nobody reads -->
<article><h1>Derivatives</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}
<table><tr><td class="comment-cell">Sheltered cell text</td></tr></table>
<div hidden>Hidden text</div><div style="display: none">Invisible text</div>
<svg><text>Chart label</text></svg></article>
<footer>Copyright footer</footer></body></html>`;

describe("pruning a page before extraction", () => {
  it("drops scripts, styles, furniture, comments and hidden blocks, and keeps the article, JSON-LD and sheltered cells", async () => {
    const pruned = await prunePage(PAGE);
    for (const gone of [
      "window.tracker",
      "color: red",
      "x.css",
      "Menu link",
      "Sidebar promotion",
      "a comment nobody reads",
      "Hidden text",
      "Invisible text",
      "Chart label",
      "Copyright footer",
    ]) {
      expect(pruned).not.toContain(gone);
    }
    for (const kept of ["application/ld+json", "Ada Lovelace", "<title>Derivatives</title>", "Paragraph 6 of the article", "Sheltered cell text"])
      expect(pruned).toContain(kept);
    expect(pruned.length).toBeLessThan(PAGE.length);
  });

  it("extracts the same article text from the pruned page as from the whole one", async () => {
    const whole = extractArticle(PAGE, "https://example.com/derivatives");
    const pruned = extractArticle(await prunePage(PAGE), "https://example.com/derivatives");
    expect(pruned.title).toBe(whole.title);
    expect(pruned.content).toContain("Paragraph 1 of the article");
    expect(pruned.content).toBe(whole.content);
  });

  it("keeps only the head and the page's one <article> when it holds most of the text, and the whole page when it is a teaser", async () => {
    const story = `<article><h1>Derivatives</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</article>`;
    const promo = `<div class="promo-box"><p>Promotion text that is no part of the story.</p></div>`;
    const page = (article: string, rest: string) => `<!doctype html><html><head><title>Derivatives</title></head><body>${rest}${article}</body></html>`;
    const alone = await prunePage(page(story, promo));
    expect(alone).toContain("<title>Derivatives</title>");
    expect(alone).toContain("Paragraph 6 of the article");
    expect(alone).not.toContain("Promotion text");
    expect(alone).not.toContain("article-block");
    expect(extractArticle(alone, "https://example.com/d").content).toContain("Paragraph 6 of the article");

    const teaser = `<article><p>Read next: integrals.</p></article>`;
    const body = `<div>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</div>`;
    const whole = await prunePage(page(teaser, body));
    expect(whole).toContain("Paragraph 6 of the article");
    expect(whole).toContain("Read next: integrals.");
    expect(whole).not.toContain("article-block");
  });
});
