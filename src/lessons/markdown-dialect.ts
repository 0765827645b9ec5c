// Lesson Markdown in another markup: a chat's (Telegram's HTML subset, Slack's mrkdwn, src/platforms) or
// an Anki card's HTML (deck.ts). marked's lexer and renderer hooks render it block by block, so a long
// text can be cut between blocks; TeX (the page's delimiters, public/js/math-syntax.js) goes to the
// dialect's `math`.
import { Marked, type RendererObject, type Tokens } from "marked";
import { mathExtensions } from "../../public/js/math-syntax.js";

/** How one markup writes each piece of a text; every string it gets is already in its markup, except `escape`'s and `math`'s. */
export interface MarkdownDialect {
  escape(text: string): string;
  strong(inner: string): string;
  em(inner: string): string;
  del(inner: string): string;
  code(text: string): string;
  /** `href` as written (checked to be http(s) or mailto first). */
  link(inner: string, href: string): string;
  heading(inner: string): string;
  codeBlock(code: string, language: string | undefined): string;
  quote(inner: string): string;
  /** TeX source (without its delimiters); `display` for `$$…$$` and `\[…\]`. */
  math(tex: string, display: boolean): string;
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Plain HTML with the tags chats and Anki both read (escaping only &, < and >, and " in href); math as written. */
export const SIMPLE_HTML: MarkdownDialect = {
  escape: escapeHtml,
  strong: (inner) => `<b>${inner}</b>`,
  em: (inner) => `<i>${inner}</i>`,
  del: (inner) => `<s>${inner}</s>`,
  code: (text) => `<code>${escapeHtml(text)}</code>`,
  link: (inner, href) => `<a href="${escapeHtml(href).replaceAll('"', "&quot;")}">${inner}</a>`,
  heading: (inner) => `<b>${inner}</b>`,
  codeBlock: (code) => `<pre>${escapeHtml(code)}</pre>`,
  quote: (inner) => `<blockquote>${inner}</blockquote>`,
  math: (tex) => escapeHtml(tex),
};

const SAFE_LINK = /^(https?:|mailto:)/i;

/** A renderer for `dialect` (math is rendered by the extension, see renderInDialect). */
function renderer(d: MarkdownDialect): RendererObject<string, string> {
  return {
    space: () => "",
    code: ({ text, lang }) => d.codeBlock(text.replace(/\n$/, ""), lang?.split(/\s/)[0] || undefined),
    blockquote({ tokens }) {
      return d.quote(this.parser.parse(tokens).trim());
    },
    html: ({ text }) => d.escape(text),
    heading({ tokens }) {
      return d.heading(this.parser.parseInline(tokens));
    },
    hr: () => "———",
    list(token) {
      return token.items
        .map((item: Tokens.ListItem, i: number) => {
          const bullet = token.ordered ? `${Number(token.start || 1) + i}.` : "•";
          const check = item.task ? (item.checked ? "☑ " : "☐ ") : "";
          const body = this.parser.parse(item.tokens).trim();
          // Nested lists indent under their item.
          return `${bullet} ${check}${body.replace(/\n/g, "\n   ")}`;
        })
        .join("\n");
    },
    checkbox: () => "",
    paragraph({ tokens }) {
      return this.parser.parseInline(tokens);
    },
    table(token) {
      const row = (cells: Tokens.TableCell[]) => cells.map((c) => this.parser.parseInline(c.tokens)).join(" | ");
      return [row(token.header), ...token.rows.map(row)].join("\n");
    },
    strong({ tokens }) {
      return d.strong(this.parser.parseInline(tokens));
    },
    em({ tokens }) {
      return d.em(this.parser.parseInline(tokens));
    },
    codespan: ({ text }) => d.code(unescapeEntities(text)),
    br: () => "\n",
    del({ tokens }) {
      return d.del(this.parser.parseInline(tokens));
    },
    link({ href, tokens }) {
      const inner = this.parser.parseInline(tokens);
      return SAFE_LINK.test(href) ? d.link(inner, href) : inner;
    },
    image: ({ href, text }) => (SAFE_LINK.test(href) ? d.link(d.escape(text || href), href) : d.escape(text)),
    text(token) {
      return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : d.escape(unescapeEntities(token.text));
    },
  };
}

/** marked's lexer escapes &, <, >, " and ' in some text; the dialect escapes what it needs itself. */
const unescapeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? _);

/** Markdown in `dialect`, one string per top-level block. */
export function renderInDialect(markdown: string, dialect: MarkdownDialect): string[] {
  const marked = new Marked<string, string>({
    gfm: true,
    renderer: renderer(dialect),
    extensions: mathExtensions((tex, display) => dialect.math(tex, display)),
  });
  const tokens = marked.lexer(markdown);
  return tokens.map((token) => marked.parser(Object.assign([token], { links: tokens.links })).trim()).filter((block) => block.length > 0);
}

/** Blocks packed into messages of at most `limit` characters (a blank line between blocks); a longer block is cut by `split`. */
export function packBlocks(blocks: readonly string[], limit: number, split: (block: string, limit: number) => string[]): string[] {
  const messages: string[] = [];
  let current = "";
  for (const block of blocks) {
    for (const part of block.length > limit ? split(block, limit) : [block]) {
      if (current && current.length + 2 + part.length <= limit) current += `\n\n${part}`;
      else {
        if (current) messages.push(current);
        current = part;
      }
    }
  }
  if (current) messages.push(current);
  return messages;
}
