// Markdown as Telegram's HTML subset (https://core.telegram.org/bots/api#html-style): <b>, <i>, <s>,
// <code>, <pre><code class="language-…">, <a href>, <blockquote>; headings bold; only &, < and > escaped
// (and " inside href). Messages are cut between blocks to fit 4096 characters; a block longer than that
// is cut inside its text, closing its open tags and opening them again in the next message, so no
// message carries half a tag.
import { SIMPLE_HTML } from "../../lessons/markdown-dialect";
import { angleMarkup, replaceAngleMarkup } from "../angle-markup";
import { packBlocks, renderForChat, type ChatDialect, type ChatText } from "../chat-markdown";

const escape = SIMPLE_HTML.escape;

export const TELEGRAM_HTML: ChatDialect = {
  ...SIMPLE_HTML,
  codeBlock: (code, language) =>
    language && /^[\w+#-]+$/.test(language) ? `<pre><code class="language-${language}">${escape(code)}</code></pre>` : `<pre>${escape(code)}</pre>`,
};

export const telegramHtml = (markdown: string): ChatText => renderForChat(markdown, TELEGRAM_HTML);

/** The text a piece of our HTML shows: for re-sending it as plain text when Telegram refuses the markup. */
export function htmlToPlain(html: string): string {
  return withoutTags(html).replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/** `html` without anything from a `<` to the first `>` after it, as `<[^>]*>` removed them. */
const withoutTags = (html: string): string => replaceAngleMarkup(html, /^[^]*$/, () => "");

/** What stands between a tag's `<` and `>`: `/` when it closes, its name, then nothing or a space and attributes. */
const TAG_INSIDE = /^(\/?)([a-z]+)(?:\s[^]*)?$/;

/** A tag of our HTML: where it starts, the whole tag, whether it closes, its name. */
export interface HtmlTag {
  index: number;
  tag: string;
  close: boolean;
  name: string;
}

/** The tags of `html` in order, as `<(\/?)([a-z]+)(?:\s[^>]*)?>` found them. */
export const htmlTags = (html: string): HtmlTag[] =>
  angleMarkup(html, TAG_INSIDE).map(({ start, end, match }) => ({ index: start, tag: html.slice(start, end), close: match[1] === "/", name: match[2]! }));

/** Cuts one block of our HTML into pieces of at most `limit` characters, each with its tags balanced. */
function splitBlock(html: string, limit: number): string[] {
  const pieces: string[] = [];
  const open: { name: string; tag: string }[] = [];
  const closing = () =>
    open
      .map((t) => `</${t.name}>`)
      .reverse()
      .join("");
  let piece = "";
  const reopened = () => open.map((t) => t.tag).join("");
  const flush = () => {
    pieces.push(piece + closing());
    piece = reopened();
  };
  let at = 0;
  const parts: { text?: string; tag?: string; close?: boolean; name?: string }[] = [];
  for (const { index, tag, close, name } of htmlTags(html)) {
    if (index > at) parts.push({ text: html.slice(at, index) });
    parts.push({ tag, close, name });
    at = index + tag.length;
  }
  if (at < html.length) parts.push({ text: html.slice(at) });
  for (const p of parts) {
    if (p.tag !== undefined) {
      const grows = p.tag.length + (p.close ? 0 : p.name!.length + 3);
      if (piece.length + grows + closing().length > limit && piece !== reopened()) flush();
      piece += p.tag;
      if (p.close) open.pop();
      else open.push({ name: p.name!, tag: p.tag });
      continue;
    }
    let text = p.text!;
    while (piece.length + text.length + closing().length > limit) {
      const room = limit - piece.length - closing().length;
      // Cut at a space or newline, never inside an entity (&amp;) or a surrogate pair; a word is cut only
      // when it does not fit in a message of its own.
      let cut = Math.max(text.lastIndexOf("\n", room), text.lastIndexOf(" ", room));
      if (cut <= 0 && piece !== reopened()) {
        flush();
        continue;
      }
      if (cut <= 0) cut = room;
      const amp = text.lastIndexOf("&", cut);
      if (amp >= 0 && text.indexOf(";", amp) >= cut) cut = amp;
      if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut--;
      if (cut <= 0) {
        flush();
        continue;
      }
      piece += text.slice(0, cut);
      text = text.slice(cut).replace(/^[ \n]/, "");
      flush();
    }
    piece += text;
  }
  if (withoutTags(piece).trim()) pieces.push(piece + closing());
  return pieces;
}

/** Blocks packed into messages of at most `limit` characters, a block too long for one cut with its tags balanced. */
export const packHtml = (blocks: readonly string[], limit: number): string[] => packBlocks(blocks, limit, splitBlock);
