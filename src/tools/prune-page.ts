// Drops what an article never holds before any DOM exists, so linkedom and Readability work on a far
// smaller document: scripts, styles, media and embeds, form controls, comments, and the page furniture
// Readability itself would discard (navigation, sidebars, footers, hidden blocks, and blocks its
// "unlikely candidate" rule names), and runs of whitespace made one. When the page has one <article>
// (or else one <main>, or one [itemprop=articleBody]) holding a good share of its text, only that block
// and the <head> go on: Readability's work grows with the document, and on such pages its choice is
// that block anyway.
//
// Plain expressions over the markup, not Workers' HTMLRewriter: a rewriter removes an element only
// through a JavaScript callback, and on the corpus its prune costs 5.7 ms on the median page against
// 0.7 ms for this whole file (BENCHMARKS.md, "Extraction"). Elements are matched by name only, so a
// stray close tag may be left behind; parsers ignore those, as browsers do. A tag is read up to its
// first ">" and never across a "<", so no expression here scans past the next tag: each runs in time
// linear in the page (test/project/regexes-run-in-linear-time.test.ts).

import { elementEnds, rewriteMarkup } from "./markup";

/** Elements never part of an article's text, dropped with everything inside them. JSON-LD stays: Readability reads the title and byline from it. */
export const DROPPED_ELEMENTS = [
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "object",
  "canvas",
  "video",
  "audio",
  "picture",
  "button",
  "select",
  "textarea",
  "nav",
  "aside",
  "footer",
];
/** Elements without content that an article's text never needs. */
export const DROPPED_TAGS = ["img", "link", "source", "input", "embed", "track", "wbr"];

const NAME_END = "(?=[\\s/>])";
/** A comment, the start of a dropped element (its name, then its attributes) or a dropped tag. */
const DROPPED = new RegExp(`<(?:(!--)|(${DROPPED_ELEMENTS.join("|")})${NAME_END}([^<>]*)>|(?:${DROPPED_TAGS.join("|")})${NAME_END}[^<>]*>)`, "gi");
const JSON_LD = /type\s*=\s*["']?application\/ld\+json/i;

/** Where an article may be marked up, in the order they are trusted; a kind counts only when the page has exactly one. */
const ARTICLE_BLOCKS = [
  /<(article)(?=[\s/>])[^<>]*>/gi,
  /<(main)(?=[\s/>])[^<>]*>/gi,
  /<([a-z][\w-]*)(?=[\s/>])[^<>]*\bitemprop\s*=\s*["']?articleBody\b[^<>]*>/gi,
];
/**
 * The share of the page's text the block must hold to stand alone, and the least text (Readability's
 * own 500-character threshold): below either, a lone <article> may be a teaser card, so the whole
 * pruned page goes on.
 */
const ARTICLE_MIN_SHARE = 0.3;
const ARTICLE_MIN_CHARS = 500;

export function prunePage(html: string): string {
  const pruned = dropFurniture(dropElements(html));
  return collapseWhitespace(articleOnly(pruned) ?? pruned);
}

/** The page without comments and DROPPED_ELEMENTS (each up to its first close tag; one never closed stays) and DROPPED_TAGS. */
function dropElements(html: string): string {
  return rewriteMarkup(html, DROPPED, (match, elementEnd) => {
    const [open, comment, name, attributes] = match;
    const openEnd = match.index + open.length;
    if (!comment && !name) return { text: "", end: openEnd };
    const end = elementEnd(comment ?? name!, comment ? match.index + 4 : openEnd);
    if (end < 0) return undefined;
    return name?.toLowerCase() === "script" && JSON_LD.test(attributes!) ? { end } : { text: "", end };
  });
}

/** Elements whose whitespace is read as written: preformatted text, scripts (JSON-LD), styles and the title. */
const WHITESPACE_RUN = /<(pre|listing|xmp|textarea|script|style|title)(?=[\s/>])|[ \t\n\r\f]{2,}/gi;

/**
 * The body's runs of whitespace made one character, a line break where the run held one, as a browser
 * shows them: the source's indentation is often a third of a pruned page, and the parse, every text
 * Readability reads (it makes each run one space itself) and the text walk would carry it. A line
 * break stays so that text read line by line (a byline) keeps its lines. An element of WHITESPACE_RUN
 * never closed holds the rest of the page, as in a browser.
 */
function collapseWhitespace(html: string): string {
  const body = /<body\b/i.exec(html);
  if (!body) return html;
  const page = html.slice(body.index);
  const collapsed = rewriteMarkup(page, WHITESPACE_RUN, ({ 0: run, 1: name, index }, elementEnd) => {
    if (!name) return { text: run.includes("\n") ? "\n" : " ", end: index + run.length };
    const end = elementEnd(name, index + run.length);
    return { end: end < 0 ? page.length : end };
  });
  return html.slice(0, body.index) + collapsed;
}

// Readability 0.6's REGEXPS.unlikelyCandidates and okMaybeItsACandidate, matched against class and id as it does.
export const UNLIKELY_WORDS = [
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
const UNLIKELY = new RegExp(UNLIKELY_WORDS.join("|"), "i");
export const MAYBE = /and|article|body|column|content|main|mathjax|shadow/i;
const HIDDEN =
  /^(?:hidden(?:\s*=|$)|aria-hidden\s*=\s*["']?true\b|style\s*=\s*["'][^"']*(?:display\s*:\s*none|visibility\s*:\s*hidden)|role\s*=\s*["']?(?:menu|menubar|complementary|navigation|alert|alertdialog|dialog)\b)/i;
/**
 * Blocks whose close tag is never implied, so the block's extent is certain from the markup alone
 * (a <p> or <li> may end without one; removing such a block could take the rest of the page with it).
 */
const BLOCK_TAGS = "div|section|header|ul|ol|dl|form|figure|details|span";
const BLOCK_START = new RegExp(`<(${BLOCK_TAGS})(?=[\\s/>])([^<>]*)>|<(\\/?)(table|code|pre)(?=[\\s/>])[^<>]*>`, "gi");
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/**
 * Drops the blocks Readability would discard unread: hidden ones, and those whose class or id reads like
 * a menu, an ad or a comment thread (its "unlikely candidate" rule), except inside tables and code, as it
 * does, and inside <pre> too (a code listing is never furniture).
 */
function dropFurniture(html: string): string {
  const ends = new Map<string, (start: number, from: number) => number>();
  const endOf = (name: string, start: number, from: number) => {
    let end = ends.get(name);
    if (!end) ends.set(name, (end = elementEnds(html, name)));
    return end(start, from);
  };
  let out = "";
  let copiedTo = 0;
  let sheltered = 0;
  BLOCK_START.lastIndex = 0;
  for (let tag = BLOCK_START.exec(html); tag; tag = BLOCK_START.exec(html)) {
    if (tag[4]) {
      sheltered = Math.max(0, sheltered + (tag[3] ? -1 : 1));
      continue;
    }
    if (sheltered || !isFurniture(tag[2]!)) continue;
    const end = endOf(tag[1]!.toLowerCase(), tag.index, tag.index + tag[0].length);
    if (end < 0) continue;
    out += html.slice(copiedTo, tag.index);
    copiedTo = end;
    BLOCK_START.lastIndex = end;
  }
  return copiedTo ? out + html.slice(copiedTo) : html;
}

function isFurniture(attributes: string): boolean {
  if (!attributes.trim()) return false;
  let names = "";
  for (const a of attributes.matchAll(ATTRIBUTE)) {
    const name = a[1]!.toLowerCase();
    if (HIDDEN.test(a[0])) return true;
    if (name === "class" || name === "id") names += ` ${a[2] ?? a[3] ?? a[4] ?? ""}`;
  }
  return UNLIKELY.test(names) && !MAYBE.test(names);
}

/** The head and the one article block of `pruned`, when there is one that holds enough of the page's text. */
function articleOnly(pruned: string): string | null {
  const body = /<body\b[^<>]*>/i.exec(pruned);
  if (!body) return null;
  // The page's text is measured only for a block with enough text of its own.
  let pageChars: number | undefined;
  for (const kind of ARTICLE_BLOCKS) {
    const starts = [...pruned.matchAll(kind)];
    if (starts.length !== 1) continue;
    const start = starts[0]!;
    const end = elementEnds(pruned, start[1]!)(start.index, start.index + start[0].length);
    if (end < 0) continue;
    const block = pruned.slice(start.index, end);
    const chars = textLength(block);
    if (chars < ARTICLE_MIN_CHARS || chars < ARTICLE_MIN_SHARE * (pageChars ??= textLength(pruned.slice(body.index)))) continue;
    return `${pruned.slice(0, body.index + body[0].length)}${block}</body></html>`;
  }
  return null;
}

const SCRIPT = /<script(?=[\s/>])/gi;

/** Characters of text in an HTML fragment, roughly: scripts (JSON-LD) and tags out, runs of spaces as one. */
const textLength = (html: string) =>
  rewriteMarkup(html, SCRIPT, ({ index }, elementEnd) => {
    const end = elementEnd("script", index + "<script".length);
    return end < 0 ? undefined : { text: "", end };
  })
    .replace(/<[^<>]*>/g, "")
    .replace(/\s+/g, " ").length;
