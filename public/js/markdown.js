// Markdown to HTML for lessons and answers, made safe to insert: raw HTML in the Markdown is shown as
// text (never parsed), and links or images with other schemes than http(s), mailto or relative ones
// (javascript:, data:) lose their URL.
import { Marked } from "/vendor/marked.esm.js";

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function isSafeUrl(href) {
  try {
    return SAFE_SCHEMES.has(new URL(href, location.href).protocol);
  } catch {
    return false;
  }
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      // false: marked's own rendering of a link we accept.
      return isSafeUrl(href) ? false : this.parser.parseInline(tokens);
    },
    image({ href, text }) {
      return isSafeUrl(href) ? false : escapeHtml(text);
    },
  },
});

export function renderMarkdown(markdown) {
  return marked.parse(markdown, { async: false });
}
