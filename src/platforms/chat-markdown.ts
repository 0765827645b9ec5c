// The model writes Markdown; chats show their own markup. This renders Markdown in a chat's dialect
// (Telegram's HTML subset, Slack's mrkdwn) with marked's lexer and renderer hooks, block by block, so a
// long text can be cut between blocks. Math becomes Unicode where it is simple (tex-unicode.ts), else
// its source as code, and the result says so: the caller then links the page, where KaTeX renders it.
import { Marked, type RendererObject, type Tokens } from "marked";
import { mathExtensions } from "../../public/js/math-syntax.js";
import { texToUnicode } from "./tex-unicode";

/** How one chat writes each piece of a text; every string it gets is already in its markup, except `escape`'s. */
export interface ChatDialect {
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
}

export interface ChatText {
  /** Top-level blocks in the dialect, in order (join with a blank line). */
  blocks: string[];
  /** Some math could not be written as Unicode: its source is shown, and the page renders it. */
  complexMath: boolean;
}

const SAFE_LINK = /^(https?:|mailto:)/i;

/** A renderer for `dialect` (math is rendered by the extension, see renderForChat). */
function renderer(d: ChatDialect): RendererObject<string, string> {
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

/** Markdown → the chat's markup, one string per top-level block. */
export function renderForChat(markdown: string, dialect: ChatDialect): ChatText {
  const state = { complexMath: false };
  const math = (tex: string) => {
    const unicode = texToUnicode(tex);
    if (unicode !== null) return dialect.escape(unicode);
    state.complexMath = true;
    return dialect.code(tex);
  };
  const marked = new Marked<string, string>({ gfm: true, renderer: renderer(dialect), extensions: mathExtensions(math) });
  const tokens = marked.lexer(markdown);
  const blocks = tokens.map((token) => marked.parser(Object.assign([token], { links: tokens.links })).trim()).filter((block) => block.length > 0);
  return { blocks, complexMath: state.complexMath };
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
