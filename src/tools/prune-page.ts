// Drops what an article never holds while the page streams through Workers' HTMLRewriter, before any
// DOM exists, so linkedom and Readability work on a far smaller document: scripts, styles, media and
// embeds, form controls, comments, hidden elements, and the page furniture Readability itself would
// discard (navigation, sidebars, footers, and blocks whose class or id reads like a menu, an ad or a
// comment thread: its own "unlikely candidate" rule, applied outside tables and code as it does).
// Selectors do the matching natively; JavaScript runs only for the elements they match, since a
// handler on every element costs more than it saves. Where HTMLRewriter does not exist (Node, in
// tests and benchmarks) the page passes through unchanged.

/** Never part of an article's text. JSON-LD stays: Readability reads the title and byline from it. */
const DROPPED = [
  "script:not([type='application/ld+json'])",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "object",
  "embed",
  "canvas",
  "video",
  "audio",
  "picture",
  "img",
  "source",
  "link",
  "button",
  "select",
  "textarea",
  "input",
  "nav",
  "aside",
  "footer",
  "[hidden]",
  "[style*='display:none' i]",
  "[style*='display: none' i]",
  "[aria-hidden='true']",
  "[role='navigation']",
  "[role='complementary']",
  "[role='contentinfo']",
  "[role='dialog']",
].join(",");

// Readability 0.6's REGEXPS.unlikelyCandidates, as words for attribute selectors, and its okMaybeItsACandidate.
const UNLIKELY_WORDS = [
  "-ad-",
  "ai2html",
  "banner",
  "breadcrumbs",
  "combx",
  "comment",
  "community",
  "cover-wrap",
  "disqus",
  "extra",
  "footer",
  "gdpr",
  "header",
  "legends",
  "menu",
  "related",
  "remark",
  "replies",
  "rss",
  "shoutbox",
  "sidebar",
  "skyscraper",
  "social",
  "sponsor",
  "supplemental",
  "ad-break",
  "agegate",
  "pagination",
  "pager",
  "popup",
  "yom-remote",
];
const UNLIKELY = UNLIKELY_WORDS.flatMap((w) => [`[class*='${w}' i]`, `[id*='${w}' i]`]).join(",");
const MAYBE = /and|article|body|column|content|main|mathjax|shadow/i;
/** Readability keeps unlikely-looking blocks inside these, and never drops these themselves. */
const KEPT = new Set(["html", "head", "body", "a", "main", "article", "table", "code"]);

type Rewriter = typeof HTMLRewriter;

export async function prunePage(html: string): Promise<string> {
  const Rewriter = (globalThis as { HTMLRewriter?: Rewriter }).HTMLRewriter;
  if (!Rewriter) return html;
  let sheltered = 0;
  const rewriter = new Rewriter()
    .on(DROPPED, { element: (e) => void e.remove() })
    .on("table, code", {
      element(e) {
        sheltered++;
        e.onEndTag(() => void sheltered--);
      },
    })
    .on(UNLIKELY, {
      element(e) {
        if (sheltered || KEPT.has(e.tagName) || e.removed) return;
        if (!MAYBE.test(`${e.getAttribute("class") ?? ""} ${e.getAttribute("id") ?? ""}`)) e.remove();
      },
    })
    .onDocument({ comments: (c) => void c.remove() });
  return rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
}
