// Pages are pruned before any DOM exists: what an article never holds is gone, the article and what
// Readability reads for metadata stay, and the extracted text is the same as from the whole page.
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
<table><tr><td><div class="comment-cell">Sheltered cell text</div></td></tr></table>
<div hidden>Hidden text</div><div style="display: none">Invisible text</div><section aria-hidden="true">Unread text</section>
<svg><text>Chart label</text></svg></article>
<footer>Copyright footer</footer></body></html>`;

describe("pruning a page before extraction", () => {
  it("drops scripts, styles, furniture, comments and hidden blocks, and keeps the article, JSON-LD and sheltered cells", () => {
    const pruned = prunePage(PAGE);
    for (const gone of [
      "window.tracker",
      "color: red",
      "x.css",
      "Menu link",
      "Sidebar promotion",
      "a comment nobody reads",
      "Hidden text",
      "Invisible text",
      "Unread text",
      "Chart label",
      "Copyright footer",
    ]) {
      expect(pruned).not.toContain(gone);
    }
    for (const kept of ["application/ld+json", "Ada Lovelace", "<title>Derivatives</title>", "Paragraph 6 of the article", "Sheltered cell text"])
      expect(pruned).toContain(kept);
    expect(pruned.length).toBeLessThan(PAGE.length);
  });

  it("extracts the same article text from the pruned page as from the whole one", () => {
    const whole = extractArticle(PAGE, "https://example.com/derivatives");
    const pruned = extractArticle(prunePage(PAGE), "https://example.com/derivatives");
    expect(pruned.title).toBe(whole.title);
    expect(pruned.content).toContain("Paragraph 1 of the article");
    expect(pruned.content).toBe(whole.content);
  });

  it("keeps only the head and the page's one <article> when it holds most of the text, and the whole page when it is a teaser", () => {
    const story = `<article><h1>Derivatives</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</article>`;
    const promo = `<div class="promo-box"><p>Promotion text that is no part of the story.</p></div>`;
    const page = (article: string, rest: string) => `<!doctype html><html><head><title>Derivatives</title></head><body>${rest}${article}</body></html>`;
    const alone = prunePage(page(story, promo));
    expect(alone).toContain("<title>Derivatives</title>");
    expect(alone).toContain("Paragraph 6 of the article");
    expect(alone).not.toContain("Promotion text");
    expect(extractArticle(alone, "https://example.com/d").content).toContain("Paragraph 6 of the article");

    const teaser = `<article><p>Read next: integrals.</p></article>`;
    const body = `<div>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</div>`;
    const whole = prunePage(page(teaser, body));
    expect(whole).toContain("Paragraph 6 of the article");
    expect(whole).toContain("Read next: integrals.");
  });

  it("matches elements by name, not by prefix, and leaves a block alone when its extent is unsure", () => {
    const body = [
      `<nav-menu><p>A custom element whose name starts like nav.</p></nav-menu>`,
      `<div class="hidden-xs">Shown on wide screens.</div>`,
      `<div class="menu-item"><p>A menu that never closes.</p>`,
      `<p class="related">A paragraph may end without its close tag.</p>`,
    ].join("");
    const pruned = prunePage(`<html><head><title>t</title></head><body>${body}</body></html>`);
    for (const kept of ["custom element whose name", "Shown on wide screens.", "A menu that never closes.", "A paragraph may end"])
      expect(pruned).toContain(kept);
  });

  it("drops a furniture block with the blocks nested in it, and keeps what follows", () => {
    const pruned = prunePage(
      `<html><head><title>t</title></head><body><div id="sidebar"><div><div>Inner widget</div></div> Outer widget</div><p>Story text.</p></body></html>`,
    );
    expect(pruned).not.toContain("widget");
    expect(pruned).toContain("<p>Story text.</p>");
  });
});
