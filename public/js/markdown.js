// Markdown to HTML for lessons and answers, made safe to insert. The Markdown is untrusted (a model
// that read the web wrote it), so the HTML marked produces goes through DOMPurify, a maintained
// sanitizer that judges each URL as the browser will read it (entities decoded: `javascript&#58;` is
// `javascript:`). Raw HTML in the Markdown is shown as text, and images from other origins become links,
// so a lesson never loads anything the page's Content-Security-Policy would refuse.
import DOMPurify from "/vendor/purify.es.mjs";
import { Marked } from "/vendor/marked.esm.js";

export const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function sameOrigin(href) {
  try {
    return new URL(href, location.href).origin === location.origin;
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
    image({ href, text }) {
      // false: marked's own rendering. The link still goes through the sanitizer below.
      return sameOrigin(href) ? false : `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
  },
});

const PURIFY = { USE_PROFILES: { html: true }, FORBID_ATTR: ["style"], FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select"] };

/** Sanitized HTML, safe for innerHTML. */
export function renderMarkdown(markdown) {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false }), PURIFY);
}
