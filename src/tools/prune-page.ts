// Drops what an article never holds while the page streams through Workers' HTMLRewriter, before any
// DOM exists, so linkedom and Readability work on a far smaller document: scripts, styles, media and
// embeds, form controls, comments, hidden elements, and the page furniture Readability itself would
// discard (navigation, sidebars, footers, and blocks whose class or id reads like a menu, an ad or a
// comment thread: its own "unlikely candidate" rule, applied outside tables and code as it does).
// Selectors do the matching natively; JavaScript runs only for the elements they match, since a
// handler on every element costs more than it saves. When the page has one <article> (or else one
// <main>, or one [itemprop=articleBody]) holding a good share of its text, only that block and the
// <head> go on: Readability's work grows with the document, and on such pages its choice is that
// block anyway. Where HTMLRewriter does not exist (Node, in tests and benchmarks) the page passes
// through unchanged.

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

/** Where an article may be marked up, in the order they are trusted; a kind counts only when the page has exactly one. */
const ARTICLE_BLOCKS = ["article", "main", "[itemprop='articleBody' i]"];
/**
 * The share of the page's text the block must hold to stand alone, and the least text (Readability's
 * own 500-character threshold): below either, a lone <article> may be a teaser card, so the whole
 * pruned page goes on. heise's article holds 0.31 of its page and extracts the same text alone.
 */
const ARTICLE_MIN_SHARE = 0.3;
const ARTICLE_MIN_CHARS = 500;

type Rewriter = typeof HTMLRewriter;

export async function prunePage(html: string): Promise<string> {
  const Rewriter = (globalThis as { HTMLRewriter?: Rewriter }).HTMLRewriter;
  if (!Rewriter) return html;
  let sheltered = 0;
  const marked = (i: number) => ({
    element(e: Element) {
      e.before(startMarker(i), { html: true });
      e.onEndTag((end) => void end.after(endMarker(i), { html: true }));
    },
  });
  const rewriter = ARTICLE_BLOCKS.reduce((r, selector, i) => r.on(selector, marked(i)), new Rewriter())
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
  const pruned = await rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
  return articleOnly(pruned) ?? pruned.replace(MARKER, "");
}

// The markers are comments HTMLRewriter inserts around each candidate block, after the comment
// handler (inserted content is not rewritten), so a page's own comments can never forge one.
const startMarker = (i: number) => `<!--article-block:${i}-->`;
const endMarker = (i: number) => `<!--/article-block:${i}-->`;
const MARKER = /<!--\/?article-block:\d-->/g;

/** The head and the one article block of `pruned`, when there is one that holds enough of the page's text. */
function articleOnly(pruned: string): string | null {
  const body = /<body\b[^>]*>/i.exec(pruned);
  if (!body) return null;
  const pageChars = textLength(pruned.slice(body.index));
  for (let i = 0; i < ARTICLE_BLOCKS.length; i++) {
    const from = pruned.indexOf(startMarker(i));
    const to = pruned.indexOf(endMarker(i));
    // Exactly one block of this kind survived the prune, whole.
    if (from < 0 || to < from || pruned.indexOf(startMarker(i), from + 1) >= 0) continue;
    const block = pruned.slice(from, to);
    const chars = textLength(block);
    if (chars < ARTICLE_MIN_CHARS || chars < ARTICLE_MIN_SHARE * pageChars) continue;
    return `${pruned.slice(0, body.index + body[0].length)}${block}</body></html>`.replace(MARKER, "");
  }
  return null;
}

/** Characters of text in an HTML fragment, roughly: tags and scripts (JSON-LD) out, runs of spaces as one. */
const textLength = (html: string) => html.replace(/<script[\s\S]*?<\/script>|<[^>]*>/gi, "").replace(/\s+/g, " ").length;
