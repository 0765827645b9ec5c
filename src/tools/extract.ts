// Readable article text from an HTML page: Mozilla Readability (Firefox Reader View's engine)
// over linkedom's DOM, then the article written as text (article-text.ts). Both libraries carry
// small speed patches (patches/, applied by patch-package on install).
import { Readability } from "@mozilla/readability";
import { DOMParser } from "linkedom";
import { CodedError } from "../lib/coded-error";
import { articleText, cleanLines } from "./article-text";
import { rewriteMarkup } from "./markup";
import { linkDensities, type WalkedNode } from "./link-densities";

export interface Article {
  title: string;
  byline?: string;
  /** Plain text with blank lines between blocks; headings as `#`, list items as `-`. */
  content: string;
  /** Characters of `content`. */
  length: number;
}

type DomNode = {
  /** An element's name as parsed or made (linkedom: lower case from the parser, as given to createElement). */
  localName: string;
  /** Settable, as in linkedom: a node moved from another parse is adopted (see adopt). */
  ownerDocument: unknown;
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
};
type DomDocument = DomNode & { title: string; body: DomNode | null; documentElement: DomNode | null };
type DomElement = DomNode & {
  /** Not a string on an SVG element. */
  className: unknown;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  children: ArrayLike<DomNode>;
  getElementsByTagName(name: string): ArrayLike<DomNode>;
  cloneNode(deep: true): DomElement;
  childNodes: ArrayLike<DomNode>;
  replaceChildren(...nodes: DomNode[]): void;
};

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * How deep a page's elements may nest (FETCH_MAX_DEPTH). Readability's work grows with the square of the
 * depth (a page of 4000 nested divs, 40 KB, took 12 s of CPU in Node; 500, 0.3 s), and its walks and ours
 * recurse. The corpus's deepest page nests 27 deep; a sloppy page's unclosed inline tags may nest far more.
 */
export const DEFAULT_MAX_DEPTH = 512;

/**
 * The article of `html` as text; `url` names the page when it has no title of its own. A page nested deeper
 * than `maxDepth` is refused (CodedError `page_too_deep`).
 */
export function extractArticle(html: string, url: string, maxDepth = DEFAULT_MAX_DEPTH): Article {
  const shelled = withDocumentShell(html);
  const doc = parse(shelled);
  const names = new Set<string>();
  if (doc.documentElement && !namesWithin(doc.documentElement, 1, maxDepth, names))
    throw new CodedError("page_too_deep", `the page nests its elements more than ${maxDepth} deep, too deep to extract its text`);
  // A noscript's content may become elements of any name (TextReadability's names).
  const article = readability(doc, shelled, names.has("noscript") ? null : names);
  if (article) return assemble(article.title, article.byline, articleText(article.content as DomNode), url);
  // Readability mutates the document it reads, so the fallback reads a fresh one.
  const page = parse(shelled);
  return assemble(page.title, null, page.body ? articleText(page.body) : "", url);
}

type Maybe = string | null | undefined;

function assemble(rawTitle: Maybe, rawByline: Maybe, content: string, url: string): Article {
  const byline = cleanLines(rawByline ?? "");
  return { title: cleanLines(rawTitle ?? "") || url, ...(byline ? { byline } : {}), content, length: content.length };
}

/** Readability for text alone, without the work whose results text never shows or that linkedom makes dear. */
class TextReadability extends Readability<DomNode> {
  /** Inner texts read while `_cleanConditionally` judges blocks, until it removes one (see there). */
  private texts: Map<DomNode, string> | undefined;
  /** The element names of the page as parsed; null when the page has a noscript, whose content Readability may turn into elements of any name. */
  private readonly names: Set<string> | null;

  constructor(doc: DomDocument, names: Set<string> | null) {
    super(doc as never, { serializer: (el: unknown) => el as DomNode, keepClasses: true });
    this.names = names;
  }

  /**
   * Readability walks the page or its article for elements of a few names, about a hundred times per page
   * on the corpus; a name the page never had, and that Readability never makes of other elements, is found
   * nowhere (test/tools/readability-skips-only-empty-lookups.test.ts).
   */
  _getAllNodesWithTag(node: DomNode, tagNames: string[]): ArrayLike<DomNode> {
    const names = this.names;
    if (names && tagNames.every((t) => !MADE_BY_READABILITY.has(t.toLowerCase()) && !names.has(t.toLowerCase()))) return [];
    return super._getAllNodesWithTag(node, tagNames);
  }

  /**
   * Readability reads a block's text five times to judge it (commas, link density, heading and text
   * density, length) and its links' and children's texts again for every block around them. Judging
   * changes nothing; only a removal does. So while it judges, each node's text is read once, and
   * forgotten whenever a block is removed.
   */
  _cleanConditionally(e: DomElement, tag: string): void {
    this.texts = new Map();
    try {
      super._cleanConditionally(e, tag);
    } finally {
      this.texts = undefined;
    }
  }

  _removeNodes(nodes: ArrayLike<DomNode>, filter?: (node: DomNode, i: number, nodes: ArrayLike<DomNode>) => boolean): void {
    const texts = this.texts;
    if (!texts || !filter) return super._removeNodes(nodes, filter);
    super._removeNodes(nodes, function (this: TextReadability, node, i, list) {
      const remove = filter.call(this, node, i, list);
      if (remove) texts.clear();
      return remove;
    });
  }

  _getInnerText(e: DomNode, normalizeSpaces = true): string {
    if (!this.texts || !normalizeSpaces) return super._getInnerText(e, normalizeSpaces);
    let text = this.texts.get(e);
    if (text === undefined) this.texts.set(e, (text = super._getInnerText(e, true)));
    return text;
  }

  /** Every candidate's link density in one walk of the page (link-densities.ts), not a walk of each candidate's text. */
  _getLinkDensities(candidates: DomNode[]): number[] {
    const root = this._doc.documentElement;
    const alone = (candidate: DomNode) => this._getLinkDensity(candidate);
    return root ? linkDensities(root, candidates, this.REGEXPS.hashUrl, alone) : candidates.map(alone);
  }

  /**
   * What Readability's `parse()` does to the page before its first attempt (`_grabArticle`), for a retry's
   * fresh copy of the body (restoredFromSource). Between these it only reads the page (JSON-LD, metadata).
   */
  prepare(): void {
    this._unwrapNoscriptImages(this._doc);
    this._removeScripts(this._doc);
    this._prepDocument();
  }

  /** The text keeps no links: resolving every link and image against the page (a URL parse each) is skipped. */
  _fixRelativeUris(): void {}

  /** The text keeps no styles or images, and nesting does not change it: these walks of the article are skipped. */
  _cleanStyles(): void {}
  _fixLazyImages(): void {}
  _simplifyNestedElements(): void {}

  /** Readability's byline rule with its cheap tests first: it read every element's whole text before looking at its attributes. */
  _isValidByline(node: DomElement, matchString: string): boolean {
    const itemprop = node.getAttribute("itemprop");
    if (node.getAttribute("rel") !== "author" && !itemprop?.includes("author") && !this.REGEXPS.byline.test(matchString)) return false;
    const length = (node.textContent ?? "").trim().length;
    return length > 0 && length < 100;
  }

  /** Readability's rule for an empty block, stopping at the first text instead of joining the block's whole text. */
  _isElementWithoutContent(node: DomElement): boolean {
    return (
      node.nodeType === ELEMENT_NODE &&
      !hasText(node) &&
      (!node.children.length || node.children.length === node.getElementsByTagName("br").length + node.getElementsByTagName("hr").length)
    );
  }

  /**
   * Readability's visibility rule, read from the style attribute: asking linkedom for `style` builds a
   * CSSStyleDeclaration (a Map behind a Proxy) for every element of the page.
   */
  _isProbablyVisible(node: DomElement): boolean {
    const style = node.getAttribute("style") ?? "";
    return (
      !INVISIBLE_STYLE.test(style) &&
      !node.hasAttribute("hidden") &&
      (node.getAttribute("aria-hidden") !== "true" || (typeof node.className === "string" && node.className.includes("fallback-image")))
    );
  }
}

/** Names Readability gives elements it makes or renames (createElement, _setNodeTag): a look for one always walks. */
const MADE_BY_READABILITY = new Set(["div", "p", "span", "h2", "img"]);

/**
 * Adds the lowercase names of `node`'s elements (its own included, at `level`) to `names`; false as soon as
 * one nests deeper than `maxDepth`, so the walk never recurses deeper than that.
 */
function namesWithin(node: DomNode, level: number, maxDepth: number, names: Set<string>): boolean {
  if (node.nodeType !== ELEMENT_NODE) return true;
  if (level > maxDepth) return false;
  names.add(node.nodeName.toLowerCase());
  for (let child = node.firstChild; child; child = child.nextSibling) if (!namesWithin(child, level + 1, maxDepth, names)) return false;
  return true;
}

/** True when some text below `node` is more than whitespace (what `textContent.trim()` would keep). */
function hasText(node: DomNode): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === TEXT_NODE ? /\S/.test(child.textContent ?? "") : hasText(child)) return true;
  }
  return false;
}

// Readability 0.6 (pinned) leaves these parts of its prototype undeclared; the overrides above use them.
declare module "@mozilla/readability" {
  interface Readability<T> {
    REGEXPS: { byline: RegExp; hashUrl: RegExp };
    _doc: { documentElement: WalkedNode | null };
    _unwrapNoscriptImages(doc: unknown): void;
    _removeScripts(doc: unknown): void;
    _prepDocument(): void;
    _getLinkDensity(element: T): number;
    _getAllNodesWithTag(node: T, tagNames: string[]): ArrayLike<T>;
    _cleanConditionally(e: unknown, tag: string): void;
    _removeNodes(nodes: ArrayLike<T>, filter?: (node: T, i: number, nodes: ArrayLike<T>) => boolean): void;
    _getInnerText(e: T, normalizeSpaces?: boolean): string;
  }
}

/** display: none or visibility: hidden as linkedom reads a declaration (the whole value, so `!important` does not count). */
const INVISIBLE_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:;|$)/i;

/**
 * Readability's article, or null when it finds none (a body of buttons and forms) or trips over
 * an odd page: then the whole body stands in, minus scripts and styles, which beats nothing.
 */
function readability(doc: DomDocument, html: string, names: Set<string> | null) {
  try {
    if (doc.body) restoredFromSource(doc.body as DomElement, html);
    const article = new TextReadability(doc, names).parse();
    return article?.content ? article : null;
  } catch {
    return null;
  }
}

/**
 * Before its first attempt Readability copies the whole body (its `innerHTML`), only to put it back for a
 * retry with looser rules, which 1 page in 25 of the corpus needs. No copy is made here: the first time it
 * puts the body back, the body is made again from the page (parsed afresh and prepared the way Readability
 * prepared it before its first attempt), and each time a clone of that goes in, moved over the way
 * linkedom's own `innerHTML` setter moves a parse's nodes.
 */
function restoredFromSource(body: DomElement, html: string): void {
  let prepared: DomElement | undefined;
  Object.defineProperty(body, "innerHTML", {
    get: () => "",
    set: () => {
      prepared ??= preparedBody(html);
      const nodes = Array.from(prepared.cloneNode(true).childNodes);
      for (const node of nodes) adopt(node, body.ownerDocument);
      body.replaceChildren(...nodes);
    },
  });
}

/** The page's body as Readability's first attempt found it: parsed again, then prepared as `parse()` prepares it. */
function preparedBody(html: string): DomElement {
  const doc = parse(html);
  new TextReadability(doc, null).prepare();
  return doc.body as DomElement;
}

/** A node and everything below it now belong to `doc` (they were parsed into another document). */
function adopt(node: DomNode, doc: unknown): void {
  node.ownerDocument = doc;
  for (let child = node.firstChild; child; child = child.nextSibling) adopt(child, doc);
}

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html") as unknown as DomDocument;

/**
 * linkedom is not an HTML5 parser: without explicit <html>, <head> and <body> it loses the body
 * (and the title), though browsers accept such pages. Rebuild the shell for them.
 */
function withDocumentShell(html: string): string {
  if (/<html[\s>]/i.test(html) && /<head[\s>]/i.test(html) && /<body[\s>]/i.test(html)) return html;
  let title: string | undefined;
  const body = rewriteMarkup(html, SHELL_TAG, ({ 0: tag, 1: titleTag, index }, elementEnd) => {
    const tagEnd = index + tag.length;
    if (!titleTag) return { text: "", end: tagEnd };
    const end = elementEnd("title", tagEnd);
    if (end < 0) return undefined;
    title ??= html.slice(tagEnd, html.lastIndexOf("<", end - 1));
    return { text: "", end };
  });
  return `<!doctype html><html><head><title>${title ?? ""}</title></head><body>${body}</body></html>`;
}

/** The tags of a document's shell, and a title (group 1) with its text. */
const SHELL_TAG = /<(?:!doctype|\/?(?:html|head|body)(?=[\s/>])|(title)(?=[\s/>]))[^<>]*>/gi;
